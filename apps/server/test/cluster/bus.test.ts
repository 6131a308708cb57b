/**
 * One behavioural suite, run against both buses: two buses stand for two nodes (two Redis connection
 * pairs, or two in-process buses on one hub).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BusError, createInProcessBus, createInProcessHub, createRedisBus, type Json, type MessageBus } from "../../src/cluster/bus.js";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import type { Redis } from "../../src/cluster/redis.js";
import { connectTestRedis, eventually, removeKeys, sleep, uniqueKeys } from "./support.js";

interface Implementation {
  name: string;
  /** Two buses that reach each other; `errors` collects what their onError saw. */
  make(keys: ClusterKeys, errors: Error[]): Promise<[MessageBus, MessageBus]>;
  close(): Promise<void>;
}

const connections: Redis[] = [];

const implementations: Implementation[] = [
  {
    name: "in-process",
    async make(keys, errors) {
      const hub = createInProcessHub();
      const onError = (e: Error) => errors.push(e);
      return [createInProcessBus({ keys, hub, onError }), createInProcessBus({ keys, hub, onError })];
    },
    async close() {},
  },
  {
    name: "Redis",
    async make(keys, errors) {
      const onError = (e: Error) => errors.push(e);
      const [p1, p2] = await Promise.all([connectTestRedis("bus-test-a"), connectTestRedis("bus-test-b")]);
      connections.push(p1, p2);
      return Promise.all([createRedisBus({ keys, publisher: p1, onError }), createRedisBus({ keys, publisher: p2, onError })]);
    },
    async close() {
      const [first] = connections;
      if (first) for (const k of cleanup) await removeKeys(first, k);
      await Promise.all(connections.splice(0).map((c) => c.quit()));
    },
  },
];
const cleanup: ClusterKeys[] = [];

/** Collects what a handler receives. */
function inbox() {
  const got: Json[] = [];
  return { got, handler: (message: Json) => void got.push(message) };
}

