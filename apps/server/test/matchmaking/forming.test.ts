import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formTables, ratingWindow } from "../../src/matchmaking/forming.js";
import type { QueueEntry } from "../../src/matchmaking/store.js";

const rules = (over: Partial<Parameters<typeof formTables>[1]> = {}) => ({ minSeats: 4, maxSeats: 4, ratingWindow: 3, widenPerSecond: 0, botsAfterSeconds: null, ...over });
const entry = (i: number, rating: number, joinedAt = 0): QueueEntry => ({ playerId: `p${i}`, name: `p${i}`, rating, joinedAt });

describe("formTables", () => {
  it("forms only full tables of a fixed size, the longest waiting first", () => {
    const entries = Array.from({ length: 14 }, (_, i) => entry(i, 0, i));
    const tables = formTables(entries, rules({ minSeats: 5, maxSeats: 5 }), 100);
    expect(tables.map((t) => t.players.length)).toEqual([5, 5]);
    expect(tables.every((t) => t.bots === 0)).toBe(true);
    // The 4 who joined last wait for more players.
    const seated = new Set(tables.flatMap((t) => t.players.map((p) => p.playerId)));
    expect([...Array(14).keys()].filter((i) => !seated.has(`p${i}`))).toEqual([10, 11, 12, 13]);
  });

  it("a range of sizes takes up to maxSeats and accepts minSeats", () => {
    const entries = Array.from({ length: 20 }, (_, i) => entry(i, 0, i));
    expect(formTables(entries, rules({ minSeats: 4, maxSeats: 8 }), 100).map((t) => t.players.length)).toEqual([8, 8, 4]);
    expect(formTables(entries.slice(0, 3), rules({ minSeats: 4, maxSeats: 8 }), 100)).toEqual([]);
  });

  it("keeps players apart whose ratings differ by more than the window, and seats the nearest", () => {
    // Four low-rated and four high-rated players; window 3: two tables, never mixed.
    const entries = [0, 1, 2, 0.5, 20, 21, 22, 20.5].map((r, i) => entry(i, r, i));
    const tables = formTables(entries, rules(), 0);
    expect(tables.map((t) => t.players.map((p) => p.rating).sort((a, b) => a - b))).toEqual([
      [0, 0.5, 1, 2],
      [20, 20.5, 21, 22],
    ]);
    // With only 3 close players and one far away, nothing forms.
    expect(formTables([entry(0, 0), entry(1, 1), entry(2, 2), entry(3, 10)], rules(), 0)).toEqual([]);
  });

  it("widens the rating window with the wait of the oldest player", () => {
    const entries = [entry(0, 0, 0), entry(1, 1, 50_000), entry(2, 2, 50_000), entry(3, 10, 50_000)];
    const widening = rules({ widenPerSecond: 1 });
    expect(ratingWindow(widening, 6_000)).toBe(9);
    // At t = 6 s the first player's window is 3 + 6 = 9 < 10: no table.
    expect(formTables(entries, widening, 6_000)).toEqual([]);
    // At t = 7 s it is 10: the far player joins the table.
    const tables = formTables(entries, widening, 7_000);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.players.map((p) => p.playerId)).toEqual(["p0", "p1", "p2", "p3"]);
  });

  it("fills with bots only once the anchor waited botsAfterSeconds, and only when allowed", () => {
    const entries = [entry(0, 0, 0), entry(1, 0, 1_000)];
    expect(formTables(entries, rules({ botsAfterSeconds: 10 }), 9_999)).toEqual([]);
    const tables = formTables(entries, rules({ botsAfterSeconds: 10 }), 10_000);
    expect(tables).toEqual([{ players: entries, bots: 2 }]);
    expect(formTables(entries, rules({ botsAfterSeconds: null }), 1e9)).toEqual([]);
  });

  it("never puts a player in two tables and respects the sizes (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rating: fc.integer({ min: -20, max: 40 }), joinedAt: fc.integer({ min: 0, max: 60_000 }) }), { maxLength: 200 }),
        fc.integer({ min: 4, max: 8 }),
        fc.integer({ min: 0, max: 4 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        (raw, max, span, botsAfter) => {
          const min = Math.max(4, max - span);
          const entries = raw.map((r, i) => entry(i, r.rating, r.joinedAt));
          const tables = formTables(entries, rules({ minSeats: min, maxSeats: max, widenPerSecond: 0.2, botsAfterSeconds: botsAfter }), 60_000);
          const seen = new Set<string>();
          for (const t of tables) {
            expect(t.players.length).toBeLessThanOrEqual(max);
            expect(t.players.length + t.bots).toBeGreaterThanOrEqual(min);
            if (t.bots > 0) expect(t.players.length + t.bots).toBe(min);
            for (const p of t.players) {
              expect(seen.has(p.playerId)).toBe(false);
              seen.add(p.playerId);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
