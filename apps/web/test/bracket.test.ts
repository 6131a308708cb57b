/** The bracket page's logic (apps/web/src/lib/bracket.ts) on the server's bracket data. */
import type { TournamentBracket } from "@bang/client";
import { describe, expect, it } from "vitest";
import { gamesOfMatches, hasBracket, noBracketText, viewerData } from "../src/lib/bracket";

const bracket: TournamentBracket = {
  id: "t1",
  status: "running",
  format: "single_elimination",
  matches: [
    { matchId: 0, groupId: 0, roundId: 0, number: 1, status: "completed", players: ["p1", "p4"], winner: "p4", gameId: "g1" },
    { matchId: 1, groupId: 0, roundId: 0, number: 2, status: "running", players: ["p2", "p3"], winner: null, gameId: "g2" },
    { matchId: 2, groupId: 0, roundId: 1, number: 1, status: "waiting", players: ["p4", null], winner: null, gameId: null },
  ],
  viewer: {
    stages: [{ id: 0, type: "single_elimination", name: "single_elimination", tournament_id: 0, number: 1, settings: {} }],
    matches: [{ id: 0 }, { id: 1 }, { id: 2 }],
    matchGames: [],
    participants: [
      { id: 0, name: "p1", tournament_id: 0 },
      { id: 1, name: "p2", tournament_id: 0 },
      { id: 2, name: "p3", tournament_id: 0 },
      { id: 3, name: "p4", tournament_id: 0 },
    ],
  },
};

describe("bracket drawing data", () => {
  it("names the participants by the players' names, keeping the library's ids and other fields", () => {
    const names: Record<string, string> = { p1: "Ann", p2: "Bob", p4: "Dee" };
    const data = viewerData(bracket, (id) => names[id]);
    expect(data.participants.map((p) => [p.id, p.name])).toEqual([
      [0, "Ann"],
      [1, "Bob"],
      [2, "p3"],
      [3, "Dee"],
    ]);
    expect(data.participants[0]).toMatchObject({ tournament_id: 0 });
    expect(data.stages).toEqual([{ ...bracket.viewer.stages[0], name: "Single elimination" }]);
    expect(data.matches).toBe(bracket.viewer.matches);
    // The server's data is not changed.
    expect(bracket.viewer.participants[0]!.name).toBe("p1");
  });

  it("links only the matches that have a game", () => {
    expect([...gamesOfMatches(bracket)]).toEqual([
      [0, "g1"],
      [1, "g2"],
    ]);
  });

  it("says why there is no bracket: a table format has none, a head-to-head one is drawn once started", () => {
    expect(hasBracket({ format: "table" })).toBe(false);
    expect(hasBracket({ format: "round_robin" })).toBe(true);
    expect(noBracketText({ format: "table", status: "running" })).toContain("table format");
    expect(noBracketText({ format: "single_elimination", status: "registration" })).toContain("when the organiser starts");
  });
});
