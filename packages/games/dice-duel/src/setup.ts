import { drawIndex, isSeed, isSeeding, seedRng, type Seed, type Seeding } from "@bang/game-core";
import { allDestroyed, fullHideout, isCardRef } from "./hideout.js";
import { startDuelTurn } from "./turn.js";
import type { CardRef, DuelPlayerState, DuelState, PlayerId, RuleError } from "./types.js";

/** One seat of a new duel: its id, and for a chosen position (scenarios, tests) its ammo and destroyed cards. */
export interface DuelSeatSetup {
  id: PlayerId;
  /** Ammo at the start, default 3 (R8.1). */
  ammo?: number | undefined;
  /** Hideout cards already destroyed at the start (a chosen position), default none. */
  destroyed?: CardRef[] | undefined;
}

/** A new duel, or a chosen position (SCENARIOS.md of this package). */
export interface DuelSetup {
  /** Exactly 2 seats (R8.1). */
  players: DuelSeatSetup[];
  /** Seed of the game's generator, default 0 (see game-core's Seed). */
  seed?: Seed | undefined;
  /** How a number seed becomes the generator's state (game-core SEEDINGS); absent: as dealt before it existed. */
  seeding?: Seeding | undefined;
  /** Who starts, default drawn from the seed (R8.1). */
  turn?: PlayerId | undefined;
  /** The table options of the game: none (an empty object). */
  options?: Record<string, never> | undefined;
}

/** The fields a duel setup and a duel seat may give. */
const SETUP_FIELDS = new Set(["players", "seed", "seeding", "turn", "options"]);
const SEAT_FIELDS = new Set(["id", "ammo", "destroyed"]);

/** The ammo each duellist starts with (R8.1). */
export const STARTING_AMMO = 3;

export type DuelSetupResult = { ok: true; state: DuelState } | { ok: false; error: RuleError };

const invalid = (message: string): DuelSetupResult => ({ ok: false, error: { code: "INVALID_SETUP", message } });

/**
 * R8.1: builds a duel at the start of the first turn, before the first roll: 2 players, each with a full
 * hideout (or the given `destroyed` cards) and 3 ammo (or the given `ammo`). The starting player is
 * `turn`, or drawn from the seeded generator. Refuses (INVALID_SETUP, naming the field) a player count
 * other than 2, a field that is not a duel's (a dice game seat's role, character, life, arrows, alive,
 * an `arrowsInPile`), a bad card address, a repeated card, a hideout with no card left, or ammo that is
 * not an integer >= 0.
 */
export function createDuel(setup: DuelSetup): DuelSetupResult {
  if (setup === null || typeof setup !== "object") return invalid("setup: must be an object with players");
  for (const field of Object.keys(setup)) {
    if (!SETUP_FIELDS.has(field)) return invalid(`${field}: not part of a duel (R8.1: 2 players with a hideout and ammo; R8.8 arrows restore cards)`);
  }
  if (setup.options !== undefined && (setup.options === null || typeof setup.options !== "object" || Object.keys(setup.options).length > 0)) {
    return invalid(`options: the duel has no table options, got ${JSON.stringify(setup.options)}`);
  }
  const seats = setup.players;
  if (!Array.isArray(seats) || seats.length !== 2) {
    return invalid(`players: a duel has exactly 2 players (R8.1), got ${Array.isArray(seats) ? seats.length : "none"}`);
  }
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return invalid(`seed: must be a 32-bit signed integer (-2^31 to 2^31-1) or 64 lower-case hex digits (a 256-bit key), got ${JSON.stringify(seed)}`);
  if (!isSeeding(setup.seeding)) return invalid(`seeding: must be "mixed" or absent, got ${JSON.stringify(setup.seeding)}`);
  const players: DuelPlayerState[] = [];
  for (const [i, seat] of seats.entries()) {
    if (seat === null || typeof seat !== "object") return invalid(`players[${i}]: must be an object with an id`);
    if (typeof seat.id !== "string" || seat.id.length === 0) return invalid(`players[${i}].id: must be a non-empty string`);
    if (players.some((p) => p.id === seat.id)) return invalid(`players[${i}].id: "${seat.id}" is used twice`);
    for (const field of Object.keys(seat)) {
      if (!SEAT_FIELDS.has(field)) return invalid(`players[${i}].${field}: not part of a duel (R8.1: a hideout and ammo)`);
    }
    const ammo = seat.ammo ?? STARTING_AMMO;
    if (!Number.isInteger(ammo) || ammo < 0) return invalid(`players[${i}].ammo: must be an integer >= 0, got ${String(seat.ammo)}`);
    const hideout = fullHideout();
    const destroyed = seat.destroyed ?? [];
    if (!Array.isArray(destroyed)) return invalid(`players[${i}].destroyed: must be a list of {row, column}`);
    for (const [k, ref] of destroyed.entries()) {
      if (!isCardRef(ref)) return invalid(`players[${i}].destroyed[${k}]: must be {row: "near" | "far", column: 0..3}`);
      if (!hideout[ref.row][ref.column]) return invalid(`players[${i}].destroyed[${k}]: ${ref.row} ${ref.column} is listed twice`);
      hideout[ref.row][ref.column] = false;
    }
    if (allDestroyed(hideout)) return invalid(`players[${i}].destroyed: a player with no card left has lost (R8.10)`);
    players.push({ id: seat.id, hideout, ammo });
  }

  let rng = seedRng(seed, setup.seeding);
  let turn: number;
  if (setup.turn === undefined) {
    const drawn = drawIndex(rng, 2);
    turn = drawn.index;
    rng = drawn.rng;
  } else {
    turn = players.findIndex((p) => p.id === setup.turn);
    if (turn < 0) return invalid(`turn: no player "${setup.turn}"`);
  }

  const state: DuelState = {
    stateId: 0,
    players,
    turn,
    turnNumber: 0,
    phase: "rolling",
    dice: [],
    rolls: 0,
    maxRolls: 3,
    exploded: false,
    duel: null,
    effect: null,
    lastDuel: null,
    winner: null,
    rng,
  };
  startDuelTurn(state, turn, []);
  return { ok: true, state };
}
