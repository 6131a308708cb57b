/**
 * Key seeds (generator.ts): a game seeded with 64 hex digits is dealt and rolled from the ChaCha20
 * keystream of that 256-bit key. R1.2 (roles are dealt at random and are secret) needs a generator whose
 * outputs (the dice everyone sees) tell nothing of the deal: a 32-bit xoroshiro128+ seed can be searched
 * in minutes from a spectator's first view.
 */
import { describe, expect, it } from "vitest";
import { createGame, createSeededGenerator, isSeed, playerView, seedRng, shuffle } from "../../src/index.js";
import { seededSource } from "../../src/random.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
const KEY_A = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const KEY_B = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeef0";

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

  it("R1.2 a key seed deals the same game every time, and another key another game", () => {
    const deal = (seed: string) => {
      const made = createGame({ players: ids(8), seed });
      if (!made.ok) throw new Error(made.error.message);
      return made.state.players.map((p) => `${p.role}/${p.character}`).join(" ");
    };
    expect(deal(KEY_A)).toBe(deal(KEY_A));
    expect(deal(KEY_A)).not.toBe(deal(KEY_B));
  });

  it("the state carries on the stream: dice after a shuffle, and the same state throws the same dice", () => {
    const start = seedRng(KEY_A);
    const dealt = shuffle(start, [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(dealt.rng).toMatchObject({ kind: "chacha20", key: KEY_A });
    const first = seededSource.throwDice(dealt.rng, 5);
    expect(first.faces).toEqual(seededSource.throwDice(dealt.rng, 5).faces);
    expect((first.rng as { word: number }).word).toBeGreaterThan((dealt.rng as { word: number }).word);
    // A thousand throws use every face: the mapping of words to faces is not stuck.
    let rng = first.rng;
    const seen = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const t = seededSource.throwDice(rng, 5);
      rng = t.rng;
      for (const f of t.faces) seen.set(f, (seen.get(f) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    for (const n of seen.values()) expect(n).toBeGreaterThan(5000 / 6 - 150);
  });

  it("no view shows the generator's state or the seed", () => {
    const made = createGame({ players: ids(5), seed: KEY_A });
    if (!made.ok) throw new Error(made.error.message);
    for (const viewer of [{ kind: "player", id: "p1" }, { kind: "spectator" }] as const) {
      const text = JSON.stringify(playerView(made.state, viewer));
      expect(text).not.toContain(KEY_A);
      expect(text).not.toContain("chacha20");
    }
  });

  it("R1.1 a seed that is neither a 32-bit integer nor 64 lower-case hex digits is refused with INVALID_SETUP naming it", () => {
    for (const seed of ["", "abc", KEY_A.slice(1), KEY_A.toUpperCase(), `${KEY_A}0`, `g${KEY_A.slice(1)}`, 1.5, 2 ** 31]) {
      expect(isSeed(seed), String(seed)).toBe(false);
      const made = createGame({ players: ids(4), seed: seed as never });
      expect(made.ok ? "accepted" : `${made.error.code} ${made.error.message}`).toMatch(/^INVALID_SETUP seed: /);
      const duel = createGame({ mode: "duel", players: ids(2), seed: seed as never });
      expect(duel.ok ? "accepted" : duel.error.code).toBe("INVALID_SETUP");
    }
    expect(createGame({ mode: "duel", players: ids(2), seed: KEY_A }).ok).toBe(true);
  });
});
