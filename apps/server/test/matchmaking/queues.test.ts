/** Queue definitions: every queue names a registered game, and its tables fit that game's ranked seats. */
import { gameById } from "@bang/games";
import { describe, expect, it } from "vitest";
import { parseQueues } from "../../src/matchmaking/queues.js";

const queues = (defs: unknown[]) => () => parseQueues(JSON.stringify(defs));

describe("parseQueues", () => {
  it("the defaults: dice-5, dice-4-8, dice-4-bots (bots after 30 s, at most 300 s), dice_duel-2, cards-4-7 and cash_n_guns-4-8", () => {
    const defaults = parseQueues(undefined);
    expect(defaults.map((q) => [q.id, q.game, q.minSeats, q.maxSeats])).toEqual([
      ["dice-5", "dice", 5, 5],
      ["dice-4-8", "dice", 4, 8],
      ["dice-4-bots", "dice", 4, 4],
      ["dice_duel-2", "dice_duel", 2, 2],
      ["cards-4-7", "cards", 4, 7],
      ["cash_n_guns-4-8", "cash_n_guns", 4, 8],
    ]);
    expect(defaults.find((q) => q.id === "dice-4-bots")).toMatchObject({ botsAfterSeconds: 30, maxWaitSeconds: 300 });
    expect(parseQueues("  ")).toEqual(defaults);
    // Every default queue's tables are ranked tables of its game.
    for (const q of defaults) {
      const seats = gameById(q.game).rankedSeats ?? gameById(q.game).seats;
      expect(q.minSeats).toBeGreaterThanOrEqual(seats.min);
      expect(q.maxSeats).toBeLessThanOrEqual(seats.max);
    }
  });

  it("a queue names its game: missing or unknown, the error names the queue and the field `game`", () => {
    expect(queues([{ id: "nogame", minSeats: 4, maxSeats: 4 }])).toThrow(/^MATCHMAKING_QUEUES: queue "nogame" \(0\): game: /);
    expect(queues([{ id: "dice-5", game: "dice", minSeats: 5, maxSeats: 5 }, { id: "x", game: "poker", minSeats: 2, maxSeats: 2 }])).toThrow(
      /^MATCHMAKING_QUEUES: queue "x" \(1\): game: unknown game "poker" \(one of dice, dice_duel/,
    );
    expect(queues([{ game: "dice", minSeats: 4, maxSeats: 4 }])).toThrow(/^MATCHMAKING_QUEUES: queue 0: id: /);
  });

  it("seats within the game's ranked seats (R1.1: dice 4 to 8 in public play; R8.1: dice_duel exactly 2)", () => {
    expect(queues([{ id: "d3", game: "dice_duel", minSeats: 2, maxSeats: 3 }])).toThrow(/MATCHMAKING_QUEUES: queue "d3" \(0\): minSeats: seats out of range for game "dice_duel" \(its ranked tables have exactly 2 seats\)/);
    expect(queues([{ id: "c2", game: "dice", minSeats: 2, maxSeats: 2 }])).toThrow(/queue "c2" \(0\): minSeats: seats out of range for game "dice" \(its ranked tables have 4 to 8 seats\)/);
    // The 3-seat dice game (part C) is not a ranked table.
    expect(queues([{ id: "c3", game: "dice", minSeats: 3, maxSeats: 4 }])).toThrow(/seats out of range/);
    expect(queues([{ id: "wide", game: "dice", minSeats: 6, maxSeats: 5 }])).toThrow(/queue "wide" \(0\): minSeats: minSeats must not exceed maxSeats/);
    expect(parseQueues(JSON.stringify([{ id: "duo", game: "dice_duel", minSeats: 2, maxSeats: 2, botsAfterSeconds: 0 }]))[0]).toMatchObject({ game: "dice_duel", botsAfterSeconds: 0, botKind: "heuristic" });
  });

  it("refuses text that is not JSON, an empty list, and two queues of one id", () => {
    expect(() => parseQueues("[")).toThrow("MATCHMAKING_QUEUES: not valid JSON");
    expect(queues([])).toThrow(/^MATCHMAKING_QUEUES: /);
    expect(queues([{ id: "a", game: "dice", minSeats: 4, maxSeats: 4 }, { id: "a", game: "dice", minSeats: 5, maxSeats: 5 }])).toThrow('queue id "a" appears twice');
  });
});
