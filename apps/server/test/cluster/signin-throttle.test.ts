/**
 * The cluster's sign-in throttle (admin/redis-throttle.ts) on the real local Redis: two throttles on
 * one prefix stand for two nodes, and must count the same failures, see the same lockouts and the
 * same checks in progress, so that guesses spread over the nodes gain nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSignInThrottle } from "../../src/admin/redis-throttle.js";
import { ThrottleUnavailable } from "../../src/admin/throttle.js";
import type { Redis } from "../../src/cluster/redis.js";
import { connectTestRedis, removeKeys, sleep, uniqueKeys } from "./support.js";

const keys = uniqueKeys("signin");
let redis: Redis;
beforeAll(async () => {
  redis = await connectTestRedis("bang-signin-test");
});
afterAll(async () => {
  await removeKeys(redis, keys);
  await redis.quit();
});

const options = { freeFailures: 2, baseLockMs: 1000, maxLockMs: 4000, forgetAfterMs: 60_000 };
/** Milliseconds since `t` (a performance.now() reading). */
const since = (t: number) => performance.now() - t;

describe("RedisSignInThrottle", () => {
  it("failures on one node lock the name and the IP out on the other; the lock doubles up to its cap; a success clears the name only", async () => {
    const n1 = new RedisSignInThrottle(redis, keys.prefix, options);
    const n2 = new RedisSignInThrottle(redis, keys.prefix, options);
    const guess = ["name:root", "ip:10.0.0.1"];
    expect(await n1.failed(guess)).toBe(0);
    expect(await n2.failed(guess)).toBe(0);
    expect(await n1.retryAfterMs(guess)).toBe(0);
    const lockedAt = performance.now();
    expect(await n2.failed(guess)).toBe(1000);
    // What is left of the 1 s lock, less however long this test took to ask (a loaded machine stalls).
    const wait = await n1.retryAfterMs(["name:root"]);
    expect(wait).toBeGreaterThanOrEqual(1000 - since(lockedAt) - 2);
    expect(wait).toBeLessThanOrEqual(1000);
    expect(await n1.retryAfterMs(["ip:10.0.0.1"])).toBeGreaterThanOrEqual(1000 - since(lockedAt) - 2);
    expect(await n2.retryAfterMs(["name:other", "ip:10.0.0.2"])).toBe(0);
    expect(await n1.failed(guess)).toBe(2000);
    expect(await n2.failed(guess)).toBe(4000);
    expect(await n1.failed(guess)).toBe(4000);
    await n2.succeeded("name:root");
    expect(await n1.retryAfterMs(["name:root"])).toBe(0);
    expect(await n1.retryAfterMs(["ip:10.0.0.1"])).toBeGreaterThan(3000);
    // The name starts afresh after the success: two free failures again.
    expect(await n1.failed(["name:root"])).toBe(0);
  });

  it("a lockout ends by itself; the counter is forgotten forgetAfterMs after the last failure", async () => {
    const t = new RedisSignInThrottle(redis, keys.prefix, { freeFailures: 1, baseLockMs: 600, maxLockMs: 1000, forgetAfterMs: 900 });
    expect(await t.failed(["ip:short"])).toBe(0);
    expect(await t.failed(["ip:short"])).toBe(600);
    expect(await t.retryAfterMs(["ip:short"])).toBeGreaterThan(0);
    await sleep(650);
    expect(await t.retryAfterMs(["ip:short"])).toBe(0);
    await sleep(300);
    expect(await t.failed(["ip:short"])).toBe(0); // forgotten: a first failure again
  });

  it("one check at a time per key across nodes: a claim refuses another on any shared key until released by its holder, or expired", async () => {
    const n1 = new RedisSignInThrottle(redis, keys.prefix, options);
    const n2 = new RedisSignInThrottle(redis, keys.prefix, options);
    const first = await n1.claim(["name:a", "ip:1"], 5000);
    if (!first.ok) throw new Error(`claim refused: ${first.reason}`);
    expect(await n2.claim(["name:b", "ip:1"], 5000)).toEqual({ ok: false, reason: "checking" });
    // A refused claim takes nothing: name:b is free.
    expect(await n2.claim(["name:b", "ip:2"], 5000)).toMatchObject({ ok: true });
    await n1.release(["name:a", "ip:1"], first.token);
    const second = await n2.claim(["name:a", "ip:1"], 1000);
    if (!second.ok) throw new Error(`claim refused: ${second.reason}`);
    expect(await n1.claim(["name:a", "ip:9"], 5000)).toEqual({ ok: false, reason: "checking" });
    await sleep(1100);
    // n2 never released and its claim expired: n1 takes the key, and n2's late release leaves it be.
    const third = await n1.claim(["name:a", "ip:9"], 5000);
    expect(third).toMatchObject({ ok: true });
    await n2.release(["name:a", "ip:1"], second.token);
    expect(await n2.claim(["name:a"], 5000)).toEqual({ ok: false, reason: "checking" });
  });

  it("the lockout test and the claim are one step: a guess that passed no test before the lock cannot be checked during it", async () => {
    // The race of two nodes: B would have read "no lock" before A's failure set one; A then fails and
    // releases. B's claim comes after: it must see the lock, not take the check.
    const a = new RedisSignInThrottle(redis, keys.prefix, options);
    const b = new RedisSignInThrottle(redis, keys.prefix, options);
    const guess = ["name:race", "ip:race"];
    await a.failed(guess);
    await a.failed(guess);
    const claimA = await a.claim(guess, 5000);
    if (!claimA.ok) throw new Error(`claim refused: ${claimA.reason}`);
    const lockedAt = performance.now();
    expect(await a.failed(guess)).toBe(1000);
    await a.release(guess, claimA.token);
    const claimB = await b.claim(guess, 5000);
    expect(claimB).toMatchObject({ ok: false, reason: "locked" });
    if (claimB.ok || claimB.reason !== "locked") throw new Error("refused as locked above");
    expect(claimB.retryAfterMs).toBeGreaterThanOrEqual(1000 - since(lockedAt) - 2);
  });

  it("a Redis that does not answer is ThrottleUnavailable for every method, never a pass", async () => {
    const lost = await connectTestRedis("bang-signin-lost");
    lost.disconnect();
    const t = new RedisSignInThrottle(lost, keys.prefix, options);
    await expect(t.retryAfterMs(["name:x"])).rejects.toBeInstanceOf(ThrottleUnavailable);
    await expect(t.claim(["name:x"], 1000)).rejects.toBeInstanceOf(ThrottleUnavailable);
    await expect(t.failed(["name:x"])).rejects.toBeInstanceOf(ThrottleUnavailable);
    await expect(t.release(["name:x"], "token")).rejects.toBeInstanceOf(ThrottleUnavailable);
    await expect(t.succeeded("name:x")).rejects.toBeInstanceOf(ThrottleUnavailable);
  });

  it("keeps its keys under the cluster prefix, in one hash slot", async () => {
    const t = new RedisSignInThrottle(redis, keys.prefix, options);
    await t.failed(["name:slot"]);
    const found = await redis.keys(`${keys.prefix}*slot*`);
    expect(found).toEqual([`${keys.prefix}signin:{signin}:f:name:slot`]);
  });
});
