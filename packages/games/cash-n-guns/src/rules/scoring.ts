import type { CngPlayer, LootCard, PlayerId, Scoring } from "../types.js";
import { faceValue, isDiamond } from "./loot.js";

/** F7.6, F10.3: the value of a set of 0 to 10 paintings. */
export const PAINTING_VALUES: readonly number[] = [0, 4_000, 12_000, 30_000, 60_000, 100_000, 150_000, 200_000, 300_000, 400_000, 500_000];

/** F7.4: the diamond bonus card's value. */
export const DIAMOND_BONUS = 60_000;

/** F7.6: the value of `count` paintings (0 to 10; more cannot exist, F1.3). */
export function paintingValue(count: number): number {
  const value = PAINTING_VALUES[count];
  if (value === undefined) throw new RangeError(`paintingValue: ${count} paintings (0 to 10 exist)`);
  return value;
}

/** F7.4, F10.13: how many diamond cards a loot holds, whatever their values. */
export function diamondCount(loot: readonly LootCard[]): number {
  return loot.filter(isDiamond).length;
}

/**
 * F7.4, F10.5, F10.13: the player with strictly the most diamond cards among the living players, or
 * null on a tie for the most or when the most is 0.
 */
export function diamondBonusHolder(players: readonly CngPlayer[]): PlayerId | null {
  const alive = players.filter((p) => p.alive);
  const counts = alive.map((p) => diamondCount(p.loot));
  const most = Math.max(0, ...counts);
  if (most === 0) return null;
  const holders = alive.filter((_, i) => counts[i] === most);
  return holders.length === 1 ? holders[0]!.id : null;
}

/** F7.5: a loot's total: bills and diamonds at face value, paintings as a set (F7.6), plus the bonus if held. */
export function lootTotal(loot: readonly LootCard[], bonus: boolean): number {
  const cards = loot.reduce((sum, c) => sum + faceValue(c), 0);
  return cards + paintingValue(loot.filter((c) => c === "painting").length) + (bonus ? DIAMOND_BONUS : 0);
}

/** F7.4, F7.5: the final count of living players. */
export function score(players: readonly CngPlayer[]): Scoring {
  const diamondBonus = diamondBonusHolder(players);
  const totals: Record<PlayerId, number> = {};
  for (const p of players) if (p.alive) totals[p.id] = lootTotal(p.loot, p.id === diamondBonus);
  return { totals, diamondBonus };
}

/**
 * F7.7, F10.14: the winners by `richest`: the living players with the highest total; on a tie, those
 * of them with the most wounds; still tied, all of them (a shared victory).
 */
export function richest(players: readonly CngPlayer[], totals: Record<PlayerId, number>): PlayerId[] {
  const alive = players.filter((p) => p.alive);
  const top = Math.max(...alive.map((p) => totals[p.id]!));
  const rich = alive.filter((p) => totals[p.id] === top);
  const most = Math.max(...rich.map((p) => p.wounds));
  return rich.filter((p) => p.wounds === most).map((p) => p.id);
}
