import { describe, expect, it } from "vitest";
import { rankSides, type SeatSide } from "../src/index.js";

const seats = [
  { id: "a", role: "captain" },
  { id: "crew", role: "loner" },
  { id: "c", role: "mate" },
  { id: "d", role: "pirate" },
  { id: "e", role: "loner" },
];
const sideOf = (p: { role: string }): SeatSide => (p.role === "captain" || p.role === "mate" ? { team: "crew" } : p.role === "pirate" ? { team: "pirates" } : { team: "loner", alone: true });

describe("rankSides", () => {
  it("groups seats by team in seat order, the winners' side at place 1 and first, every other side tied at place 2", () => {
    expect(rankSides(seats, sideOf, ["d"])).toEqual([
      { team: "pirates", players: ["d"], place: 1 },
      { team: "crew", players: ["a", "c"], place: 2 },
      { team: "loner", players: ["crew"], place: 2 },
      { team: "loner", players: ["e"], place: 2 },
    ]);
  });

  it("keeps a side of its own apart whatever the player's id: a player alone whose id is a team's name is not merged into that team", () => {
    const ranking = rankSides(seats, sideOf, ["a", "c"]);
    expect(ranking[0]).toEqual({ team: "crew", players: ["a", "c"], place: 1 });
    expect(ranking.find((s) => s.players.includes("crew"))).toEqual({ team: "loner", players: ["crew"], place: 2 });
  });
});
