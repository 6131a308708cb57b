import { isSeed, seedRng } from "../generator.js";
import { drawIndex } from "../random.js";
import type { GameSetup } from "../setup.js";
import type { RuleError } from "../types.js";
import { allDestroyed, fullHideout, isCardRef } from "./hideout.js";
import { startDuelTurn } from "./turn.js";
import type { DuelPlayerState, DuelState } from "./types.js";

/** The ammo each duellist starts with (R8.1). */
export const STARTING_AMMO = 3;

export type DuelSetupResult = { ok: true; state: DuelState } | { ok: false; error: RuleError };

const invalid = (message: string): DuelSetupResult => ({ ok: false, error: { code: "INVALID_SETUP", message } });

/**
 * R8.1: builds a duel at the start of the first turn, before the first roll: 2 players, each with a full
 * hideout (or the given `destroyed` cards) and 3 ammo (or the given `ammo`). The starting player is
 * `turn`, or drawn from the seeded generator. Refuses (INVALID_SETUP, naming the field) a player count
 * other than 2, classic-only seat fields (role, character, life, arrows, alive), `arrowsInPile`, a bad
 * card address, a repeated card, a hideout with no card left, or ammo that is not an integer >= 0.
 */
export function createDuel(setup: GameSetup): DuelSetupResult {
  const seats = setup.players;
  if (!Array.isArray(seats) || seats.length !== 2) {
    return invalid(`players: a duel has exactly 2 players (R8.1), got ${Array.isArray(seats) ? seats.length : "none"}`);
  }
  if (setup.arrowsInPile !== undefined) return invalid("arrowsInPile: duel mode has no arrow pile (R8.8 arrows restore cards)");
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return invalid(`seed: must be a 32-bit signed integer (-2^31 to 2^31-1) or 64 lower-case hex digits (a 256-bit key), got ${JSON.stringify(seed)}`);
  const players: DuelPlayerState[] = [];
  for (const [i, seat] of seats.entries()) {
    if (seat === null || typeof seat !== "object") return invalid(`players[${i}]: must be an object with an id`);
    if (typeof seat.id !== "string" || seat.id.length === 0) return invalid(`players[${i}].id: must be a non-empty string`);
    if (players.some((p) => p.id === seat.id)) return invalid(`players[${i}].id: "${seat.id}" is used twice`);
    for (const field of ["role", "character", "life", "arrows", "alive"] as const) {
      if (seat[field] !== undefined) return invalid(`players[${i}].${field}: not part of duel mode (R8.1: a hideout and ammo)`);
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

  let rng = seedRng(seed);
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
    mode: "duel",
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
