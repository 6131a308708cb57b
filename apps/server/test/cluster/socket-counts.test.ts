/**
 * Socket budgets across a cluster (issue 18): the socket counts of cluster/socket-counts.ts on the real
 * Redis. Two node processes on one prefix count a client's sockets together; a closed socket gives its
 * place back; the sockets of a process that is no longer live (crashed, or restarted under the same node
 * id) stop counting; another deployment (prefix) counts apart; a key with no socket leaves Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import type { LiveNode } from "../../src/cluster/membership.js";
import type { Redis } from "../../src/cluster/redis.js";
import { redisSocketCounts } from "../../src/cluster/socket-counts.js";
import { connectTestRedis, removeKeys, uniqueKeys } from "./support.js";

let redis: Redis;
let keys: ClusterKeys;

beforeAll(async () => {
  redis = await connectTestRedis("socket-counts-test");
  keys = uniqueKeys("sockets");
});
afterAll(async () => {
  if (!redis) return;
  await removeKeys(redis, keys);
  await redis.quit();
});

/** A live node as membership lists it. */
const liveNode = (nodeId: string, startedAt: number): LiveNode => ({ nodeId, startedAt, url: `http://${nodeId}`, load: 0, expiresInMs: 5_000 });

describe("socket counts across nodes", () => {
  it("two nodes count one key together; a removed socket gives its place back; other keys and prefixes count apart", async () => {
    const live = [liveNode("a", 1), liveNode("b", 2)];
    const on = (nodeId: string, startedAt: number, prefix = keys.prefix) => redisSocketCounts({ redis, prefix, nodeId, startedAt, liveNodes: async () => live, refreshMs: 0 });
    const [a, b] = [on("a", 1), on("b", 2)];
    expect(await a.add("address:203.0.113.7")).toBe(1);
    expect(await b.add("address:203.0.113.7")).toBe(2);
    expect(await a.add("address:203.0.113.7")).toBe(3);
    expect(await b.add("address:203.0.113.8")).toBe(1);
    expect(await on("a", 1, `${keys.prefix}other:`).add("address:203.0.113.7")).toBe(1);
    a.remove("address:203.0.113.7");
    expect(await b.add("address:203.0.113.7")).toBe(3);
    // Every socket closed: the key is gone from Redis.
    b.remove("address:203.0.113.8");
    await b.add("player:p1");
    await expect.poll(() => redis.exists(`${keys.prefix}sockets:address:203.0.113.8`)).toBe(0);
  });

  it("the sockets of a process that left the membership (crash, or a restart under the same id) stop counting", async () => {
    let live = [liveNode("a", 1), liveNode("b", 2)];
    const on = (nodeId: string, startedAt: number) => redisSocketCounts({ redis, prefix: keys.prefix, nodeId, startedAt, liveNodes: async () => live, refreshMs: 0 });
    const [a, b] = [on("a", 1), on("b", 2)];
    for (let i = 0; i < 4; i++) await a.add("player:p2");
    expect(await b.add("player:p2")).toBe(5);
    // Node a crashed: its four sockets are gone with it; then it restarts under the same id.
    live = [liveNode("b", 2)];
    expect(await b.add("player:p2")).toBe(2);
    const again = on("a", 3);
    live = [liveNode("a", 3), liveNode("b", 2)];
    expect(await again.add("player:p2")).toBe(3);
  });

  it("the membership is read at most once per refresh, not per socket", async () => {
    let reads = 0;
    const counts = redisSocketCounts({ redis, prefix: keys.prefix, nodeId: "c", startedAt: 1, liveNodes: async () => (reads++, [liveNode("c", 1)]), refreshMs: 60_000 });
    for (let i = 0; i < 10; i++) await counts.add("player:p3");
    expect(reads).toBe(1);
  });
});
