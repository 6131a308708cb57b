import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import { FENCE_LINGER_MS, createLeases, driftMs, keepAlive, type HeldLease, type LeaseLoss, type Leases } from "../../src/cluster/lease.js";
import type { Redis } from "../../src/cluster/redis.js";
import { connectTestRedis, eventually, removeKeys, sleep, uniqueKeys } from "./support.js";

let redis: Redis;
let keys: ClusterKeys;
let leases: Leases;

beforeAll(async () => {
  redis = await connectTestRedis("lease-test");
  keys = uniqueKeys("lease");
  leases = createLeases(redis, keys);
});
afterAll(async () => {
  if (!redis) return;
  await removeKeys(redis, keys);
  await redis.quit();
});

const game = () => `game-${randomUUID()}`;

/** Waits until Redis has expired the game's lease. */
const expired = (gameId: string) => eventually(async () => expect(await leases.owner(gameId)).toBeNull(), 2000, 5);

describe("leases", () => {
  it("grants a free game to exactly one of two nodes racing for it", async () => {
    for (let round = 0; round < 20; round++) {
      const g = game();
      const [a, b] = await Promise.all([leases.acquire(g, "node-a", 5000), leases.acquire(g, "node-b", 5000)]);
      expect([a, b].filter((x) => x !== null)).toHaveLength(1);
      const winner = a ? "node-a" : "node-b";
      const owner = await leases.owner(g);
      expect(owner).toMatchObject({ nodeId: winner, token: (a ?? b)!.token });
      expect(owner!.expiresInMs).toBeGreaterThan(4000);
      expect(owner!.expiresInMs).toBeLessThanOrEqual(5000);
    }
  });

  it("refuses a second acquire while held, even by the holder itself", async () => {
    const g = game();
    expect(await leases.acquire(g, "node-a", 5000)).toEqual({ token: 1 });
    expect(await leases.acquire(g, "node-a", 5000)).toBeNull();
    expect(await leases.acquire(g, "node-b", 5000)).toBeNull();
    expect(await leases.currentToken(g)).toBe(1); // refused attempts issue no token
  });

  it("lets another node take an expired lease, with a strictly greater token every time", async () => {
    const g = game();
    const tokens: number[] = [];
    for (const node of ["node-a", "node-b", "node-a", "node-c"]) {
      const got = await leases.acquire(g, node, 40);
      expect(got, `${node} acquires after expiry`).not.toBeNull();
      tokens.push(got!.token);
      expect(await leases.currentToken(g)).toBe(got!.token);
      await expired(g);
    }
    expect(tokens).toEqual([1, 2, 3, 4]);
  });

  it("refuses the old holder's renewal after a takeover, and renews the current holder", async () => {
    const g = game();
    const old = await leases.acquire(g, "node-a", 40);
    await expired(g);
    const taken = await leases.acquire(g, "node-b", 5000);
    expect(taken!.token).toBeGreaterThan(old!.token);
    expect(await leases.renew(g, "node-a", old!.token, 5000)).toBe(false);
    expect(await leases.renew(g, "node-b", old!.token, 5000)).toBe(false); // right node, stale token
    expect(await leases.renew(g, "node-a", taken!.token, 5000)).toBe(false); // right token, wrong node
    expect((await leases.owner(g))!.nodeId).toBe("node-b");

    await redis.pexpire(keys.lease(g), 1000);
    expect(await leases.renew(g, "node-b", taken!.token, 5000)).toBe(true);
    expect((await leases.owner(g))!.expiresInMs).toBeGreaterThan(4000);
  });

  it("ignores a release by anyone but the holder", async () => {
    const g = game();
    const held = await leases.acquire(g, "node-a", 5000);
    expect(await leases.release(g, "node-b", held!.token)).toBe(false);
    expect(await leases.release(g, "node-a", held!.token + 1)).toBe(false);
    expect(await leases.owner(g)).toMatchObject({ nodeId: "node-a", token: held!.token });
    expect(await leases.release(g, "node-a", held!.token)).toBe(true);
    expect(await leases.owner(g)).toBeNull();
    expect(await leases.release(g, "node-a", held!.token)).toBe(false);
    // The counter survives the release: the next grant is newer.
    expect(await leases.currentToken(g)).toBe(held!.token);
    expect((await leases.acquire(g, "node-b", 5000))!.token).toBe(held!.token + 1);
  });

  it("knows no owner and no token for a game never leased", async () => {
    const g = game();
    expect(await leases.owner(g)).toBeNull();
    expect(await leases.currentToken(g)).toBeNull();
  });

  it("issues tokens above minToken (the durable floor) even when Redis lost its counter", async () => {
    const g = game();
    expect(await leases.acquire(g, "node-a", 5000, { minToken: 41 })).toEqual({ token: 42 });
    await leases.release(g, "node-a", 42);
    expect(await leases.acquire(g, "node-a", 5000, { minToken: 7 })).toEqual({ token: 43 }); // a lower floor changes nothing
  });

  it("the fence counter expires with its game: it outlives every lease by the linger, and is kept while renewed", async () => {
    const LINGER = 150;
    const short = createLeases(redis, keys, { fenceLingerMs: LINGER });
    const g = game();
    const got = await short.acquire(g, "node-a", 100);
    const ttl = await redis.pttl(keys.fence(g));
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(100 + LINGER);
    // Renewed past the counter's first expiry: still there, so the holder is never refused for want of it.
    for (let i = 0; i < 5; i++) {
      await sleep(60);
      expect(await short.renew(g, "node-a", got!.token, 100)).toBe(true);
    }
    expect(await short.currentToken(g)).toBe(got!.token);
    // The game ends (its lease released): the counter leaves Redis within the linger.
    expect(await short.release(g, "node-a", got!.token)).toBe(true);
    await eventually(async () => expect(await redis.exists(keys.fence(g))).toBe(0), 2000, 20);
    expect(await short.currentToken(g)).toBeNull();
    // A later claim (the stored token as its floor, as a takeover passes it) still gets a greater token.
    expect(await short.acquire(g, "node-b", 100, { minToken: got!.token })).toEqual({ token: got!.token + 1 });
  });

  it("by default the fence counter lingers FENCE_LINGER_MS (a minute) after the lease", async () => {
    const g = game();
    await leases.acquire(g, "node-a", 5000);
    const ttl = await redis.pttl(keys.fence(g));
    expect(ttl).toBeGreaterThan(FENCE_LINGER_MS);
    expect(ttl).toBeLessThanOrEqual(FENCE_LINGER_MS + 5000);
    expect(() => createLeases(redis, keys, { fenceLingerMs: 0 })).toThrow(RangeError);
  });

  it("refuses malformed arguments", async () => {
    const g = game();
    await expect(leases.acquire(g, "node-a", 0)).rejects.toThrow(RangeError);
    await expect(leases.acquire(g, "", 1000)).rejects.toThrow(TypeError);
    await expect(leases.acquire("", "node-a", 1000)).rejects.toThrow(TypeError);
    await expect(leases.renew(g, "node-a", 0, 1000)).rejects.toThrow(RangeError);
    await expect(leases.acquire(g, "node-a", 1000, { minToken: -1 })).rejects.toThrow(RangeError);
  });
});

