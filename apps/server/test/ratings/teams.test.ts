import type { GameState } from "@bang/engine";
import { describe, expect, it } from "vitest";
import { ratingTeams } from "../../src/ratings/teams.js";

const p = (id: string, role: GameState["players"][number]["role"]) => ({ id, role }) as GameState["players"][number];

describe("ratingTeams", () => {
  it("R6 the law, the outlaws and each renegade are teams; the winners rank 1, every loser 2", () => {
    const players = [p("s", "sheriff"), p("d1", "deputy"), p("d2", "deputy"), p("o1", "outlaw"), p("o2", "outlaw"), p("o3", "outlaw"), p("r1", "renegade"), p("r2", "renegade")];
    const teams = ratingTeams({ players, winner: { team: "outlaws", players: ["o1", "o2", "o3"] } });
    expect(teams).toEqual([
      { members: ["s", "d1", "d2"], rank: 2 },
      { members: ["o1", "o2", "o3"], rank: 1 },
      { members: ["r1"], rank: 2 },
      { members: ["r2"], rank: 2 },
    ]);
    const renegade = ratingTeams({ players, winner: { team: "renegade", players: ["r2"] } });
    expect(renegade.find((t) => t.members[0] === "r2")!.rank).toBe(1);
    expect(renegade.filter((t) => t.rank === 1)).toHaveLength(1);
  });

  it("R7.3 with 3 players each player is a team of one", () => {
    const teams = ratingTeams({ players: [p("a", "deputy"), p("b", "outlaw"), p("c", "renegade")], winner: { team: "outlaw", players: ["b"] } });
    expect(teams.map((t) => t.rank)).toEqual([2, 1, 2]);
  });

  it("refuses a game without a winner", () => {
    expect(() => ratingTeams({ players: [], winner: null })).toThrow(/not over/);
  });
});
