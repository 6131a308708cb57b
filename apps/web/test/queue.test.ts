/** The queue page's logic (apps/web/src/lib/queue.ts) on the statuses the server sends (packages/protocol queue.ts). */
import type { QueueInfo } from "@bang/client";
import { describe, expect, it } from "vitest";
import { describeQueue, describeWaits, formatWait, gameOf, queueStatusText, secondsBetween } from "../src/lib/queue";

const t0 = 1_700_000_000_000;
const NO_WAITS = { longestSeconds: null, windowSeconds: 900, matched: 0, medianSeconds: null, p90Seconds: null };

describe("queue statuses", () => {
  it("says how long the player waited and how long is left to confirm", () => {
    expect(queueStatusText({ state: "queued", queueId: "dice-5", joinedAt: t0, ratingWindow: 3.25 }, t0 + 12_900)).toBe("Waiting in dice-5 for 12 s (rating window ±3.3).");
    expect(queueStatusText({ state: "matched", queueId: "dice-5", matchId: "m1", deadline: t0 + 15_000 }, t0 + 4_000)).toBe("A table was found in dice-5: confirm within 11 s.");
    expect(secondsBetween(t0 + 5_000, t0)).toBe(0);
  });

  it("names each way out of the queue", () => {
    expect(queueStatusText({ state: "idle" }, t0)).toBe("Not in a queue.");
    expect(queueStatusText({ state: "idle", reason: "readyTimeout" }, t0)).toContain("did not confirm in time");
    expect(queueStatusText({ state: "idle", reason: "declined" }, t0)).toContain("declined");
    expect(queueStatusText({ state: "idle", reason: "disconnected" }, t0)).toContain("join again");
    expect(queueStatusText({ state: "idle", reason: "maxWait", message: "waited 300 s" }, t0)).toBe("waited 300 s");
  });

  it("opens the game only once it plays", () => {
    expect(gameOf({ state: "playing", queueId: "q", gameId: "g1" })).toBe("g1");
    expect(gameOf({ state: "matched", queueId: "q", matchId: "m", deadline: t0 })).toBeNull();
  });

  it("describes a queue's game, seats, bots, wait limit and waiting players", () => {
    const q: QueueInfo = { id: "dice-4-8", game: "dice", minSeats: 4, maxSeats: 8, botsAfterSeconds: null, maxWaitSeconds: 300, readySeconds: 15, waiting: 2, waits: NO_WAITS };
    expect(describeQueue(q)).toBe("dice, 4 to 8 players, no bots, at most 300 s of waiting; 2 waiting");
    // The page names the game as the catalog does.
    expect(describeQueue(q, "Bang! The Dice Game")).toBe("Bang! The Dice Game, 4 to 8 players, no bots, at most 300 s of waiting; 2 waiting");
    expect(describeQueue({ ...q, minSeats: 5, maxSeats: 5, botsAfterSeconds: 30, maxWaitSeconds: null, waiting: 0 })).toBe("dice, 5 players, bots after 30 s, no wait limit; 0 waiting");
  });

  it("describes the waits: the longest now, the median and p90 of the last window", () => {
    expect(formatWait(null)).toBe("—");
    expect(formatWait(12.4)).toBe("12 s");
    expect(formatWait(59.6)).toBe("1 min");
    expect(describeWaits(NO_WAITS)).toBe("nobody waiting now; nobody matched in the last 15 min");
    expect(describeWaits({ longestSeconds: 42.7, windowSeconds: 900, matched: 8, medianSeconds: 9.2, p90Seconds: 31.5 })).toBe("longest wait now 43 s; last 15 min: median wait 9 s, 90% within 32 s (8 players)");
    expect(describeWaits({ longestSeconds: null, windowSeconds: 900, matched: 1, medianSeconds: 3, p90Seconds: 3 })).toBe("nobody waiting now; last 15 min: median wait 3 s, 90% within 3 s (1 player)");
  });
});
