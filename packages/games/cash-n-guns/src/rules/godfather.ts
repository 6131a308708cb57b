import type { CngState, PlayerId, RuleError } from "../types.js";
import { ruleError } from "./errors.js";
import { clockwiseFrom, living, playerOf } from "./seats.js";

/**
 * F3.6, F10.9: the players the Godfather may order to change target: every other living player who holds
 * someone up and has a different living target available (not themselves, not their current target).
 */
export function orderable(s: CngState): PlayerId[] {
  const alive = living(s);
  return alive.filter((p) => p.id !== s.godfather && p.aim !== null && alive.some((q) => q.id !== p.id && q.id !== p.aim)).map((p) => p.id);
}

/** F3.6: whether the Godfather's privilege has any order to give (else the step is skipped). */
export function privilegePossible(s: CngState): boolean {
  const g = playerOf(s, s.godfather);
  return g !== undefined && g.alive && orderable(s).length > 0;
}

/** F3.6, F9.2: why the Godfather may not order `player`: INVALID_TARGET for the Godfather, a dead or unknown player, or one who holds nobody up. */
export function orderError(s: CngState, player: PlayerId): RuleError | null {
  if (player === s.godfather) return ruleError("INVALID_TARGET", "player: the Godfather cannot order himself (F3.6)");
  const p = playerOf(s, player);
  if (!p) return ruleError("INVALID_TARGET", `player: no player "${player}" at this table`);
  if (!p.alive) return ruleError("INVALID_TARGET", `player: "${player}" is dead`);
  if (!orderable(s).includes(player)) return ruleError("INVALID_TARGET", `player: "${player}" holds nobody up (F3.6)`);
  return null;
}

/** F3.6, F9.2: why the ordered player may not aim at `target`: themselves, a dead or unknown player, or the previous target. */
export function retargetError(s: CngState, by: PlayerId, target: PlayerId): RuleError | null {
  if (target === by) return ruleError("INVALID_TARGET", "target: not yourself (F3.6)");
  const t = playerOf(s, target);
  if (!t) return ruleError("INVALID_TARGET", `target: no player "${target}" at this table`);
  if (!t.alive) return ruleError("INVALID_TARGET", `target: "${target}" is dead`);
  if (s.order && target === s.order.previous) return ruleError("INVALID_TARGET", `target: "${target}" is your previous target; the order asks for a different one (F3.6)`);
  return null;
}

/** F3.6: the new targets the ordered player may choose. */
export function retargetOptions(s: CngState): PlayerId[] {
  if (!s.order) return [];
  const by = s.order.player;
  return living(s).filter((q) => q.id !== by && q.id !== s.order!.previous).map((q) => q.id);
}

/**
 * F5.6, F10.10: who holds the desk next round: the tile's taker if alive; else the Godfather if alive;
 * else the nearest living player clockwise from the dead Godfather's seat. Null when nobody is alive.
 */
export function nextGodfather(s: CngState): PlayerId | null {
  const taker = s.tileTaker !== null ? playerOf(s, s.tileTaker) : undefined;
  if (taker?.alive) return taker.id;
  return clockwiseFrom(s, s.godfather).find((p) => p.alive)?.id ?? null;
}
