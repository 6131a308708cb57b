/** The statistics page's words (apps/web/src/lib/stats.ts) over the server's statistics. */
import type { Statistics } from "@bang/client";
import { describe, expect, it } from "vitest";
import { coverageLines, coverageSummary } from "../src/lib/stats";

const stats: Statistics = {
  game: null,
  finished: 7,
  read: 7,
  covers: [
    { game: "dice", name: "Bang! The Dice Game", games: 3, skipped: 1 },
    { game: "dice_duel", name: "Duel", games: 3, skipped: 0 },
    { game: "showdown", name: "Showdown", games: 0, skipped: 0 },
  ],
  games: 6,
  byFacet: [],
  byTeam: [
    { game: "dice", team: "law", games: 2 },
    { game: "dice_duel", team: "duel", games: 3 },
    { game: "dice", team: "outlaws", games: 1 },
  ],
  length: { averageCommands: 0, averageMinutes: 0, buckets: [] },
  activity: [],
};

describe("statistics coverage", () => {
  it("gives every game its line, duels included; wins by team only where the game has teams", () => {
    const teams: Record<string, readonly string[] | null> = { dice: ["law", "outlaws", "renegade"], dice_duel: null };
    expect(coverageLines(stats, (g) => teams[g]).map((l) => [l.game, l.games, l.skipped, l.wins])).toEqual([
      ["dice", 3, 1, "law 2, outlaws 1"],
      // R8.10: a duel has one winner, no team: its line counts its games and names no team.
      ["dice_duel", 3, 0, ""],
      ["showdown", 0, 0, ""],
    ]);
  });

  it("says what is counted of which game, what is left out, and when only the newest were read", () => {
    expect(coverageSummary(stats, null)).toBe("finished games of every game · 1 left out (see the table)");
    expect(coverageSummary({ ...stats, covers: [stats.covers[1]!], games: 1, read: 5000, finished: 6200 }, "Duel")).toBe("finished game of Duel · the newest 5000 of 6200 read");
  });
});
