import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import { createMembership, type Membership } from "../../src/cluster/membership.js";
import type { Redis } from "../../src/cluster/redis.js";
import { connectTestRedis, eventually, removeKeys, uniqueKeys } from "./support.js";

let redis: Redis;

beforeAll(async () => {
  redis = await connectTestRedis("membership-test");
});
afterAll(async () => {
  await redis?.quit();
});

describe("membership", () => {
  const started: Membership[] = [];
  let keys: ClusterKeys;
  const member = (heartbeatMs = 50, ttlMs = 300) => {
    const m = createMembership(redis, keys, { heartbeatMs, ttlMs });
    started.push(m);
    return m;
  };
  beforeAll(() => {
    keys = uniqueKeys("membership");
  });
  afterAll(async () => {
    for (const m of started) m.stop();
    if (redis) await removeKeys(redis, keys);
  });

  it("lists the live nodes with what they published, and drops a node whose heartbeat stopped after its TTL", async () => {
    const a = member();
    const b = member();
    await a.register("node-a", { url: "http://10.0.0.1:8080", startedAt: 1000, load: 0 });
    await b.register("node-b", { url: "http://10.0.0.2:8080", startedAt: 2000, load: 3 });
    expect(a.nodeId).toBe("node-a");

    const live = await a.liveNodes();
    expect(live.map(({ expiresInMs: _e, ...n }) => n)).toEqual([
      { nodeId: "node-a", url: "http://10.0.0.1:8080", startedAt: 1000, load: 0 },
      { nodeId: "node-b", url: "http://10.0.0.2:8080", startedAt: 2000, load: 3 },
    ]);
    for (const n of live) expect(n.expiresInMs).toBeLessThanOrEqual(300);

    a.update({ load: 7 });
    await eventually(async () => expect((await b.liveNodes()).find((n) => n.nodeId === "node-a")?.load).toBe(7));

    // node-b dies: no more heartbeats. It stays listed until its TTL runs out, then it is gone, and
    // node-a, still beating, stays.
    b.stop();
    const askedAt = performance.now();
    const before = await a.liveNodes();
    expect(before.map((n) => n.nodeId)).toEqual(["node-a", "node-b"]);
    const leftMs = before.find((n) => n.nodeId === "node-b")!.expiresInMs; // by Redis's clock
    await eventually(async () => expect((await a.liveNodes()).map((n) => n.nodeId)).toEqual(["node-a"]), 2000, 10);
    // Not before its TTL ran out (2 ms for the two clocks' rounding), however late the test runs.
    expect(performance.now() - askedAt).toBeGreaterThanOrEqual(leftMs - 2);
    // Its key expires by itself too. Redis's key expiry and the set's score (Redis TIME) are two clocks
    // a millisecond apart at most, so the key may outlive the listing by that much: poll, do not race.
    await eventually(async () => expect(await redis.exists(keys.node("node-b"))).toBe(0), 500, 2);
    await eventually(async () => {
      await a.liveNodes();
      expect(await redis.zscore(keys.nodes(), "node-b")).toBeNull(); // and liveNodes pruned it from the set
    });
  });

  it("removes a node at once when it deregisters", async () => {
    const c = member(1000, 5000);
    await c.register("node-c", { url: "http://10.0.0.3:8080", startedAt: 3000, load: 0 });
    expect((await c.liveNodes()).map((n) => n.nodeId)).toContain("node-c");
    await c.deregister();
    expect(c.nodeId).toBeNull();
    expect((await c.liveNodes()).map((n) => n.nodeId)).not.toContain("node-c");
    expect(await redis.zscore(keys.nodes(), "node-c")).toBeNull();
  });

  it("refuses a second registration and timings that cannot work", async () => {
    const d = member(1000, 5000);
    await d.register("node-d", { url: "http://10.0.0.4:8080", startedAt: 4000, load: 0 });
    await expect(d.register("node-d", { url: "http://10.0.0.4:8080", startedAt: 4000, load: 0 })).rejects.toThrow(/already registered/);
    await d.deregister();
    expect(() => createMembership(redis, keys, { heartbeatMs: 100, ttlMs: 100 })).toThrow(RangeError);
    await expect(member().register("node-e", { url: "", startedAt: 0, load: 0 })).rejects.toThrow(TypeError);
  });
});
