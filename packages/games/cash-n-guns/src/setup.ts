import { drawIndex, isSeed, isSeeding, seedRng, type Seed, type Seeding } from "@bang/game-core";
import { BULLET_SET } from "./rules/bullets.js";
import { DEADLY_WOUNDS } from "./rules/effects.js";
import { dealPiles, isLootCard, lootBox, overBox, PILE_SIZE, ROUNDS } from "./rules/loot.js";
import { startRound } from "./flow.js";
import type { BulletCount, CngEvent, CngPlayer, CngState, LootCard, PlayerId, RuleError } from "./types.js";

/** One seat of a new table, or of a chosen position (scenarios, tests). */
export interface CngSeatSetup {
  id: PlayerId;
  /** Default true; a dead player (F4.5) has 3 wounds, no hand, and keeps their loot (F10.5). */
  alive?: boolean | undefined;
  /** Default 0; 0 to 2 for a living player. */
  wounds?: number | undefined;
  /** The hand at the start of `round`: 9 − round cards (F3.4); default 5 `click` + 3 `bang`, round 1 only. */
  hand?: BulletCount | undefined;
  /** Loot collected before (default none); no clip or first aid kit (F6.3). */
  loot?: LootCard[] | undefined;
}

/** The table options the game owns: powers (F11) are refused until part F writes them (F11.3). */
export interface CngOptions {
  powers?: boolean | undefined;
}

/**
 * A new table (players and seed), or a chosen position: the round, the Godfather, each seat's wounds,
 * hand and loot, and the loot piles of the rounds from `round` on (missing piles are dealt from the
 * seed out of the cards left in the box).
 */
export interface CngSetup {
  /** 4 to 8 seats, clockwise (F1.1, F2.1), dead ones included. */
  players: CngSeatSetup[];
  seed?: Seed | undefined;
  seeding?: Seeding | undefined;
  /** The round being played, 1 to 8 (default 1). */
  round?: number | undefined;
  /** The Godfather (alive); default drawn from the seed among the living (F2.4, F10.20). */
  godfather?: PlayerId | undefined;
  /** Piles of rounds `round`, `round` + 1, ..., 8 cards each (F2.3). */
  lootPiles?: LootCard[][] | undefined;
  options?: CngOptions | undefined;
}

/** A dealt game, or the refusal of its setup (INVALID_SETUP naming the field). */
export type CngSetupResult = { ok: true; state: CngState } | { ok: false; error: RuleError };

const invalid = (message: string): CngSetupResult => ({ ok: false, error: { code: "INVALID_SETUP", message } });
const SETUP_FIELDS = new Set(["players", "seed", "seeding", "round", "godfather", "lootPiles", "options"]);
const SEAT_FIELDS = new Set(["id", "alive", "wounds", "hand", "loot"]);
const isCount = (n: unknown, max: number): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;

/** Builds one seat (F2.2 or a chosen position), or the message of what is wrong with it. */
function seatOf(seat: CngSeatSetup, i: number, round: number): CngPlayer | string {
  if (seat === null || typeof seat !== "object") return `players[${i}]: must be an object with an id`;
  if (typeof seat.id !== "string" || seat.id.length === 0 || seat.id.length > 64) return `players[${i}].id: must be a string of 1 to 64 characters`;
  for (const field of Object.keys(seat)) if (!SEAT_FIELDS.has(field)) return `players[${i}].${field}: not part of a Ca$h 'n Guns seat`;
  const alive = seat.alive ?? true;
  if (typeof alive !== "boolean") return `players[${i}].alive: must be a boolean`;
  const loot = seat.loot ?? [];
  if (!Array.isArray(loot) || !loot.every(isLootCard)) return `players[${i}].loot: must be a list of loot card ids (F1.3)`;
  if (loot.some((c) => c === "clip" || c === "first_aid_kit")) return `players[${i}].loot: clips and first aid kits are used up when taken (F6.3)`;
  if (!alive) {
    if (seat.hand !== undefined) return `players[${i}].hand: a dead player has no hand (F4.5)`;
    if (seat.wounds !== undefined && seat.wounds !== DEADLY_WOUNDS) return `players[${i}].wounds: a dead player has 3 wounds (F4.5)`;
    return newSeat(seat.id, false, DEADLY_WOUNDS, "dead", { click: 0, bang: 0 }, { click: 0, bang: 0 }, loot.slice());
  }
  const wounds = seat.wounds ?? 0;
  if (!isCount(wounds, DEADLY_WOUNDS - 1)) return `players[${i}].wounds: 0 to 2 for a living player (F4.5)`;
  if (seat.hand === undefined && round !== 1) return `players[${i}].hand: give the hand after round 1 (9 − round cards, F3.4)`;
  const hand = seat.hand ?? { ...BULLET_SET };
  if (hand === null || typeof hand !== "object" || !isCount(hand.click, BULLET_SET.click) || !isCount(hand.bang, BULLET_SET.bang)) return `players[${i}].hand: {click: 0..5, bang: 0..3} (F1.4)`;
  if (Object.keys(hand).some((k) => k !== "click" && k !== "bang")) return `players[${i}].hand: only click and bang`;
  if (hand.click + hand.bang !== ROUNDS + 1 - round) return `players[${i}].hand: ${hand.click + hand.bang} cards, but a player holds 9 − round = ${ROUNDS + 1 - round} at the start of round ${round} (F3.4)`;
  const discard = { click: BULLET_SET.click - hand.click, bang: BULLET_SET.bang - hand.bang };
  return newSeat(seat.id, true, wounds, "standing", { click: hand.click, bang: hand.bang }, discard, loot.slice());
}

