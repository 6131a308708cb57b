/**
 * A Redis restart, on a PRIVATE redis-server (never the shared one): while it is down the cluster
 * operations fail fast and a held lease is given up when its local deadline passes; once it is back
 * the connections reconnect, the bus's subscriptions and served inboxes are subscribed again, the lease
 * scripts reload themselves, and the heartbeat registers the node again.
 */
import type { TransactionClient } from "@bang/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BusError, createRedisBus, type Json, type MessageBus } from "../../src/cluster/bus.js";
import { createFencingGuard } from "../../src/cluster/fencing.js";
import { createKeys } from "../../src/cluster/keys.js";
import { createLeases, keepAlive, type HeldLease, type LeaseKeeper, type LeaseLoss } from "../../src/cluster/lease.js";
import { createMembership, type Membership } from "../../src/cluster/membership.js";
import { connectRedis, whenReady, type Redis } from "../../src/cluster/redis.js";
import { eventually, freePort, startPrivateRedis, type PrivateRedis } from "./support.js";

const keys = createKeys("test:reconnect:");
const options = { maxRetryDelayMs: 50, commandTimeoutMs: 500 };
/** The guard does not use the transaction. */
const noTx = {} as TransactionClient;

let server: PrivateRedis;
let redis: Redis;
let bus: MessageBus;
let keeper: LeaseKeeper;
let membership: Membership;
const connectionErrors: Error[] = [];

beforeAll(async () => {
  server = await startPrivateRedis();
  redis = await connectRedis(server.url, { ...options, name: "reconnect-test", onError: (e) => connectionErrors.push(e) });
  bus = await createRedisBus({ keys, publisher: redis, onError: (e) => connectionErrors.push(e) });
});
afterAll(async () => {
  keeper?.stop();
  membership?.stop();
  await bus?.close();
  redis?.disconnect();
  await server?.dispose();
});

describe("a Redis restart", () => {
  it("fails the operations while Redis is down, then everything works again once it is back", async () => {
    const leases = createLeases(redis, keys);
    const received: Json[] = [];
    await bus.subscribe("game:g1", (m) => void received.push(m));
    const leaveG2 = await bus.subscribe("game:g2", () => undefined);
    await bus.serve("node-1", (m) => ({ echo: m }));
    const lost: { lease: HeldLease; reason: LeaseLoss }[] = [];
    keeper = keepAlive(leases, 50, { onLost: (lease, reason) => lost.push({ lease, reason }) });
    const held = await keeper.acquire("g1", "node-1", 400);
    expect(held).toEqual({ token: 1 });
    membership = createMembership(redis, keys, { heartbeatMs: 50, ttlMs: 500 });
    await membership.register("node-1", { url: "http://127.0.0.1:1", startedAt: 0, load: 1 });
    const guard = createFencingGuard(keeper.tokenOf, redis, keys, { timeoutMs: 300 });
    expect([...(await guard(noTx, ["g1"]))]).toEqual([]);
    await bus.publish("game:g1", { seq: 1 });
    await eventually(() => expect(received).toEqual([{ seq: 1 }]));

    // Down: every operation fails at once instead of waiting.
    await server.kill();
    await eventually(() => expect(redis.status).not.toBe("ready"));
    const started = performance.now();
    await expect(leases.owner("g1")).rejects.toThrow();
    await expect(leases.acquire("g2", "node-1", 1000)).rejects.toThrow();
    await expect(bus.publish("game:g1", { seq: 2 })).rejects.toMatchObject({ code: "UNAVAILABLE" });
    const request = await bus.request("node-1", "ping", 300).catch((e: unknown) => e);
    expect(request).toBeInstanceOf(BusError);
    await expect(guard(noTx, ["g1"])).rejects.toThrow();
    await expect(membership.liveNodes()).rejects.toThrow();
    await leaveG2(); // cannot reach Redis now: done once it is back
    expect(performance.now() - started).toBeLessThan(1000);
    // The held lease is given up by this node's clock, before Redis could hand it to anyone else.
    await eventually(() => expect(lost).toEqual([{ lease: { gameId: "g1", nodeId: "node-1", token: 1, ttlMs: 400 }, reason: "expired" }]), 2000);
    expect(keeper.tokenOf("g1")).toBeUndefined();

    // Back (empty: nothing on disk). The connections come back by themselves.
    await server.start();
    await whenReady(redis, 5000);
    // ioredis subscribed the bus's connection again to its channel and to the node's inbox; the channel
    // left while Redis was down is unsubscribed.
    await eventually(async () => {
      const counts = (await redis.pubsub("NUMSUB", keys.channel("game:g1"), keys.inbox("node-1"), keys.channel("game:g2"))) as (string | number)[];
      expect(counts.map(String)).toEqual([keys.channel("game:g1"), "1", keys.inbox("node-1"), "1", keys.channel("game:g2"), "0"]);
    }, 5000);
    await bus.publish("game:g1", { seq: 3 });
    await eventually(() => expect(received).toEqual([{ seq: 1 }, { seq: 3 }]));
    expect(await bus.request("node-1", "ping", 2000)).toEqual({ echo: "ping" });

    // Leases work again (the scripts were flushed with everything else and reload themselves). The
    // counter was lost too: without a durable floor the token starts again from 1, with one it does not.
    expect(await leases.owner("g1")).toBeNull();
    expect(await leases.acquire("g1", "node-2", 1000)).toEqual({ token: 1 });
    expect(await leases.acquire("g3", "node-2", 1000, { minToken: 1 })).toEqual({ token: 2 });
    // The heartbeat put the node back.
    await eventually(async () => expect((await membership.liveNodes()).map((n) => n.nodeId)).toEqual(["node-1"]), 2000);
    expect(connectionErrors.length).toBeGreaterThan(0); // the refused reconnection attempts were reported
  });

  it("connectRedis names the address when nothing answers", async () => {
    const port = await freePort();
    await expect(connectRedis(`redis://127.0.0.1:${port}`, { connectTimeoutMs: 500 })).rejects.toThrow(
      new RegExp(`Redis at redis://127\\.0\\.0\\.1:${port} is unreachable: .*ECONNREFUSED`),
    );
  });
});
