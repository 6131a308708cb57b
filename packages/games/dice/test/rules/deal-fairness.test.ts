/**
 * Number seeds deal fairly (R1.1 the roles of each player count, R1.2 roles dealt at random, R1.4 the
 * seats' fixed order; R7.1 three players): over many deals from a new table's setup (`setupFor`, which
 * mixes a number seed), every role is as likely in every seat, by a chi-square test of role by seat at
 * p > 0.01 for each size from 3 to 8. The seeds are the even ones, whose unmixed deals never put the
 * sheriff in the last seat at 4 or 8 players (issue 18).
 *
 * The test of independence over N deals: each deal places a fixed multiset of roles on the seats (a
 * random permutation), so Pearson's statistic of the seat-by-role table is n/(n-1) times a chi-square
 * with (n-1)(k-1) degrees of freedom under fairness (the seats of one deal are drawn without
 * replacement); it is scaled back before the p-value.
 *
 * Setups stored before the mixing (no `seeding` field) still deal exactly as they were dealt, so their
 * logs replay the same: pinned here by the digest of their deal and generator state, taken from the code
 * before the change.
 */
import { createHash } from "node:crypto";
import chisquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import { describe, expect, it } from "vitest";
import { ROLES_BY_COUNT, createGame, dice, type GameSetup, type Role } from "../../src/index.js";

const DEALS = 3000;
const SIZES = [3, 4, 5, 6, 7, 8] as const;
const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** Counts of each role in each seat over `DEALS` deals of `setupOf(seed)`, even seeds 0, 2, 4, ... */
function roleBySeat(n: number, setupOf: (seed: number) => GameSetup): { roles: Role[]; table: number[][] } {
  const table = Array.from({ length: n }, () => new Map<Role, number>());
  for (let i = 0; i < DEALS; i++) {
    const made = createGame(setupOf(2 * i));
    if (!made.ok) throw new Error(made.error.message);
    made.state.players.forEach((p, seat) => table[seat]!.set(p.role, (table[seat]!.get(p.role) ?? 0) + 1));
  }
  const roles = [...new Set(table.flatMap((row) => [...row.keys()]))].sort();
  return { roles, table: table.map((row) => roles.map((r) => row.get(r) ?? 0)) };
}

/** The chi-square test of independence of a seat-by-role table of permutations (see the file's comment). */
function chiSquare(table: number[][]): { statistic: number; df: number; p: number } {
  const n = table.length;
  const total = table.flat().reduce((a, b) => a + b, 0);
  const rows = table.map((row) => row.reduce((a, b) => a + b, 0));
  const columns = table[0]!.map((_, j) => table.reduce((sum, row) => sum + row[j]!, 0));
  let pearson = 0;
  table.forEach((row, i) =>
    row.forEach((observed, j) => {
      const expected = (rows[i]! * columns[j]!) / total;
      pearson += (observed - expected) ** 2 / expected;
    }),
  );
  const statistic = (pearson * (n - 1)) / n;
  const df = (n - 1) * (columns.length - 1);
  return { statistic, df, p: 1 - chisquareCdf(statistic, df) };
}

describe("R1.2 a fair deal from number seeds", () => {
  for (const n of SIZES) {
    it(`R1.1 R1.2 R1.4${n === 3 ? " R7.1" : ""}: at ${n} players every role is as likely in every seat (chi-square p > 0.01, ${DEALS} even seeds)`, () => {
      const { roles, table } = roleBySeat(n, (seed) => dice.setupFor({ players: players(n), seed, options: {} }));
      expect(roles).toEqual([...new Set(ROLES_BY_COUNT[n])].sort());
      const test = chiSquare(table);
      expect(test.p, `${n} players: statistic ${test.statistic.toFixed(1)}, ${test.df} df, table ${JSON.stringify(table)}`).toBeGreaterThan(0.01);
    });
  }

  it("a new table's setup records its seeding; a key seed needs none", () => {
    expect(dice.setupFor({ players: players(4), seed: 42, options: {} })).toEqual({ players: players(4).map((id) => ({ id })), seed: 42, seeding: "mixed" });
    const key = "ab".repeat(32);
    expect(dice.setupFor({ players: players(4), seed: key, options: {} })).toEqual({ players: players(4).map((id) => ({ id })), seed: key });
  });

  it("an unknown seeding is refused INVALID_SETUP naming it, by the rules and by the setup schema", () => {
    const setup = { players: players(4).map((id) => ({ id })), seed: 1, seeding: "shuffled" } as unknown as GameSetup;
    const made = createGame(setup);
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error).toMatchObject({ code: "INVALID_SETUP", message: expect.stringMatching(/^seeding:/) });
    expect(dice.schemas.setup.safeParse(setup).success).toBe(false);
  });
});

describe("setups stored before the mixing", () => {
  /** Digests of {deal, rng} of setups without `seeding`, computed by the code before it existed. */
  const PINNED: Record<string, string> = {
    "3 0": "5a21c7baa6bd8714", "3 2": "32de9ad9909b4b07", "3 42": "f22dda4a66783b67", "3 -7": "a2bab3754bae1fb8",
    "4 0": "60f0ba29a98ce498", "4 2": "ac4286aa9f395269", "4 42": "e284d1b3a240c993", "4 -7": "61ad8983e3e38512",
    "5 0": "2dac13530bc340fa", "5 2": "cfac610e0cc1491f", "5 42": "07f4826242794941", "5 -7": "bda0a194c6a97f77",
    "6 0": "ed059cbb2f34f4db", "6 2": "1e5e9d57a6492bf0", "6 42": "5a290c98352a6a11", "6 -7": "0ec8eb97e4e47f4c",
    "7 0": "2023482f4f87198a", "7 2": "ad6fa438b1d304fd", "7 42": "918b5ce9af92cbbd", "7 -7": "42f47f28e56af790",
    "8 0": "fc870b574e2874d5", "8 2": "9a9cadf50bee832f", "8 42": "bc5334dabbb116ce", "8 -7": "b3d84aa1d7b57cd3",
  };

  it("deal exactly as they were dealt (the same roles, characters and generator state: their logs replay the same)", () => {
    for (const [key, digest] of Object.entries(PINNED)) {
      const [n, seed] = key.split(" ").map(Number) as [number, number];
      const made = createGame({ players: players(n).map((id) => ({ id })), seed });
      if (!made.ok) throw new Error(made.error.message);
      const deal = { deal: made.state.players.map((p) => [p.role, p.character]), rng: made.state.rng };
      expect(createHash("sha256").update(JSON.stringify(deal)).digest("hex").slice(0, 16), key).toBe(digest);
    }
  });

  it("and that unmixed seeding is the biased one: with even seeds the sheriff never sits last at 4 or 8 players", () => {
    for (const n of [4, 8]) {
      const { roles, table } = roleBySeat(n, (seed) => ({ players: players(n).map((id) => ({ id })), seed }));
      expect(table.at(-1)![roles.indexOf("sheriff")]).toBe(0);
      expect(chiSquare(table).p).toBeLessThan(0.01);
    }
  });
});
