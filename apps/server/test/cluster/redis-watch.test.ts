/**
 * cluster/redis-watch.ts: a node alone cut off from Redis calls itself isolated (and sends its players
 * away); when every node lost Redis at once, none does, even though they notice it a heartbeat apart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { watchRedis, type RedisWatch } from "../../src/cluster/redis-watch.js";
import { eventually } from "./support.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LOST_AFTER = 150;
const EVERY = 25;

describe("watchRedis", () => {
  const watches: RedisWatch[] = [];
  const timers: NodeJS.Timeout[] = [];
  afterEach(() => {
    for (const w of watches.splice(0)) w.stop();
    for (const t of timers.splice(0)) clearInterval(t);
  });

  /** Two nodes asking each other's readiness (ready = has not lost Redis). */
  const pair = () => {
    const isolated = { a: 0, b: 0 };
    const nodes: Record<"a" | "b", RedisWatch> = {} as never;
    const make = (me: "a" | "b", other: "a" | "b") =>
      watchRedis({
        lostAfterMs: LOST_AFTER,
        everyMs: EVERY,
        peers: async () => [other],
        ready: async (url) => !nodes[url as "a" | "b"].lost,
        onIsolated: () => void isolated[me]++,
        onBack: () => undefined,
      });
    nodes.a = make("a", "b");
    watches.push(nodes.a);
    return { nodes, isolated, startB: () => watches.push((nodes.b = make("b", "a"))) };
  };

  it("the node alone without Redis is isolated once the other still answers ready; back when Redis is", async () => {
    const { nodes, isolated, startB } = pair();
    startB();
    timers.push(setInterval(() => nodes.b.ok(), EVERY)); // b still reaches Redis
    // Isolated after about LOST_AFTER + 2 * EVERY + 1000 ms; polled, as a loaded machine runs timers late.
    await eventually(() => expect(isolated).toEqual({ a: 1, b: 0 }), LOST_AFTER + 2 * EVERY + 5000, 20);
    expect(nodes.a.lost).toBe(true);
    nodes.a.ok();
    expect([nodes.a.lost, nodes.a.isolated]).toEqual([false, false]);
  });

  it("when both lose Redis, noticing it a heartbeat apart, neither is isolated", async () => {
    const { nodes, isolated, startB } = pair();
    await sleep(EVERY * 0.8); // b's checks run most of a heartbeat after a's
    startB();
    await sleep(LOST_AFTER + 2 * EVERY + 1000 + 600);
    expect([nodes.a.lost, nodes.b.lost]).toEqual([true, true]);
    expect(isolated).toEqual({ a: 0, b: 0 });
  });
});
