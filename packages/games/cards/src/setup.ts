import { isSeed, isSeeding, seedRng, seededSource, shuffle, type SeatRange, type Seed, type Seeding } from "@bang/game-core";
import { settle } from "./flow.js";
import { CARD_IDS, isCardId } from "./rules/deck.js";
import { startTurn } from "./rules/turn.js";
import { CHARACTER_LIFE, CHARACTERS, ROLES, type CardId, type Character, type GameState, type PlayerId, type PlayerState, type Role, type RuleError } from "./types.js";

/** E1.1, E1.2: the roles dealt for each player count (8 only with the option `eightPlayers`). */
export const ROLES_BY_COUNT: Readonly<Record<number, readonly Role[]>> = {
  4: ["sheriff", "renegade", "outlaw", "outlaw"],
  5: ["sheriff", "renegade", "outlaw", "outlaw", "deputy"],
  6: ["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy"],
  7: ["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"],
  8: ["sheriff", "renegade", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"],
};

/** One seat of a new table, or of a chosen position (SCENARIOS-cards.md `setup.players`). */
export interface SeatSetup {
  id: PlayerId;
  /** All seats give a role, or none does (then roles are dealt, E1.3). */
  role?: Role | undefined;
  /** A fixed character; other seats get distinct random ones (E1.4). */
  character?: Character | undefined;
  /** Life, default the maximum (E1.4). */
  life?: number | undefined;
  /** `false`: eliminated before the position (role revealed, life 0, no cards). */
  alive?: boolean | undefined;
  /** Hand in hand order (positions only: with `deck`). */
  hand?: CardId[] | undefined;
  /** Cards in play in the order they were put in play (positions only). */
  inPlay?: CardId[] | undefined;
}

/**
 * A new table (seats, seed, options: the deal is random) or a chosen position (`deck` given: the piles,
 * hands and play areas are as listed and the cards listed nowhere are out of the game).
 */
export interface GameSetup {
  players: SeatSetup[];
  seed?: Seed | undefined;
  seeding?: Seeding | undefined;
  options?: { eightPlayers?: boolean | undefined } | undefined;
  /** Draw pile, top first (a position). */
  deck?: CardId[] | undefined;
  /** Discard pile, bottom first (a position). */
  discard?: CardId[] | undefined;
  /** Forced draw piles of the reshuffles to come (E2.5), in order (scenarios). */
  reshuffles?: CardId[][] | undefined;
  /** Whose turn it is, default the sheriff (E1.7). */
  turn?: PlayerId | undefined;
  /** `turnStart` (default: the checks of E3.1 run at once) or `play` (phase 2, drawn already). */
  phase?: "turnStart" | "play" | undefined;
  /** BANG! cards played this turn when `phase` is `play` (default 0). */
  bangsPlayed?: number | undefined;
}

/** A new game's state, or INVALID_SETUP naming the field. */
export type SetupResult = { ok: true; state: GameState } | { ok: false; error: RuleError };

const invalid = (message: string): SetupResult => ({ ok: false, error: { code: "INVALID_SETUP", message } });
const sorted = (list: readonly string[]) => [...list].sort().join(",");

/** E1.1, E1.2: the players a game deals for: 4 to 7, or 4 to 8 with the option `eightPlayers`. */
export function playerCounts(options: { eightPlayers?: boolean | undefined } | undefined): SeatRange {
  return { min: 4, max: options?.eightPlayers === true ? 8 : 7 };
}

/**
 * Deals a game (E1): roles at random unless all given (E1.1, E1.2, E1.3), distinct characters (E1.4),
 * life = bullets (+1 for the sheriff), the 80 cards shuffled and dealt one per life point (E1.6), the
 * sheriff's turn first (E1.7); or builds the chosen position of a scenario. Refuses INVALID_SETUP for a
 * wrong player count, a role split that breaks E1.1/E1.2, a repeated id, character or card, an
 * unknown card, life outside 1..max, or an eliminated sheriff.
 */
export function createGame(setup: GameSetup): SetupResult {
  if (setup === null || typeof setup !== "object" || !Array.isArray(setup.players)) return invalid("players: a setup lists its seats");
  const eight = setup.options?.eightPlayers === true;
  const seats = setup.players;
  const { min, max } = playerCounts(setup.options);
  if (seats.length < min || seats.length > max) return invalid(`players: ${min} to ${max} players (E1.1${eight ? ", E1.2" : ""}), got ${seats.length}`);
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return invalid("seed: a 32-bit signed integer or 64 lower-case hex digits");
  if (!isSeeding(setup.seeding)) return invalid(`seeding: must be "mixed" or absent`);
  const ids = seats.map((s) => s.id);
  if (new Set(ids).size !== ids.length || ids.some((id) => typeof id !== "string" || id === "")) return invalid("players[].id: ids are distinct non-empty strings");

  let rng = seedRng(seed, setup.seeding);
  const expected = ROLES_BY_COUNT[seats.length]!;
  let roles: Role[];
  const given = seats.filter((s) => s.role !== undefined).length;
  if (given === 0) {
    const dealt = shuffle(rng, expected);
    roles = dealt.items;
    rng = dealt.rng;
  } else if (given === seats.length) {
    roles = seats.map((s) => s.role!);
    if (roles.some((r) => !ROLES.includes(r)) || sorted(roles) !== sorted(expected)) return invalid(`players[].role: ${seats.length} players take ${expected.join(", ")} (E1.1, E1.2)`);
  } else return invalid("players[].role: give every seat a role, or none");

  const fixed = seats.map((s) => s.character).filter((c): c is Character => c !== undefined);
  if (fixed.some((c) => !(c in CHARACTER_LIFE))) return invalid("players[].character: unknown character");
  if (new Set(fixed).size !== fixed.length) return invalid("players[].character: characters are distinct (E1.4)");
  const open = shuffle(rng, CHARACTERS.filter((c) => !fixed.includes(c)));
  rng = open.rng;
  let nextOpen = 0;

  const position = setup.deck !== undefined;
  const players: PlayerState[] = [];
  for (const [i, s] of seats.entries()) {
    const role = roles[i]!;
    const character = s.character ?? open.items[nextOpen++]!;
    const maxLife = CHARACTER_LIFE[character] + (role === "sheriff" ? 1 : 0);
    const alive = s.alive ?? true;
    const life = alive ? (s.life ?? maxLife) : 0;
    if (!Number.isInteger(life) || (alive && (life < 1 || life > maxLife))) return invalid(`players[${i}].life: 1..${maxLife} for this seat`);
    if (!alive && (s.life ?? 0) !== 0) return invalid(`players[${i}].life: an eliminated player has 0 life`);
    if (!position && (s.hand !== undefined || s.inPlay !== undefined)) return invalid(`players[${i}].hand: hands and play areas are given only with a deck (a position)`);
    if (!alive && ((s.hand?.length ?? 0) > 0 || (s.inPlay?.length ?? 0) > 0)) return invalid(`players[${i}].hand: an eliminated player has no cards`);
    players.push({ id: s.id, role, character, life, maxLife, alive, hand: [...(s.hand ?? [])], inPlay: [...(s.inPlay ?? [])] });
  }

  let deck: CardId[];
  let discard: CardId[] = [];
  if (position) {
    deck = [...setup.deck!];
    discard = [...(setup.discard ?? [])];
    const all = [...deck, ...discard, ...players.flatMap((p) => [...p.hand, ...p.inPlay])];
    const bad = all.find((c) => !isCardId(c));
    if (bad !== undefined) return invalid(`deck: unknown card ${JSON.stringify(bad)} (E2.1)`);
    if (new Set(all).size !== all.length) return invalid("deck: a card appears twice across hands, play areas and piles");
  } else {
    if (setup.discard !== undefined) return invalid("discard: give a deck too (a position)");
    const dealt = shuffle(rng, CARD_IDS);
    rng = dealt.rng;
    deck = dealt.items;
    for (const p of players) if (p.alive) p.hand = deck.splice(0, p.life);
  }

  const sheriff = players.find((p) => p.role === "sheriff")!;
  if (!sheriff.alive) return invalid("players[].alive: the game is over when the sheriff is eliminated (E9.1)");
  const turnId = setup.turn ?? sheriff.id;
  const turn = players.findIndex((p) => p.id === turnId);
  if (turn < 0 || !players[turn]!.alive) return invalid(`turn: "${turnId}" is not a player still in the game`);

  const state: GameState = {
    stateId: 0,
    players,
    deck,
    discard,
    turn,
    turnNumber: 0,
    phase: "turnStart",
    bangsPlayed: 0,
    pending: [],
    winner: null,
    eightPlayers: eight,
    reshuffles: (setup.reshuffles ?? []).map((r) => [...r]),
    rng,
  };
  const ctx = { s: state, random: seededSource, events: [] };
  startTurn(ctx, turn);
  if (setup.phase === "play") {
    state.pending = [];
    state.phase = "play";
    state.bangsPlayed = setup.bangsPlayed ?? 0;
  }
  settle(ctx);
  return { ok: true, state };
}
