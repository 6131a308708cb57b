import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/**
 * A bot's own seeded generator (pure-rand xoroshiro128+, never Math.random): the same seed makes the
 * same choices. Mutable: every draw advances it.
 */
export interface BotRng {
  /** A uniform integer in lo..hi, both included (lo <= hi). */
  int(lo: number, hi: number): number;
  /** True with probability num/den. */
  chance(num: number, den: number): boolean;
  /** A uniform element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** Creates a bot generator from a 32-bit integer seed. */
export function createBotRng(seed: number): BotRng {
  const generator = xoroshiro128plus(seed | 0);
  const int = (lo: number, hi: number): number => uniformInt(generator, lo, hi);
  return {
    int,
    chance: (num, den) => int(0, den - 1) < num,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("BotRng.pick: empty list");
      return items[int(0, items.length - 1)]!;
    },
  };
}