describe.each(implementations)("$name bus", (impl) => {
  let a: MessageBus;
  let b: MessageBus;
  let errors: Error[];
  beforeAll(async () => {
    const keys = uniqueKeys("bus");
    cleanup.push(keys);
    errors = [];
    [a, b] = await impl.make(keys, errors);
  });
  afterEach(() => {
    errors.length = 0;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await impl.close();
  });

  it("delivers what one node publishes to the subscribers of the other, in order, as copies", async () => {
    const x = inbox();
    const stop = await a.subscribe("game:1", x.handler);
    const sent = { seq: 1, events: [{ type: "arrow", to: "p2" }] };
    await b.publish("game:1", sent);
    sent.seq = 99; // mutating after publish changes nothing for the receivers
    for (let seq = 2; seq <= 20; seq++) await b.publish("game:1", { seq });
    await eventually(() => expect(x.got).toHaveLength(20));
    expect(x.got[0]).toEqual({ seq: 1, events: [{ type: "arrow", to: "p2" }] });
    expect(x.got.map((m) => (m as { seq: number }).seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await stop();
  });

  it("delivers to every handler of a channel, the publisher's own included, until each unsubscribes", async () => {
    const [x, y, own, marker] = [inbox(), inbox(), inbox(), inbox()];
    const stopX = await a.subscribe("chat", x.handler);
    const stopY = await a.subscribe("chat", y.handler);
    const stopOwn = await b.subscribe("chat", own.handler);
    const stopMarker = await a.subscribe("marker", marker.handler);
    await b.publish("chat", "one");
    await eventually(() => expect([x.got, y.got, own.got]).toEqual([["one"], ["one"], ["one"]]));

    await stopX();
    await stopX(); // idempotent
    await b.publish("chat", "two");
    await b.publish("marker", "after two"); // same publisher: arrives after "two" would have
    await eventually(() => expect(marker.got).toEqual(["after two"]));
    await eventually(() => expect(own.got).toEqual(["one", "two"]));
    expect(x.got).toEqual(["one"]);
    expect(y.got).toEqual(["one", "two"]);

    await stopY();
    await stopOwn();
    await b.publish("chat", "three");
    await b.publish("marker", "after three");
    await eventually(() => expect(marker.got).toEqual(["after two", "after three"]));
    expect([x.got, y.got, own.got]).toEqual([["one"], ["one", "two"], ["one", "two"]]);
    await stopMarker();
  });

  it("never calls a handler inside publish", async () => {
    const x = inbox();
    const stop = await b.subscribe("sync", x.handler);
    const publishing = b.publish("sync", 1);
    const atOnce = x.got.length;
    await publishing;
    await eventually(() => expect(x.got).toEqual([1]));
    expect(atOnce).toBe(0);
    await stop();
  });

  it("keeps delivering to the other handlers when one throws, and reports the error", async () => {
    const x = inbox();
    const stopBad = await a.subscribe("fragile", () => {
      throw new Error("handler bug");
    });
    const stopGood = await a.subscribe("fragile", x.handler);
    await b.publish("fragile", { n: 1 });
    await eventually(() => expect(x.got).toEqual([{ n: 1 }]));
    expect(errors.map((e) => e.message)).toContain("handler bug");
    await stopBad();
    await stopGood();
  });

  it("routes a request to the node's server and its reply back, matching concurrent requests by id", async () => {
    const stop = await b.serve("node-b", async (message) => {
      const n = (message as { n: number }).n;
      await sleep((n * 7) % 13); // replies come back out of order
      return { doubled: n * 2, by: "node-b" };
    });
    const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => a.request("node-b", { n }, 2000)));
    expect(replies).toEqual(Array.from({ length: 20 }, (_, n) => ({ doubled: n * 2, by: "node-b" })));
    // A node may also ask itself.
    expect(await b.request("node-b", { n: 5 }, 2000)).toEqual({ doubled: 10, by: "node-b" });
    await stop();
  });

  it("rejects with a timeout error naming the node when nobody serves it", async () => {
    const started = performance.now();
    const error = await a.request("node-nobody", { type: "roll" }, 150).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({ code: "TIMEOUT", nodeId: "node-nobody", message: 'request to node "node-nobody" timed out after 150 ms' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("stops answering once the server unsubscribes", async () => {
    const stop = await b.serve("node-gone", () => "here");
    expect(await a.request("node-gone", null, 2000)).toBe("here");
    await stop();
    await expect(a.request("node-gone", null, 100)).rejects.toMatchObject({ code: "TIMEOUT" });
    // ...and may serve it again.
    const again = await b.serve("node-gone", () => "back");
    expect(await a.request("node-gone", null, 2000)).toBe("back");
    await again();
  });

  it("sends a handler's failure back as HANDLER_FAILED, and refuses to serve a node twice", async () => {
    const stop = await b.serve("node-faulty", (message) => {
      if (message === "bad") throw new Error("not the owner of game g1");
      return "fine";
    });
    await expect(b.serve("node-faulty", () => null)).rejects.toThrow(/already serves/);
    await expect(a.request("node-faulty", "bad", 2000)).rejects.toMatchObject({
      code: "HANDLER_FAILED",
      nodeId: "node-faulty",
      message: 'node "node-faulty" could not handle the request: not the owner of game g1',
    });
    expect(await a.request("node-faulty", "good", 2000)).toBe("fine");
    await stop();
  });

  it("rejects the requests in flight when it closes, and everything after", async () => {
    const [c] = await impl.make(uniqueKeys("bus-close"), errors);
    const inFlight = c.request("node-slow", 1, 5000);
    await sleep(20);
    await c.close();
    await expect(inFlight).rejects.toMatchObject({ code: "CLOSED", nodeId: "node-slow" });
    await expect(c.publish("x", 1)).rejects.toMatchObject({ code: "CLOSED" });
    await expect(c.subscribe("x", () => undefined)).rejects.toMatchObject({ code: "CLOSED" });
    await c.close(); // idempotent
  });
});
