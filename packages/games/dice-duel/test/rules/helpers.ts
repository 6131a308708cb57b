/**
 * Helpers of the duel rule tests (RULES.md part D): a duel between a and b, commands with forced dice,
 * refusals that must change nothing. Dice given to `dplay` are the faces of each throw, in ascending
 * die-index order.
 */
import { expect } from "vitest";
import { forcedSource as forcedDraws, type ForcedSource } from "@bang/game-core";
import {
  applyDuelCommand,
  createDuel,
  standing,
  type CardRef,
  type DuelCommand,
  type DuelEvent,
  type DuelResolveCommand,
  type DuelSeatSetup,
  type DuelState,
  type Face,
  type RuleError,
} from "../../src/index.js";

/** A random source that plays back these throws (the faces of each, in order): one forced roll each. */
export function forcedSource(throws: readonly (readonly Face[])[] = []): ForcedSource {
  return forcedDraws(throws.map((faces) => ({ roll: [...faces] })));
}

/** A duel: a and b, a to start unless `turn` says otherwise; per-seat ammo and destroyed cards. */
export function duel(
  extras: Partial<Record<"a" | "b", Pick<DuelSeatSetup, "ammo" | "destroyed">>> = {},
  rest: { seed?: number; turn?: string | null } = {},
): DuelState {
  const created = createDuel({
    players: [{ id: "a", ...extras.a }, { id: "b", ...extras.b }],
    seed: rest.seed ?? 1,
    ...(rest.turn === null ? {} : { turn: rest.turn ?? "a" }),
  });
  if (!created.ok) throw new Error(`setup refused: ${created.error.code}: ${created.error.message}`);
  return created.state;
}

export interface DuelPlayed {
  state: DuelState;
  events: DuelEvent[];
}

/** Applies an accepted duel command with forced dice; fails the test on a refusal or unused dice. */
export function dplay(state: DuelState, command: DuelCommand, ...throws: Face[][]): DuelPlayed {
  const dice = forcedSource(throws);
  const result = applyDuelCommand(state, command, dice);
  if (!result.ok) throw new Error(`${command.type} by ${command.by} refused: ${result.error.code}: ${result.error.message}`);
  expect(dice.queued, "every forced throw is used").toBe(0);
  return { state: result.state, events: result.events };
}

/** Plays [command, ...throws] steps in order; returns the last state and all events. */
export function dplayAll(state: DuelState, steps: readonly (readonly [DuelCommand, ...Face[][]])[]): DuelPlayed {
  let s = state;
  const events: DuelEvent[] = [];
  for (const [command, ...throws] of steps) {
    const out = dplay(s, command, ...throws);
    s = out.state;
    events.push(...out.events);
  }
  return { state: s, events };
}

/** Expects the duel command to be refused, and the state to be exactly as before. */
export function drefuse(state: DuelState, command: DuelCommand, ...throws: Face[][]): RuleError {
  const before = structuredClone(state);
  const result = applyDuelCommand(state, command, forcedSource(throws));
  if (result.ok) throw new Error(`${command.type} by ${command.by} was accepted`);
  expect(state).toEqual(before);
  return result.error;
}

export const droll = (by: string): DuelCommand => ({ type: "roll", by });
export const dreroll = (by: string, indexes: number[]): DuelCommand => ({ type: "reroll", by, indexes });
export const dstop = (by: string): DuelCommand => ({ type: "stop", by });
export const dresolve = (by: string, choices: Omit<DuelResolveCommand, "type" | "by"> = {}): DuelCommand => ({ type: "resolve", by, ...choices });
export const pick = (by: string, card: "sheriff" | "outlaw" | "renegade"): DuelCommand => ({ type: "pick", by, card });
export const card = (row: "near" | "far", column: number): CardRef => ({ row, column });

/** The duellist with this id. */
export const seatOf = (s: DuelState, id: string) => s.players.find((p) => p.id === id)!;
export const cards = (s: DuelState, id: string): number => standing(seatOf(s, id).hideout);
export const ammo = (s: DuelState, id: string): number => seatOf(s, id).ammo;
export const up = (s: DuelState, id: string, ref: CardRef): boolean => seatOf(s, id).hideout[ref.row][ref.column]!;
export const activeOf = (s: DuelState): string => s.players[s.turn]!.id;

/** Rolls `faces` and stops: the state waiting for `resolve` (or already resolved). */
export function rolled(s: DuelState, faces: Face[]): DuelState {
  const after = dplay(s, droll(activeOf(s)), faces).state;
  return after.phase === "rolling" ? dplay(after, dstop(activeOf(after))).state : after;
}
