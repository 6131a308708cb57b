import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redis } from "../../src/cluster/redis.js";
import { Matchmaker } from "../../src/matchmaking/matchmaker.js";
import { queueDefinition } from "../../src/matchmaking/queues.js";
import { RedisQueueStore } from "../../src/matchmaking/redis-store.js";
import { connectTestRedis } from "../cluster/support.js";

const PREFIX = `test:mm:${randomUUID()}:`;
let a: Redis;
let b: Redis;

beforeAll(async () => {
  a = await connectTestRedis("mm-test-a");
  b = await connectTestRedis("mm-test-b");
});
afterAll(async () => {
  let cursor = "0";
  do {
    const [next, keys] = await a.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 500);
    if (keys.length > 0) await a.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  await a.quit();
  await b.quit();
});

const entry = (id: string, rating = 0, joinedAt = 0) => ({ playerId: id, name: id, rating, joinedAt });

describe("RedisQueueStore (real Redis)", () => {
  it("join is once per player across queues; leave, placement and requeue keep the entry", async () => {
    const store = new RedisQueueStore(a, `${PREFIX}basic:`);
    expect(await store.join("q1", entry("x", 1.5, 42))).toBe(true);
    expect(await store.join("q2", entry("x"))).toBe(false);
    expect(await store.placement("x")).toEqual({ state: "queued", queueId: "q1", entry: entry("x", 1.5, 42) });
    expect(await store.claim("q1", "m1", ["x", "ghost"])).toBe(false);
    expect(await store.entries("q1")).toEqual([entry("x", 1.5, 42)]);
    expect(await store.claim("q1", "m1", ["x"])).toBe(true);
    expect(await store.placement("x")).toEqual({ state: "matched", queueId: "q1", matchId: "m1" });
    expect(await store.leave("x")).toBeNull();
    await store.requeue("q1", "m1", [entry("x", 1.5, 42)]);
    expect(await store.leave("x")).toEqual(entry("x", 1.5, 42));
    expect(await store.placement("x")).toBeNull();
  });

  it("concurrent claims of overlapping tables: each player goes to exactly one", async () => {
    const s1 = new RedisQueueStore(a, `${PREFIX}race:`);
    const s2 = new RedisQueueStore(b, `${PREFIX}race:`);
    for (let i = 0; i < 40; i++) await s1.join("q", entry(`p${i}`));
    // 40 claims of 4 players each, windows overlapping by 2, half through each connection at once.
    const attempts = Array.from({ length: 19 }, (_, k) => ({ matchId: `m${k}`, ids: [0, 1, 2, 3].map((j) => `p${2 * k + j}`) }));
    const results = await Promise.all(attempts.map((t, k) => (k % 2 ? s1 : s2).claim("q", t.matchId, t.ids)));
    const won = attempts.filter((_, k) => results[k]);
    const seats = won.flatMap((t) => t.ids);
    expect(new Set(seats).size).toBe(seats.length);
    for (const t of won) for (const id of t.ids) expect(await s1.placement(id)).toEqual({ state: "matched", queueId: "q", matchId: t.matchId });
  });

  it("two matchers over the same Redis queue, running at once, never double-book a player", async () => {
    const queue = queueDefinition.parse({ id: "dual", game: "dice", minSeats: 4, maxSeats: 6, ratingWindow: 2, widenPerSecond: 0, readySeconds: 30 });
    const prefix = `${PREFIX}dual:`;
    const found = new Map<string, string[]>();
    let refusedClaims = 0;
    /** The real store, counting the claims Redis refused (the other matcher took a player first). */
    class CountingStore extends RedisQueueStore {
      override async claim(queueId: string, matchId: string, ids: readonly string[]): Promise<boolean> {
        const ok = await super.claim(queueId, matchId, ids);
        if (!ok) refusedClaims++;
        return ok;
      }
    }
    const make = (redis: Redis) =>
      new Matchmaker({
        queues: [queue],
        store: new CountingStore(redis, prefix),
        ordinals: async (ids) => new Map(ids.map((id) => [id, 0])),
        startGame: async () => ({ gameId: "unused" }),
        notify: (id, m) => {
          if (m.type === "matchFound") found.set(id, [...(found.get(id) ?? []), m.matchId]);
        },
        tickMs: 0,
      });
    const m1 = make(a);
    const m2 = make(b);
    const store = new RedisQueueStore(a, prefix);
    try {
      const N = 300;
      // Ratings in clusters so that tables form everywhere; both matchers pass at the same time, while players keep joining.
      for (let round = 0; round < 6; round++) {
        const joins = Array.from({ length: N / 6 }, (_, i) => {
          const n = round * (N / 6) + i;
          return store.join("dual", entry(`u${n}`, (n % 10) * 0.7, Date.now()));
        });
        await Promise.all([...joins, m1.tick(), m2.tick(), m1.tick(), m2.tick()]);
      }
      await Promise.all([m1.tick(), m2.tick()]);
      let total = 0;
      for (const [id, matches] of found) {
        expect(matches, `player ${id} was found ${matches.length} matches`).toHaveLength(1);
        const place = await store.placement(id);
        expect(place).toEqual({ state: "matched", queueId: "dual", matchId: matches[0] });
        total++;
      }
      const left = (await store.entries("dual")).length;
      expect(total + left).toBe(300);
      expect(total).toBeGreaterThanOrEqual(280);
      // The two matchers really competed for the same players (and Redis refused the losers' claims).
      expect(refusedClaims).toBeGreaterThan(0);
    } finally {
      m1.dispose();
      m2.dispose();
    }
  });
});
