import { createSeededGenerator, type Seed } from "./seed.js";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/**
 * A bot's own seeded generator (never Math.random): the same seed makes the same choices. Mutable:
 * every draw advances it. A number seed drives xoroshiro128+; a 64-hex-digit key drives ChaCha20, whose
 * choices tell a watcher nothing of the key (the server's bots: else their moves give away their secrets).
 */
export interface BotRng {
  /** A uniform integer in lo..hi, both included (lo <= hi). */
  int(lo: number, hi: number): number;
  /** True with probability num/den. */
  chance(num: number, den: number): boolean;
  /** A uniform element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** Creates a bot generator from a seed (a 32-bit integer or 64 hex digits). */
export function createBotRng(seed: Seed): BotRng {
  const generator = createSeededGenerator(seed);
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
