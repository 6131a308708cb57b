import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redis } from "../../src/cluster/redis.js";
import { Matchmaker } from "../../src/matchmaking/matchmaker.js";
import { MemoryQueueStore } from "../../src/matchmaking/memory-store.js";
import { queueDefinition } from "../../src/matchmaking/queues.js";
import { RedisQueueStore } from "../../src/matchmaking/redis-store.js";
import type { QueueStore } from "../../src/matchmaking/store.js";
import { percentile, queueWaits, RECENT_WAITS_MAX, RECENT_WAITS_WINDOW_MS } from "../../src/matchmaking/waits.js";
import { connectTestRedis } from "../cluster/support.js";

const PREFIX = `test:mm-waits:${randomUUID()}:`;
let redis: Redis;

beforeAll(async () => {
  redis = await connectTestRedis("mm-waits-test");
});
afterAll(async () => {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  await redis.quit();
});

describe("queue wait statistics (pure)", () => {
  it("nearest-rank percentiles are always one of the values", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentile([4, 1, 3, 2], 0.9)).toBe(4);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.9)).toBe(90);
  });

  it("the longest wait is the oldest join's; seconds with millisecond precision; nothing queued is null", () => {
    expect(queueWaits([10_000, 4_500, 9_000], [2_500, 1_234, 700], 12_000)).toEqual({ longestSeconds: 7.5, windowSeconds: RECENT_WAITS_WINDOW_MS / 1000, matched: 3, medianSeconds: 1.234, p90Seconds: 2.5 });
    expect(queueWaits([], [], 12_000)).toEqual({ longestSeconds: null, windowSeconds: 900, matched: 0, medianSeconds: null, p90Seconds: null });
    // A join time a little ahead of this node's clock (another node's) is no negative wait.
    expect(queueWaits([12_050], [], 12_000).longestSeconds).toBe(0);
  });
});

/** The same contract on both stores: recorded waits are kept for the window, the newest RECENT_WAITS_MAX at most. */
const stores: [string, () => QueueStore][] = [
  ["memory", () => new MemoryQueueStore()],
  ["redis", () => new RedisQueueStore(redis, `${PREFIX}${randomUUID()}:`)],
];

describe.each(stores)("recent waits in the %s store", (_, make) => {
  it("kept per queue for the window, then forgotten", async () => {
    const store = make();
    const t0 = 5_000_000;
    await store.recordWaits("q", "m1", t0, [1_000, 3_000]);
    await store.recordWaits("q", "m2", t0 + 60_000, [2_000, 2_000]);
    await store.recordWaits("other", "m3", t0, [9_000]);
    expect((await store.recentWaits("q", t0)).sort((a, b) => a - b)).toEqual([1_000, 2_000, 2_000, 3_000]);
    expect(await store.recentWaits("q", t0 + 1)).toEqual([2_000, 2_000]);
    expect(await store.recentWaits("other", 0)).toEqual([9_000]);
    // A write past the window trims what fell out of it.
    await store.recordWaits("q", "m4", t0 + RECENT_WAITS_WINDOW_MS + 30_000, [500]);
    expect((await store.recentWaits("q", 0)).sort((a, b) => a - b)).toEqual([500, 2_000, 2_000]);
  });

  it(`keeps the newest ${RECENT_WAITS_MAX} waits of a queue`, async () => {
    const store = make();
    for (let m = 0; m < RECENT_WAITS_MAX / 100 + 1; m++) {
      await store.recordWaits("q", `m${m}`, 1_000_000 + m, Array.from({ length: 100 }, () => m * 10));
    }
    const kept = await store.recentWaits("q", 0);
    expect(kept).toHaveLength(RECENT_WAITS_MAX);
    expect(kept).not.toContain(0);
    expect(kept.filter((w) => w === (RECENT_WAITS_MAX / 100) * 10)).toHaveLength(100);
  });
});

describe("Matchmaker.summary", () => {
  it("counts from the original join across a failed ready check; the waits recorded at the game's start", async () => {
    let clock = 1_000_000;
    const store = new MemoryQueueStore();
    const matchOf = new Map<string, string>();
    const mm = new Matchmaker({
      queues: [queueDefinition.parse({ id: "four", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 5 })],
      store,
      ordinals: async (ids) => new Map(ids.map((id) => [id, 0])),
      startGame: async () => ({ gameId: "g" }),
      notify: (id, m) => {
        if (m.type === "matchFound") matchOf.set(id, m.matchId);
      },
      tickMs: 0,
      now: () => clock,
    });
    try {
      expect(await mm.summary("four")).toMatchObject({ waiting: 0, waits: { longestSeconds: null, matched: 0, medianSeconds: null } });
      for (let i = 0; i < 4; i++) {
        await mm.join({ id: `p${i}`, name: `player ${i}` }, "four");
        if (i < 3) clock += 2_000;
      }
      // p0 joined 6 s ago, p3 just now.
      expect(await mm.summary("four")).toMatchObject({ waiting: 4, waits: { longestSeconds: 6, matched: 0 } });
      await mm.tick();
      // In the ready check nobody is queued.
      expect((await mm.summary("four")).waits.longestSeconds).toBeNull();
      clock += 1_000;
      await mm.confirm("p0", matchOf.get("p0")!, false);
      // p0 declined and is out; p1..p3 are back with their join times (p1 joined 5 s ago).
      expect(await mm.summary("four")).toMatchObject({ waiting: 3, waits: { longestSeconds: 5 } });
      clock += 3_000;
      await mm.join({ id: "p4", name: "player 4" }, "four");
      await mm.tick();
      clock += 500;
      for (const id of ["p1", "p2", "p3", "p4"]) await mm.confirm(id, matchOf.get(id)!, true);
      await new Promise((r) => setTimeout(r, 10));
      // Waits to the table found: p1 8 s, p2 6 s, p3 4 s, p4 0 s.
      expect(await mm.summary("four")).toMatchObject({ waiting: 0, waits: { longestSeconds: null, matched: 4, medianSeconds: 4, p90Seconds: 8 } });
      // Forgotten after the window.
      clock += RECENT_WAITS_WINDOW_MS + 1;
      expect((await mm.summary("four")).waits).toMatchObject({ matched: 0, medianSeconds: null, p90Seconds: null });
    } finally {
      mm.dispose();
    }
  });
});
