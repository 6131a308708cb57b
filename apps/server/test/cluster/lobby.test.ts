/**
 * cluster/lobby.ts on the real local Redis and the Redis bus: two ClusterLobby instances stand for two
 * nodes. A table is joined through whichever node the player is on; when the node keeping a table dies
 * (stops refreshing), its code answers TABLE_NOT_FOUND within three heartbeats, not a RETRY after a
 * bus timeout for as long as the old 24 h entry lived, and the other node stops showing its view.
 */
import type { TableView } from "@bang/protocol";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisBus, type MessageBus } from "../../src/cluster/bus.js";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import { ClusterLobby, type TableRequest } from "../../src/cluster/lobby.js";
import type { Redis } from "../../src/cluster/redis.js";
import { TableRegistry, type GameFactory } from "../../src/tables/registry.js";
import { connectTestRedis, eventually, removeKeys, uniqueKeys } from "./support.js";

const HEARTBEAT_MS = 100;
const REQUEST_TIMEOUT_MS = 1000;
const OPTIONS = { game: "dice", seats: 4, gameOptions: {}, botsAllowed: true, botKind: "heuristic", turnSeconds: 60 } as const;
/** No table of these tests starts: a game request is a test failure. */
const noGames: GameFactory = {
  accepts: true,
  createGame: () => Promise.reject(new Error("no game should start in this test")),
};

interface TestNode {
  lobby: ClusterLobby;
  bus: MessageBus;
  redis: Redis;
}

const keys: ClusterKeys = uniqueKeys("lobby");
const nodes: TestNode[] = [];
let admin: Redis;

