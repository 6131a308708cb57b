/**
 * R8.1 "the starting player is chosen at random", from number seeds too: over many duels from a new
 * table's setup (`setupFor`, which mixes a number seed), each seat starts as often, by a chi-square test
 * at p > 0.01. The seeds are the even ones, whose unmixed draw always let the second seat start (issue
 * 18). Setups stored before the mixing (no `seeding` field) still start as they did: pinned by the digest
 * of their starter and generator state, taken from the code before the change.
 */
import { createHash } from "node:crypto";
import chisquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import { describe, expect, it } from "vitest";
import { createDuel, diceDuel, type DuelSetup } from "../../src/index.js";

const DUELS = 4000;

/** How often each seat starts over DUELS duels of `setupOf(seed)`, even seeds 0, 2, 4, ... */
function starts(setupOf: (seed: number) => DuelSetup): [number, number] {
  const counts: [number, number] = [0, 0];
  for (let i = 0; i < DUELS; i++) {
    const made = createDuel(setupOf(2 * i));
    if (!made.ok) throw new Error(made.error.message);
    counts[made.state.turn as 0 | 1]++;
  }
  return counts;
}

/** The p-value of a chi-square goodness-of-fit test of `counts` against equal chances (1 df). */
const pOfEven = (counts: [number, number]) => {
  const expected = (counts[0] + counts[1]) / 2;
  return 1 - chisquareCdf(counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0), 1);
};

describe("R8.1 a fair starter from number seeds", () => {
  it(`R8.1 each seat starts as often (chi-square p > 0.01, ${DUELS} even seeds)`, () => {
    const counts = starts((seed) => diceDuel.setupFor({ players: ["a", "b"], seed, options: {} }));
    expect(pOfEven(counts), JSON.stringify(counts)).toBeGreaterThan(0.01);
  });

  it("a setup stored before the mixing starts as it did, and that seeding is the biased one", () => {
    const pinned: Record<number, string> = { 0: "114aa30cc7575d34", 2: "5991771ba570f03d", 42: "e80d8364b8e27280", [-7]: "7f0635fd2db41302" };
    for (const [seed, digest] of Object.entries(pinned)) {
      const made = createDuel({ players: [{ id: "a" }, { id: "b" }], seed: Number(seed) });
      if (!made.ok) throw new Error(made.error.message);
      expect(createHash("sha256").update(JSON.stringify({ turn: made.state.turn, rng: made.state.rng })).digest("hex").slice(0, 16), seed).toBe(digest);
    }
    expect(starts((seed) => ({ players: [{ id: "a" }, { id: "b" }], seed }))).toEqual([0, DUELS]);
  });

  it("an unknown seeding is refused INVALID_SETUP naming it", () => {
    const made = createDuel({ players: [{ id: "a" }, { id: "b" }], seed: 1, seeding: "shuffled" } as unknown as DuelSetup);
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error).toMatchObject({ code: "INVALID_SETUP", message: expect.stringMatching(/^seeding:/) });
  });
});
