/** The admin history's winner words (apps/web/src/lib/history.ts). */
import { describe, expect, it } from "vitest";
import { winnerText } from "../src/lib/history";

describe("winnerText", () => {
  it("names the winning players; the team follows only where the game lists teams", () => {
    // The duel's team is the game itself ("duel"): the winner is named, never "duel" (R8.10: one winner).
    expect(winnerText({ team: "duel", players: ["p2"], names: ["Belle Starr"] }, undefined)).toBe("Belle Starr");
    // The dice game's law wins together (R6.2: the sheriff and every deputy): every winner by name, then the team.
    expect(winnerText({ team: "law", players: ["p1", "p3"], names: ["Ann", "Cole"] }, ["law", "outlaws", "renegade"])).toBe("Ann, Cole (law)");
    expect(winnerText(null, ["law"])).toBe("—");
  });
});
