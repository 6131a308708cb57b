import type { GameResult } from "@bang/game-core";
import { dice, type GameState } from "@bang/game-dice";
import { gameById } from "@bang/games";
import { describe, expect, it } from "vitest";
import { rankedSeats } from "../../src/tournaments/service.js";
import { seatTables, standings, tableResult, type RecordedTable } from "../../src/tournaments/table-format.js";

/** A dealt 5-seat dice game (seed 7) ended with the law winning, the players `alive` picks alive. */
function lawWins(alive: (p: GameState["players"][number], outlawNo: number) => boolean): { state: GameState; result: GameResult } {
  const created = dice.create({ players: ["s", "d", "o1", "o2", "r"].map((id) => ({ id })), seed: 7 });
  if (!created.ok) throw new Error(created.error.message);
  const outlaws = created.state.players.filter((p) => p.role === "outlaw");
  const players = created.state.players.map((p) => ({ ...p, alive: alive(p, outlaws.indexOf(p)) }));
  const law = players.filter((p) => p.role === "sheriff" || p.role === "deputy").map((p) => p.id);
  const state: GameState = { ...created.state, players, winner: { team: "law", players: law } as GameState["winner"] };
  return { state, result: dice.result(state)! };
}

describe("table format", () => {
  it("a table's points are its game module's scores of each seat (dice, R6 scoring: by role when the team wins, +1 alive)", () => {
    const { state, result } = lawWins((p, outlawNo) => p.role === "sheriff" || outlawNo === 1);
    const seats = state.players.map((p) => p.id);
    const stored = tableResult(result, [...seats, "bot-x"]);
    const roleOf = (role: string) => state.players.filter((p) => p.role === role).map((p) => p.id);
    const [sheriff] = roleOf("sheriff");
    const [deputy] = roleOf("deputy");
    const [deadOutlaw, liveOutlaw] = roleOf("outlaw");
    const [renegade] = roleOf("renegade");
    expect(stored).toEqual({
      team: "law",
      points: { [sheriff!]: 6, [deputy!]: 4, [deadOutlaw!]: 0, [liveOutlaw!]: 1, [renegade!]: 0, "bot-x": 0 },
      winners: [sheriff, deputy].sort((a, b) => seats.indexOf(a!) - seats.indexOf(b!)),
    });
    // The points are the module's own: nothing of the game's words is recomputed here.
    for (const id of seats) expect(stored.points[id]).toBe(result.scores[id]);
  });

  it("seats as few tables as possible, balanced, serpentine, bots below the game's smallest ranked table", () => {
    const ids = Array.from({ length: 32 }, (_, i) => `p${i + 1}`);
    const minTable = rankedSeats(gameById("dice")).min;
    expect(minTable).toBe(4);
    const tables = seatTables(ids, 8, minTable);
    expect(tables.map((t) => t.length)).toEqual([8, 8, 8, 8]);
    // Serpentine: table 1 gets seeds 1, 8, 9, 16, ...
    expect(tables[0]!.slice(0, 4)).toEqual(["p1", "p8", "p9", "p16"]);
    expect(tables[3]!.slice(0, 4)).toEqual(["p4", "p5", "p12", "p13"]);
    expect(seatTables(ids.slice(0, 10), 8, minTable).map((t) => t.length)).toEqual([5, 5]);
    const small = seatTables(ids.slice(0, 5), 4, minTable);
    expect(small.map((t) => t.length)).toEqual([minTable, minTable]);
    expect(small.flat().filter((s) => s === null)).toHaveLength(3);
    // Another game's minimum: no bot seat above it.
    expect(seatTables(ids.slice(0, 5), 4, 2).map((t) => t.length)).toEqual([3, 2]);
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
