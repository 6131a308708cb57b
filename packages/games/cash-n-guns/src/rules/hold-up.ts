import type { CngEvent, CngPlayer, CngState, PlayerId, RuleError } from "../types.js";
import { ruleError } from "./errors.js";
import { living, playerOf } from "./seats.js";

/**
 * F3.5, F9.2: why `by` may not hold up `target`: INVALID_TARGET for themselves, a dead or unknown
 * player. Null when the aim is valid.
 */
export function aimError(s: CngState, by: PlayerId, target: PlayerId): RuleError | null {
  if (target === by) return ruleError("INVALID_TARGET", `target: ${by} cannot hold themselves up (F3.5)`);
  const t = playerOf(s, target);
  if (!t) return ruleError("INVALID_TARGET", `target: no player "${target}" at this table`);
  if (!t.alive) return ruleError("INVALID_TARGET", `target: "${target}" is dead (F3.5)`);
  return null;
}

/** F3.5: the players `p` may hold up: every other living player. */
export function aimTargets(s: CngState, p: PlayerId): PlayerId[] {
  return living(s).filter((q) => q.id !== p).map((q) => q.id);
}

/** F3.5: whether every living player's hold-up is settled (aimed, or closed on the timer). */
export function allAimed(s: CngState): boolean {
  return living(s).every((p) => p.aimed);
}

/** F3.5: `p` holds up `target` (secret until the reveal, F8.5). */
export function aimAt(p: CngPlayer, target: PlayerId): void {
  p.aimed = true;
  p.aim = target;
}

/**
 * F3.5, F10.15: the hold-up closes on its timer: every living player who has not aimed holds nobody up
 * this round. Returns who was too slow.
 */
export function closeHoldUp(s: CngState): PlayerId[] {
  const slow = living(s).filter((p) => !p.aimed);
  for (const p of slow) {
    p.aimed = true;
    p.aim = null;
  }
  return slow.map((p) => p.id);
}

/** F8.5: the one event that reveals every aim at once. */
export function aimsRevealed(s: CngState): CngEvent {
  return { type: "aimsRevealed", aims: living(s).map((p) => ({ player: p.id, target: p.aim })) };
}