describe("keepAlive", () => {
  const losses: { lease: HeldLease; reason: LeaseLoss }[] = [];
  const onLost = (lease: HeldLease, reason: LeaseLoss) => losses.push({ lease, reason });

  it("keeps a lease alive far beyond its TTL", async () => {
    const keeper = keepAlive(leases, 25, { onLost });
    try {
      const g = game();
      // A 1 s TTL renewed every 25 ms: a stall of the test process shorter than ~1 s must not lose it.
      const got = await keeper.acquire(g, "node-a", 1000);
      expect(keeper.tokenOf(g)).toBe(got!.token);
      await sleep(2500);
      expect(await leases.owner(g)).toMatchObject({ nodeId: "node-a", token: got!.token });
      expect(keeper.validForMs(g)).toBeGreaterThan(0);
      expect(losses).toEqual([]);
      expect(await keeper.release(g)).toBe(true);
      expect(await leases.owner(g)).toBeNull();
      expect(keeper.tokenOf(g)).toBeUndefined();
    } finally {
      keeper.stop();
    }
  });

  it("reports a lease deleted or taken by someone else, once, and keeps the others", async () => {
    losses.length = 0;
    const keeper = keepAlive(leases, 20, { onLost });
    try {
      const [deleted, taken, kept] = [game(), game(), game()];
      for (const g of [deleted, taken, kept]) expect(await keeper.acquire(g, "node-a", 1000)).not.toBeNull();
      await redis.del(keys.lease(deleted));
      await redis.del(keys.lease(taken));
      const thief = await leases.acquire(taken, "node-b", 1000);
      await eventually(() => expect(losses).toHaveLength(2));
      expect(new Map(losses.map((l) => [l.lease.gameId, l.reason]))).toEqual(
        new Map<string, LeaseLoss>([
          [deleted, "refused"],
          [taken, "refused"],
        ]),
      );
      expect(keeper.held().map((l) => l.gameId)).toEqual([kept]);
      expect(keeper.tokenOf(taken)).toBeUndefined();
      await sleep(100);
      expect(losses).toHaveLength(2);
      expect(await leases.owner(taken)).toMatchObject({ nodeId: "node-b", token: thief!.token });
    } finally {
      keeper.stop();
    }
  });

  it("refuses to hold a lease it cannot renew in time", () => {
    const keeper = keepAlive(leases, 100, { onLost });
    try {
      expect(() => keeper.hold({ gameId: game(), nodeId: "node-a", token: 1, ttlMs: 100 })).toThrow(RangeError);
      expect(driftMs(1000)).toBe(12);
    } finally {
      keeper.stop();
    }
  });
});