/** A seat before its first choice, its fields in the order of every later copy (apply.ts `copySeat`): one object shape for V8. */
function newSeat(id: PlayerId, alive: boolean, wounds: number, status: CngPlayer["status"], hand: BulletCount, discard: BulletCount, loot: LootCard[]): CngPlayer {
  return { id, alive, wounds, status, hand, discard, loot, bullet: null, shown: false, aimed: false, aim: null, courage: null, woundedNow: false };
}

/**
 * F1, F2: deals a game and lays out the first round's loot (F3.2): the state waits in `bullet_choice`.
 * The piles are the given `lootPiles`, then piles dealt from the seeded generator out of the cards left
 * in the box (F2.3); the first Godfather is `godfather` or drawn from the generator (F2.4). Refuses with
 * INVALID_SETUP, naming the field: fewer than 4 or more than 8 seats (F1.1, F10.19), powers (F11.3), a
 * repeated id, a bad round, wounds, hand or loot, a pile not of 8 loot cards, more cards of a kind than
 * the box holds (F1.3), fewer than 2 living players, or a dead or unknown Godfather.
 */
export function createCashNGuns(setup: CngSetup): CngSetupResult {
  if (setup === null || typeof setup !== "object") return invalid("setup: must be an object with players");
  for (const field of Object.keys(setup)) if (!SETUP_FIELDS.has(field)) return invalid(`${field}: not part of a Ca$h 'n Guns setup`);
  const options = setup.options ?? {};
  if (options === null || typeof options !== "object") return invalid("options: must be an object");
  for (const field of Object.keys(options)) if (field !== "powers") return invalid(`options.${field}: not an option of Ca$h 'n Guns`);
  if (options.powers === true) return invalid("options.powers: power cards (F11) are not part of this module yet (F11.3)");
  const seats = setup.players;
  if (!Array.isArray(seats) || seats.length < 4 || seats.length > 8) return invalid(`players: Ca$h 'n Guns takes 4 to 8 players (F1.1, F10.19), got ${Array.isArray(seats) ? seats.length : "none"}`);
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return invalid(`seed: must be a 32-bit signed integer or 64 lower-case hex digits, got ${JSON.stringify(seed)}`);
  if (!isSeeding(setup.seeding)) return invalid(`seeding: must be "mixed" or absent, got ${JSON.stringify(setup.seeding)}`);
  const round = setup.round ?? 1;
  if (!Number.isInteger(round) || round < 1 || round > ROUNDS) return invalid(`round: 1 to 8 (F3.1), got ${String(setup.round)}`);

  const players: CngPlayer[] = [];
  for (const [i, seat] of seats.entries()) {
    const built = seatOf(seat, i, round);
    if (typeof built === "string") return invalid(built);
    if (players.some((p) => p.id === built.id)) return invalid(`players[${i}].id: "${built.id}" is used twice`);
    players.push(built);
  }
  const alive = players.filter((p) => p.alive);
  if (alive.length < 2) return invalid("players: at least 2 living players (with one, the game is over: F7.1)");

  const given = setup.lootPiles ?? [];
  if (!Array.isArray(given) || given.length > ROUNDS + 1 - round) return invalid(`lootPiles: at most ${ROUNDS + 1 - round} piles, one per round left`);
  for (const [k, pile] of given.entries()) {
    if (!Array.isArray(pile) || pile.length !== PILE_SIZE || !pile.every(isLootCard)) return invalid(`lootPiles[${k}]: a pile is 8 loot card ids (F2.3)`);
  }
  const used = [...given.flat(), ...players.flatMap((p) => p.loot)];
  const over = overBox(used);
  if (over.length > 0) return invalid(`lootPiles: ${over.map((o) => `${o.count} ${o.card}`).join(", ")}: more than the box holds (F1.3)`);

  let rng = seedRng(seed, setup.seeding);
  const left = lootBox();
  for (const card of used) left.splice(left.indexOf(card), 1);
  const missing = ROUNDS + 1 - round - given.length;
  if (left.length < missing * PILE_SIZE) return invalid(`lootPiles: only ${left.length} cards are left in the box for ${missing} more piles`);
  const dealt = dealPiles(rng, left, missing);
  rng = dealt.rng;
  const piles = [...given.map((p) => p.slice()), ...dealt.piles];

  let godfather: PlayerId;
  if (setup.godfather === undefined) {
    const drawn = drawIndex(rng, alive.length);
    godfather = alive[drawn.index]!.id;
    rng = drawn.rng;
  } else {
    const g = players.find((p) => p.id === setup.godfather);
    if (!g) return invalid(`godfather: no player "${setup.godfather}"`);
    if (!g.alive) return invalid(`godfather: "${setup.godfather}" is dead; the Godfather must be alive`);
    godfather = g.id;
  }

  const state: CngState = {
    stateId: 0,
    round,
    phase: "loot",
    players,
    godfather,
    piles,
    table: [],
    tile: "available",
    tileTaker: null,
    order: null,
    shareTurn: null,
    scoring: null,
    winner: null,
    rng,
  };
  const events: CngEvent[] = [];
  startRound(state, events);
  return { ok: true, state };
}
