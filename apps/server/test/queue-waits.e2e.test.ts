/**
 * Queue waits over HTTP (`GET /api/queues` `waits`) against the real server and SDK clients, on both
 * matchmaking stores: in memory (one node) and in the real Redis (REDIS_URL, own prefix). Players join
 * at known times (the server's own `joinedAt`); the longest current wait and, once their game started,
 * the median and p90 of their waits (join to table found, read from each player's matchFound deadline)
 * are what the server reports. No player's id or name is in the public answer.
 */
import { fetchQueues, type QueueInfo } from "@bang/client";
import type { QueueStatus, ServerMessage } from "@bang/protocol";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectTestRedis } from "./cluster/support.js";
import { connectPlayer, type Player } from "./support/players.js";
import { startServer, type ServerOptions } from "./support/server.js";

const READY_S = 10;
const QUEUES = [{ id: "waits-4", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: READY_S }];

type MatchFound = Extract<ServerMessage, { type: "matchFound" }>;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
};

const STORES: [string, (prefix: string) => ServerOptions][] = [
  ["the memory store (one node)", () => ({ backend: "pglite", env: { MATCHMAKING_QUEUES: JSON.stringify(QUEUES), MATCHMAKING_TICK_MS: "50" } })],
  ["the Redis store (REDIS_URL)", (prefix) => ({ backend: "postgresql", env: { MATCHMAKING_QUEUES: JSON.stringify(QUEUES), MATCHMAKING_TICK_MS: "50", REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix } })],
];

describe.each(STORES)("queue waits on %s", (label, options) => {
  it("the longest current wait from the first join; median and p90 of the matched players' waits", async () => {
    const prefix = `test:mm-waits-e2e:${randomUUID()}:`;
    const redis = label.includes("Redis") ? await connectTestRedis("mm-waits-e2e") : null;
    const server = await startServer(options(prefix));
    const players: (Player & { found: MatchFound[] })[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const p = Object.assign(await connectPlayer(server.url, `Waiter ${i} ${randomUUID().slice(0, 4)}`), { found: [] as MatchFound[] });
        p.client.on("matchFound", (m) => {
          p.found.push(m);
          void p.client.confirmMatch(m.matchId).catch(() => undefined);
        });
        players.push(p);
      }
      const queue = async (): Promise<{ q: QueueInfo; before: number; after: number; text: string }> => {
        const before = Date.now();
        const text = await (await fetch(`${server.url}/api/queues`)).text();
        const q = (await fetchQueues(server.url)).find((x) => x.id === "waits-4")!;
        return { q, before, after: Date.now(), text };
      };
      expect((await queue()).q).toMatchObject({ waiting: 0, waits: { longestSeconds: null, matched: 0, medianSeconds: null, p90Seconds: null, windowSeconds: 900 } });

      // Three players join 600 ms apart; the server's joinedAt of each is the known join time.
      const joined: number[] = [];
      for (let i = 0; i < 3; i++) {
        const s: QueueStatus = await players[i]!.client.joinQueue("waits-4");
        if (s.state !== "queued") throw new Error(`not queued: ${JSON.stringify(s)}`);
        joined.push(s.joinedAt);
        await sleep(600);
      }
      const now = await queue();
      expect(now.q.waiting).toBe(3);
      // Longest: from the first join to the moment the server answered (between the request's start and the second answer).
      const longest = now.q.waits.longestSeconds!;
      expect(longest).toBeGreaterThanOrEqual((now.before - joined[0]!) / 1000 - 0.001);
      expect(longest).toBeLessThanOrEqual((now.after - joined[0]!) / 1000 + 0.001);
      expect(longest).toBeGreaterThanOrEqual(1.8);
      expect(now.q.waits.matched).toBe(0);
      for (const p of players) {
        expect(now.text).not.toContain(p.id);
        expect(now.text).not.toContain(p.guest.player.name);
      }

      // The fourth join completes the table; everyone confirms and plays.
      const last = await players[3]!.client.joinQueue("waits-4");
      if (last.state !== "queued") throw new Error(`not queued: ${JSON.stringify(last)}`);
      joined.push(last.joinedAt);
      await until("every player plays", () => players.every((p) => p.client.queue.state === "playing"));
      await until("the waits are recorded", async () => (await queue()).q.waits.matched === 4, 5_000);

      // Each wait runs from the join to the table found (the ready check opened READY_S before its deadline).
      const foundAt = players[0]!.found[0]!.deadline - READY_S * 1000;
      for (const p of players) expect(p.found.map((m) => m.deadline)).toEqual([foundAt + READY_S * 1000]);
      const waits = joined.map((j) => (foundAt - j) / 1000).sort((a, b) => a - b);
      const after = await queue();
      // Nearest rank of 4 waits: the median is the 2nd, the p90 the 4th (the first joiner's).
      expect(after.q).toMatchObject({ waiting: 0, waits: { longestSeconds: null, matched: 4, medianSeconds: waits[1], p90Seconds: waits[3] } });
      expect(waits[3]).toBeGreaterThanOrEqual(1.8);
      for (const p of players) expect(after.text).not.toContain(p.id);

      if (redis) {
        // The cluster's store holds the waits: one sorted set under the node's prefix, no player id in it.
        const members = await redis.zrange(`${prefix}mm:w:waits-4`, 0, -1);
        expect(members).toHaveLength(4);
        for (const p of players) expect(members.join(" ")).not.toContain(p.id);
      }
    } finally {
      await Promise.all(players.map((p) => p.client.close()));
      await server.dispose();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    }
  });
});
