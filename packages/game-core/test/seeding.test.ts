/**
 * How a number seed becomes the generator's state (seed.ts SEEDINGS). A new table's setup says
 * `seeding: "mixed"`: the seed is hashed (ChaCha20) into xoroshiro128+'s whole state, so that the first
 * draws of nearby or even seeds are independent. A setup without it is seeded as before (pure-rand's own
 * seeding), so that stored logs replay identically. Key seeds are ChaCha20 keys whatever the seeding.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { drawIndex, isSeeding, seedRng, seedSetup } from "../src/index.js";

describe("seeding of number seeds", () => {
  it("without a seeding, a number seed is pure-rand's own seeding, as before", () => {
    for (const seed of [0, 1, 2, 42, -7, 2 ** 31 - 1]) expect(seedRng(seed)).toEqual(xoroshiro128plus(seed).getState());
  });

  it("mixed: the same seed gives the same state, and neighbouring seeds share no word", () => {
    expect(seedRng(42, "mixed")).toEqual(seedRng(42, "mixed"));
    for (let seed = 0; seed < 200; seed += 2) {
      const a = seedRng(seed, "mixed") as readonly number[];
      const b = seedRng(seed + 2, "mixed") as readonly number[];
      expect(a).toHaveLength(4);
      a.forEach((word, i) => expect(word, `seed ${seed} word ${i}`).not.toBe(b[i]));
    }
  });

  it("mixed: the first coin flip of the even seeds comes up both ways about equally (unmixed: always the same)", () => {
    const flips = (seeding?: "mixed") => Array.from({ length: 2000 }, (_, i) => drawIndex(seedRng(2 * i, seeding), 2).index).reduce((a: number, b) => a + b, 0);
    expect(flips()).toBe(2000);
    expect(flips("mixed")).toBeGreaterThan(900);
    expect(flips("mixed")).toBeLessThan(1100);
  });

  it("a key seed is its ChaCha20 key whatever the seeding", () => {
    const key = "0f".repeat(32);
    expect(seedRng(key, "mixed")).toEqual(seedRng(key));
  });

  it("seedSetup: a new table mixes a number seed; a key seed needs nothing", () => {
    expect(seedSetup(7)).toEqual({ seed: 7, seeding: "mixed" });
    expect(seedSetup("0f".repeat(32))).toEqual({ seed: "0f".repeat(32) });
    expect([undefined, "mixed"].every(isSeeding)).toBe(true);
    expect(["", "MIXED", 1, null].some(isSeeding)).toBe(false);
  });
});
