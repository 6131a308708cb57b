import { isSeed, isSeeding, seedRng, shuffle, type Seed, type Seeding } from "@bang/game-core";
import { CHARACTER_LIFE, CHARACTERS, ROLES, type Character, type GameState, type PlayerId, type PlayerState, type Role, type RuleError } from "./types.js";
import { TOTAL_ARROWS } from "./rules/arrows.js";
import { startTurn } from "./rules/turn.js";

/** R1.1: the roles dealt for each player count; 3 players is part C (R7.1). */
export const ROLES_BY_COUNT: Readonly<Record<number, readonly Role[]>> = {
  3: ["deputy", "outlaw", "renegade"],
  4: ["sheriff", "renegade", "outlaw", "outlaw"],
  5: ["sheriff", "renegade", "outlaw", "outlaw", "deputy"],
  6: ["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy"],
  7: ["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"],
  8: ["sheriff", "renegade", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"],
};

/** One seat of a new table. Omitted fields are dealt (role, character) or take their defaults. */
export interface SeatSetup {
  id: PlayerId;
  /** All seats give a role, or none does (then roles are dealt at random, R1.2). */
  role?: Role | undefined;
  /** A fixed character; seats without one get a distinct random character (R1.3). */
  character?: Character | undefined;
  /** Starting life, default the maximum (a position set up for a scenario or a test). */
  life?: number | undefined;
  /** Arrows held at the start, default 0. */
  arrows?: number | undefined;
  /** `false`: eliminated before the game starts (role revealed, no arrows). */
  alive?: boolean | undefined;
}

/** A new table, or a chosen position (SCENARIOS.md `setup`). */
export interface GameSetup {
  /** 3 to 8 seats, clockwise (R1.4). */
  players: SeatSetup[];
  /**
   * Seed of the game's generator, default 0: a 32-bit integer (xoroshiro128+, not secret), or 64 hex
   * digits, a 256-bit key (ChaCha20: nothing a player sees tells the deal or the next dice). See Seed.
   */
  seed?: Seed | undefined;
  /** How a number seed becomes the generator's state (game-core SEEDINGS); absent: as dealt before it existed. */
  seeding?: Seeding | undefined;
  /** Default: 9 minus the arrows held (R1.5). */
  arrowsInPile?: number | undefined;
  /** Whose turn starts, default the sheriff (the deputy with 3 players, R7.2). */
  turn?: PlayerId | undefined;
  /** The table options of the game: none (an empty object). */
  options?: Record<string, never> | undefined;
}

export type SetupResult = { ok: true; state: GameState } | { ok: false; error: RuleError };

const invalid = (message: string): SetupResult => ({ ok: false, error: { code: "INVALID_SETUP", message } });

/** The fields a setup may give (GameSetup). */
const SETUP_FIELDS = new Set(["players", "seed", "seeding", "arrowsInPile", "turn", "options"]);
/** The fields a seat of the setup may give (SeatSetup). */
const SEAT_FIELDS = new Set(["id", "role", "character", "life", "arrows", "alive"]);

/**
 * Builds the state at the start of the first turn, before the first roll. Deals roles and characters
 * with the seeded generator when the setup leaves them open. Refuses (INVALID_SETUP, naming the field)
 * a wrong player count (R1.1), an unknown role or character, roles that break R1.1, a repeated id or
 * character (R1.3), life outside 1..max, or arrows that break R1.5.
 */
export function createGame(setup: GameSetup): SetupResult {
  if (setup === null || typeof setup !== "object") return invalid("setup: must be an object with players");
  for (const field of Object.keys(setup)) if (!SETUP_FIELDS.has(field)) return invalid(`${field}: not a setup field of the dice game (${[...SETUP_FIELDS].join(", ")})`);
  if (setup.options !== undefined && (setup.options === null || typeof setup.options !== "object" || Object.keys(setup.options).length > 0)) {
    return invalid(`options: the dice game has no table options, got ${JSON.stringify(setup.options)}`);
  }
  const seats = setup.players;
  if (!Array.isArray(seats) || seats.length < 3 || seats.length > 8) {
    return invalid(`players: a table has 3 to 8 players (R1.1), got ${Array.isArray(seats) ? seats.length : "none"}`);
  }
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return invalid(`seed: must be a 32-bit signed integer (-2^31 to 2^31-1) or 64 lower-case hex digits (a 256-bit key), got ${JSON.stringify(seed)}`);
  if (!isSeeding(setup.seeding)) return invalid(`seeding: must be "mixed" or absent, got ${JSON.stringify(setup.seeding)}`);

  const ids = new Set<string>();
  for (const [i, seat] of seats.entries()) {
    if (seat === null || typeof seat !== "object") return invalid(`players[${i}]: must be an object with an id`);
    if (typeof seat.id !== "string" || seat.id.length === 0) return invalid(`players[${i}].id: must be a non-empty string`);
    if (ids.has(seat.id)) return invalid(`players[${i}].id: "${seat.id}" is used twice`);
    ids.add(seat.id);
    for (const field of Object.keys(seat)) {
      if (!SEAT_FIELDS.has(field)) return invalid(`players[${i}].${field}: not a seat field of the dice game (${[...SEAT_FIELDS].join(", ")})`);
    }
    if (seat.role !== undefined && !(ROLES as readonly string[]).includes(seat.role)) {
      return invalid(`players[${i}].role: unknown role "${seat.role}" (one of ${ROLES.join(", ")})`);
    }
    if (seat.character !== undefined && !(seat.character in CHARACTER_LIFE)) {
      return invalid(`players[${i}].character: unknown character "${seat.character}"`);
    }
  }

  let rng = seedRng(seed, setup.seeding);
  const expectedRoles = ROLES_BY_COUNT[seats.length]!;
  let roles: Role[];
  const given = seats.filter((s) => s.role !== undefined).length;
  if (given === 0) {
    const dealt = shuffle(rng, expectedRoles);
    roles = dealt.items;
    rng = dealt.rng;
  } else if (given === seats.length) {
    roles = seats.map((s) => s.role!);
    const sorted = (list: readonly Role[]) => [...list].sort().join(",");
    if (sorted(roles) !== sorted(expectedRoles)) {
      return invalid(`players[].role: ${seats.length} players take ${expectedRoles.join(", ")} (R1.1), got ${roles.join(", ")}`);
    }
  } else {
    return invalid("players[].role: give every seat a role, or none (roles are then dealt)");
  }

  const fixed = seats.map((s) => s.character).filter((c): c is Character => c !== undefined);
  const repeated = fixed.find((c, i) => fixed.indexOf(c) !== i);
  if (repeated) return invalid(`players[].character: "${repeated}" is taken twice; characters are distinct (R1.3)`);
  const open = shuffle(rng, CHARACTERS.filter((c) => !fixed.includes(c)));
  rng = open.rng;
  let nextOpen = 0;
  const threePlayers = seats.length === 3;

  const players: PlayerState[] = [];
  for (const [i, seat] of seats.entries()) {
    const role = roles[i]!;
    const character = seat.character ?? open.items[nextOpen++]!;
    const maxLife = CHARACTER_LIFE[character] + (role === "sheriff" && !threePlayers ? 2 : 0);
    const alive = seat.alive ?? true;
    const life = alive ? (seat.life ?? maxLife) : 0;
    const arrows = alive ? (seat.arrows ?? 0) : 0;
    if (!Number.isInteger(life) || (alive && (life < 1 || life > maxLife))) {
      return invalid(`players[${i}].life: must be 1..${maxLife} for a living ${character}, got ${String(seat.life)}`);
    }
    if (seat.alive === false && seat.life !== undefined && seat.life !== 0) {
      return invalid(`players[${i}].life: an eliminated player has 0 life`);
    }
    if (!Number.isInteger(arrows) || arrows < 0 || arrows > TOTAL_ARROWS) {
      return invalid(`players[${i}].arrows: must be 0..${TOTAL_ARROWS}, got ${String(seat.arrows)}`);
    }
    players.push({ id: seat.id, role, character, life, maxLife, arrows, alive });
  }

  const held = players.reduce((sum, p) => sum + p.arrows, 0);
  const arrowsInPile = setup.arrowsInPile ?? TOTAL_ARROWS - held;
  if (!Number.isInteger(arrowsInPile) || arrowsInPile + held !== TOTAL_ARROWS || arrowsInPile < 1) {
    return invalid(`arrowsInPile: pile (${String(arrowsInPile)}) + arrows held (${held}) must be ${TOTAL_ARROWS}, with at least 1 in the pile (R1.5)`);
  }
  const living = players.filter((p) => p.alive);
  if (living.length < 2) return invalid("players[].alive: at least 2 players must be alive");

  const firstRole: Role = threePlayers ? "deputy" : "sheriff";
  const turnId = setup.turn ?? players.find((p) => p.role === firstRole)!.id;
  const turn = players.findIndex((p) => p.id === turnId);
  if (turn < 0) return invalid(`turn: no player "${turnId}"`);
  if (!players[turn]!.alive) return invalid(`turn: "${turnId}" is eliminated`);
  if (!threePlayers && !players.find((p) => p.role === "sheriff")!.alive) {
    return invalid("players[].alive: the game is over when the sheriff is eliminated (R6.1)");
  }

  const state: GameState = {
    stateId: 0,
    players,
    arrowsInPile,
    turn,
    turnNumber: 0,
    phase: "rolling",
    dice: [],
    rolls: 0,
    maxRolls: 3,
    exploded: false,
    healPending: false,
    choices: null,
    pending: [],
    reaction: null,
    winner: null,
    rng,
  };
  startTurn(state, turn, []);
  return { ok: true, state };
}
