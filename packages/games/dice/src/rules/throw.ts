import type { RandomSource, RngState } from "@bang/game-core";
import { FACES, type Face, type RuleError } from "../types.js";
import { ruleError } from "./errors.js";

/** The dice after a throw, with the faces thrown and the generator state to keep. */
export interface Thrown {
  /** All five dice after the throw. */
  dice: Face[];
  /** The thrown die indexes, ascending. */
  indexes: number[];
  /** The faces the thrown dice show, in `indexes` order. */
  faces: Face[];
  rng: RngState;
}

/**
 * R2.1, R8.2: throws the dice at `indexes` (all five on a turn's first roll, when `dice` is empty)
 * through `random`, the one path for seeded, forced and replayed dice (the duel variant throws its dice
 * the same way). Pure.
 */
export function throwDice(dice: readonly Face[], indexes: readonly number[], rng: RngState, random: RandomSource): Thrown {
  const sorted = [...indexes].sort((a, b) => a - b);
  const thrown = random.roll(rng, FACES, sorted.length);
  const next: Face[] = dice.length === 5 ? dice.slice() : ["arrow", "arrow", "arrow", "arrow", "arrow"];
  sorted.forEach((die, k) => {
    next[die] = thrown.values[k]!;
  });
  return { dice: next, indexes: sorted, faces: thrown.values, rng: thrown.rng };
}

/**
 * R2.1 to R2.3, R8.2: checks a reroll's indexes: after a first roll, 1 to 5 distinct die indexes 0..4,
 * none showing a face `canReroll` refuses (dynamite, R2.3). Returns the refusal, or null.
 */
export function checkReroll(dice: readonly Face[], rolls: number, indexes: unknown, canReroll: (face: Face) => boolean): RuleError | null {
  if (rolls === 0) return ruleError("WRONG_PHASE", "reroll: throw the dice first (roll)");
  if (!Array.isArray(indexes) || indexes.length === 0 || indexes.length > 5) {
    return ruleError("INVALID_COMMAND", "reroll.indexes: give 1 to 5 die indexes");
  }
  const seen = new Set<number>();
  for (const i of indexes) {
    if (!Number.isInteger(i) || i < 0 || i > 4) return ruleError("INVALID_COMMAND", `reroll.indexes: ${String(i)} is not a die index 0..4`);
    if (seen.has(i)) return ruleError("INVALID_COMMAND", `reroll.indexes: die ${i} is listed twice`);
    seen.add(i);
  }
  for (const i of indexes as number[]) {
    if (!canReroll(dice[i]!)) return ruleError("DIE_LOCKED", `reroll.indexes: die ${i} shows dynamite and cannot be rerolled (R2.3)`);
  }
  return null;
}
