import type { BotRng } from "@bang/game-core";
import type { LegalActions } from "../../legal.js";
import type { DieTarget, PlayerId } from "../../types.js";
import type { Table } from "./knowledge.js";

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/** Bonus for a hit that finishes a wanted target (R5.1: its role is revealed and it stops shooting). */
const KILL_BONUS = 40;

/** The shot assignment of a resolve: one target per shot die, and the hits planned on each seat. */
export interface ShotPlan {
  shots: DieTarget[];
  /** Per seat: life this resolve's shots will take (Slab's double counted once chosen). */
  damage: number[];
}

/**
 * R3.3, R3.9: gives every shot die the legal target with the best score (ties drawn with `rng`). A die
 * never overkills while another wanted target is in reach, and hits a player the bot wants alive only
 * when no other target is legal (then the healthiest of them).
 */
export function planShots(t: Table, legal: Resolve, rng: BotRng): ShotPlan {
  const damage = new Array<number>(t.players.length).fill(0);
  const shots: DieTarget[] = [];
  for (const shot of legal.shots) {
    const seat = bestSeat(t, shot.targets, damage, 1, rng);
    if (seat < 0) continue; // no legal target: leave it to the engine to refuse (R3.9)
    damage[seat]!++;
    shots.push({ die: shot.die, target: t.players[seat]!.id });
  }
  return { shots, damage };
}

/**
 * C13: Slab the Killer gives up a beer to double a shot when the shot's target is wanted and either
 * some beer die would heal nobody useful (`wastedBeers`), or the double finishes the target while Slab
 * is not in danger himself. Returns the pair, and counts the extra hit in `plan.damage`; null to keep
 * the beers.
 */
export function chooseSlab(t: Table, legal: Resolve, plan: ShotPlan, wastedBeers: readonly number[]): { beer: number; shot: number } | null {
  if (!legal.slab) return null;
  let bestShot = -1;
  let bestSeat = -1;
  let bestHostility = 0;
  for (const s of plan.shots) {
    const seat = seatOf(t, s.target);
    const h = t.hostility[seat]!;
    if (h > bestHostility && t.players[seat]!.life > plan.damage[seat]!) {
      bestHostility = h;
      bestShot = s.die;
      bestSeat = seat;
    }
  }
  if (bestShot < 0) return null;
  let beer = wastedBeers.find((b) => legal.slab!.beers.includes(b));
  if (beer === undefined) {
    const finishes = t.players[bestSeat]!.life <= plan.damage[bestSeat]! + 1;
    if (!finishes || t.me.life <= 2) return null;
    beer = legal.slab.beers[0]!;
  }
  plan.damage[bestSeat]!++;
  return { beer, shot: bestShot };
}

/** The seat of a player id (tables are at most 8 seats). */
export function seatOf(t: Table, id: PlayerId): number {
  return t.players.findIndex((p) => p.id === id);
}

/** The best of `targets` for one more hit of `amount`, or -1 when the list is empty. */
function bestSeat(t: Table, targets: readonly PlayerId[], damage: readonly number[], amount: number, rng: BotRng): number {
  let best = -1;
  let bestScore = -Infinity;
  let ties = 0;
  for (const id of targets) {
    const seat = seatOf(t, id);
    if (seat < 0) continue;
    const score = shotScore(t, seat, damage[seat]!, amount);
    if (score > bestScore) {
      best = seat;
      bestScore = score;
      ties = 1;
    } else if (score === bestScore && rng.chance(1, ++ties)) {
      best = seat;
    }
  }
  return best;
}

/** How much the bot wants to give one more hit of `amount` to `seat`, already hit `planned` times. */
function shotScore(t: Table, seat: number, planned: number, amount: number): number {
  const h = t.hostility[seat]!;
  const remaining = t.players[seat]!.life - planned;
  if (remaining <= 0) return h > 0 ? 1 : h; // already finished by another die: this hit is wasted
  if (h > 0) return h + (remaining <= amount ? KILL_BONUS : 0);
  return h + remaining - (remaining <= amount ? KILL_BONUS : 0);
}