async function startNode(nodeId: string): Promise<TestNode> {
  const redis = await connectTestRedis(`lobby-${nodeId}`);
  const bus = await createRedisBus({ keys, publisher: redis });
  const lobby = new ClusterLobby(new TableRegistry(noGames), { nodeId, redis, keys, bus, log: pino({ level: "silent" }), requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await bus.serve(nodeId, (message) => lobby.handle(message as unknown as TableRequest));
  await lobby.connect(HEARTBEAT_MS);
  const node = { lobby, bus, redis };
  nodes.push(node);
  return node;
}

/** A node dies: no more refreshes, no answers (its bus and connection are gone). */
async function kill(node: TestNode): Promise<void> {
  node.lobby.close();
  await node.bus.close();
  node.redis.disconnect();
}

beforeAll(async () => {
  admin = await connectTestRedis("lobby-admin");
});
afterAll(async () => {
  for (const n of nodes) {
    n.lobby.close();
    await n.bus.close().catch(() => undefined);
    n.redis.disconnect();
  }
  await removeKeys(admin, keys);
  await admin.quit();
});

describe("ClusterLobby", () => {
  it("joins a table kept by another node; once that node dies its code is TABLE_NOT_FOUND within three heartbeats and its view is forgotten", async () => {
    const [n1, n2] = [await startNode("node-1"), await startNode("node-2")];
    const host = { id: "p-host", name: "Host" };
    const guest = { id: "p-guest", name: "Guest" };
    const table = await n1.lobby.create(host, OPTIONS);
    // The entry says where the table is, and lives a few heartbeats unless refreshed.
    expect(await admin.get(keys.table(table.code))).toBe("node-1");
    const ttl = await admin.pttl(keys.table(table.code));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3 * HEARTBEAT_MS);

    // The guest is on node-2: the join runs on node-1 and node-2 keeps the published view.
    const joined: TableView = await n2.lobby.join(guest, table.code);
    expect(joined.seats.map((s) => s.playerId)).toEqual(["p-host", "p-guest", null, null]);
    await eventually(() => expect(n2.lobby.tablesOf("p-guest").map((t) => t.code)).toEqual([table.code]));
    // Refreshed every heartbeat: still there well past its TTL while node-1 lives.
    await new Promise((r) => setTimeout(r, 6 * HEARTBEAT_MS));
    expect(await admin.get(keys.table(table.code))).toBe("node-1");
    expect(n2.lobby.tablesOf("p-guest").map((t) => t.code)).toEqual([table.code]);

    await kill(n1);
    // Asked at once, the entry still names node-1, which does not answer: past the request's timeout
    // the entry has expired (three heartbeats), so the answer is final, not "try again".
    const killedAt = performance.now();
    await expect(n2.lobby.setReady("p-guest", table.code, true)).rejects.toMatchObject({ code: "TABLE_NOT_FOUND", message: expect.stringMatching(/lost with its server node/) });
    expect(performance.now() - killedAt).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 5);
    // Asked later, without waiting: there is no entry any more.
    const askedAt = performance.now();
    await expect(n2.lobby.join({ id: "p-late", name: "Late" }, table.code)).rejects.toMatchObject({ code: "TABLE_NOT_FOUND" });
    expect(performance.now() - askedAt).toBeLessThan(REQUEST_TIMEOUT_MS);
    // And node-2 no longer shows the lost table to its seated player (at the next refresh).
    await eventually(() => expect(n2.lobby.tablesOf("p-guest")).toEqual([]), 2_000, 20);
  });

  it("a live node's table survives its entry's loss (a Redis restarted empty): written again, never forgotten", async () => {
    const [n3, n4] = [await startNode("node-3"), await startNode("node-4")];
    const table = await n3.lobby.create({ id: "p-3", name: "Three" }, OPTIONS);
    await n4.lobby.join({ id: "p-4", name: "Four" }, table.code);
    await eventually(() => expect(n4.lobby.tablesOf("p-4").map((t) => t.code)).toEqual([table.code]));
    for (let i = 0; i < 3; i++) {
      await admin.del(keys.table(table.code));
      // node-3 writes it again at its next heartbeat; node-4's refreshes in between keep the copy.
      await eventually(async () => expect(await admin.get(keys.table(table.code))).toBe("node-3"), 2_000, 5);
      expect(n4.lobby.tablesOf("p-4").map((t) => t.code)).toEqual([table.code]);
      // Redis does not lose everything every heartbeat: node-4 sees the entry back before the next loss.
      await new Promise((r) => setTimeout(r, 4 * HEARTBEAT_MS));
      expect(n4.lobby.tablesOf("p-4").map((t) => t.code)).toEqual([table.code]);
    }
    expect((await n4.lobby.setReady("p-4", table.code, true)).seats[1]).toMatchObject({ playerId: "p-4", ready: true });
    await kill(n3);
  });

  it("a table whose last person leaves is closed everywhere: its code is gone from Redis and no node lists it", async () => {
    const [n5, n6] = [await startNode("node-5"), await startNode("node-6")];
    const host = { id: "p-5", name: "Five" };
    const table = await n5.lobby.create(host, OPTIONS);
    await n6.lobby.join({ id: "p-6", name: "Six" }, table.code);
    await eventually(() => expect(n6.lobby.tablesOf("p-6").map((t) => t.code)).toEqual([table.code]));
    // The guest leaves through their own node, then the host: nobody is left.
    await n6.lobby.leave("p-6", table.code);
    expect((await n5.lobby.leave("p-5", table.code)).status).toBe("finished");
    await eventually(async () => expect(await admin.exists(keys.table(table.code))).toBe(0), 1_000, 10);
    // Well past the refresh period: not written again, and no copy left on either node.
    await new Promise((r) => setTimeout(r, 4 * HEARTBEAT_MS));
    expect(await admin.exists(keys.table(table.code))).toBe(0);
    for (const [lobby, who] of [[n5.lobby, "p-5"], [n6.lobby, "p-6"]] as const) expect(lobby.tablesOf(who)).toEqual([]);
    await expect(n6.lobby.join({ id: "p-7", name: "Seven" }, table.code)).rejects.toMatchObject({ code: "TABLE_NOT_FOUND" });
    await kill(n5);
    await kill(n6);
  });
});
