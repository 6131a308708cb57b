/** The admin game page's presence words (apps/web/src/lib/presence.ts). */
import type { GamePresence } from "@bang/client";
import { describe, expect, it } from "vitest";
import { seatStatus, tablePresence, timeLeft } from "../src/lib/presence";

const seat = (id: string, more: Partial<GamePresence["seats"][number]> = {}) => ({ id, name: id, bot: null, connected: true, away: false, replaced: false, remainingMs: null, ...more });
const presence: GamePresence = {
  gameId: "g",
  node: "n1",
  turnMs: 60_000,
  seats: [seat("ann", { remainingMs: 41_500 }), seat("bob", { connected: false, away: true }), seat("cat", { away: true, replaced: true }), seat("bot1", { bot: "heuristic", connected: false })],
};

describe("presence on the admin's game page", () => {
  it("gives the table who is away, replaced, connected, and when each timer ends (browser clock)", () => {
    expect(tablePresence(presence, 1_000)).toEqual({ away: ["bob", "cat"], replaced: ["cat"], connected: ["ann", "cat"], people: ["ann", "bob", "cat"], timers: [{ playerId: "ann", endsAt: 42_500 }], turnMs: 60_000 });
  });

  it("says each seat's connection in words", () => {
    expect(presence.seats.map(seatStatus)).toEqual(["connected", "disconnected · away: the bot plays for them", "given to the bot · still connected", "bot (heuristic)"]);
  });

  it("counts a timer down in whole seconds, never below 0", () => {
    expect(timeLeft(42_500, 1_000)).toBe("42 s");
    expect(timeLeft(200_000, 10_000)).toBe("3 min 10 s");
    expect(timeLeft(1_000, 5_000)).toBe("0 s");
    expect(timeLeft(null, 0)).toBe("—");
  });
});
