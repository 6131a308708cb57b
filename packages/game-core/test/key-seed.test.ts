/**
 * Key seeds (seed.ts): a game seeded with 64 hex digits is dealt and drawn from the ChaCha20 keystream
 * of that 256-bit key. R1.2 (roles are dealt at random and are secret) needs a generator whose outputs
 * (the dice everyone sees) tell nothing of the deal: a 32-bit xoroshiro128+ seed can be searched in
 * minutes from a spectator's first view. What a key seed deals in a game (the same deal every time, no
 * view showing it) is pinned by each game's own tests (packages/games/dice/test/rules/key-seed.test.ts).
 */
import { describe, expect, it } from "vitest";
import { createSeededGenerator, isSeed, seededSource, seedRng, shuffle } from "../src/index.js";

const KEY_A = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
/** Six faces, as a die has (the dice game's FACES are its own words). */
const FACES = ["f1", "f2", "f3", "f4", "f5", "f6"] as const;

describe("key seeds (R1.2 secret deal)", () => {
  it("the generator is ChaCha20: the all-zero key gives RFC 8439's keystream (A.1, test vector 1)", () => {
    // Keystream 76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28 ... (key 0, nonce 0, block 0), read
    // as little-endian 32-bit words, then as pure-rand's signed range.
    const g = createSeededGenerator("0".repeat(64));
    expect([g.next(), g.next(), g.next(), g.next()]).toEqual([0xade0b876 | 0, 0x903df1a0 | 0, 0xe56a5d40 | 0, 0x28bd8653 | 0]);
    // Word 16 is the first of block 1 (ChaCha20's counter), 9f 07 e7 be in RFC 8439's test vector 2
    // of A.1 (key 0, nonce 0, block 1).
    for (let i = 4; i < 16; i++) g.next();
    expect(g.next()).toBe(0xbee7079f | 0);
  });

  it("the state carries on the stream: rolls after a shuffle, and the same state rolls the same values", () => {
    const start = seedRng(KEY_A);
    const dealt = shuffle(start, [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(dealt.rng).toMatchObject({ kind: "chacha20", key: KEY_A });
    const first = seededSource.roll(dealt.rng, FACES, 5);
    expect(first.values).toEqual(seededSource.roll(dealt.rng, FACES, 5).values);
    expect((first.rng as { word: number }).word).toBeGreaterThan((dealt.rng as { word: number }).word);
    // A thousand throws use every face: the mapping of words to faces is not stuck.
    let rng = first.rng;
    const seen = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const t = seededSource.roll(rng, FACES, 5);
      rng = t.rng;
      for (const f of t.values) seen.set(f, (seen.get(f) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    for (const n of seen.values()) expect(n).toBeGreaterThan(5000 / 6 - 150);
  });

  it("R1.1 a seed is a 32-bit integer or 64 lower-case hex digits, nothing else", () => {
    for (const seed of ["", "abc", KEY_A.slice(1), KEY_A.toUpperCase(), `${KEY_A}0`, `g${KEY_A.slice(1)}`, 1.5, 2 ** 31, -(2 ** 31) - 1, null, undefined, {}]) {
      expect(isSeed(seed), String(seed)).toBe(false);
    }
    for (const seed of [KEY_A, "0".repeat(64), 0, -1, 2 ** 31 - 1, -(2 ** 31)]) expect(isSeed(seed), String(seed)).toBe(true);
  });
});
