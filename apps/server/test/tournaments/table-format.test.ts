import { describe, expect, it } from "vitest";
import { MIN_TABLE, scoreTable, seatTables, standings, type RecordedTable } from "../../src/tournaments/table-format.js";

describe("table format", () => {
  it("scores by role when the team wins, plus one point for surviving", () => {
    const points = scoreTable({
      players: [
        { id: "s", role: "sheriff", alive: true },
        { id: "d", role: "deputy", alive: false },
        { id: "o1", role: "outlaw", alive: false },
        { id: "o2", role: "outlaw", alive: true },
        { id: "r", role: "renegade", alive: false },
      ],
      winners: ["s", "d"],
      team: "law",
    });
    expect(points).toEqual({ s: 6, d: 4, o1: 0, o2: 1, r: 0 });
    expect(scoreTable({ players: [{ id: "r", role: "renegade", alive: true }, { id: "s", role: "sheriff", alive: false }], winners: ["r"], team: "renegade" })).toEqual({ r: 9, s: 0 });
  });

  it("seats as few tables as possible, balanced, serpentine, bots below the minimum", () => {
    const ids = Array.from({ length: 32 }, (_, i) => `p${i + 1}`);
    const tables = seatTables(ids, 8);
    expect(tables.map((t) => t.length)).toEqual([8, 8, 8, 8]);
    // Serpentine: table 1 gets seeds 1, 8, 9, 16, ...
    expect(tables[0]!.slice(0, 4)).toEqual(["p1", "p8", "p9", "p16"]);
    expect(tables[3]!.slice(0, 4)).toEqual(["p4", "p5", "p12", "p13"]);
    expect(seatTables(ids.slice(0, 10), 8).map((t) => t.length)).toEqual([5, 5]);
    const small = seatTables(ids.slice(0, 5), 4);
    expect(small.map((t) => t.length)).toEqual([MIN_TABLE, MIN_TABLE]);
    expect(small.flat().filter((s) => s === null)).toHaveLength(3);
  });

  it("ranks the final table first, then qualifying points, wins, seed", () => {
    const players = ["a", "b", "c", "d", "e"].map((id, i) => ({ playerId: id, name: id, seed: i + 1 }));
    const tables: RecordedTable[] = [
      { round: 1, points: { a: 3, b: 5, c: 5, d: 0, e: 1 }, winners: ["b", "c"] },
      { round: 2, points: { a: 6, b: 0, c: 1, d: 5 }, winners: ["a", "d"] },
      // Final (round 3): d and c meet, c wins it.
      { round: 3, points: { c: 4, d: 1 }, winners: ["c"] },
    ];
    const s = standings(players, tables, 3);
    expect(s.map((x) => x.playerId)).toEqual(["c", "d", "a", "b", "e"]);
    expect(s.find((x) => x.playerId === "a")).toMatchObject({ points: 9, wins: 1, games: 2, finalPoints: null, place: 3 });
    expect(s[0]).toMatchObject({ playerId: "c", points: 6, finalPoints: 4, place: 1 });
  });
});
