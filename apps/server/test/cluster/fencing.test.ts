import { randomUUID } from "node:crypto";
import { createGameRepository, createLogWriter, DbError, openDatabase, type Database, type TransactionClient } from "@bang/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFencingGuard, fencedGames } from "../../src/cluster/fencing.js";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import { createLeases, type Leases } from "../../src/cluster/lease.js";
import type { Redis } from "../../src/cluster/redis.js";
import { connectTestRedis, eventually, removeKeys, scratchDatabase, uniqueKeys } from "./support.js";

let redis: Redis;
let keys: ClusterKeys;
let leases: Leases;

beforeAll(async () => {
  redis = await connectTestRedis("fencing-test");
  keys = uniqueKeys("fencing");
  leases = createLeases(redis, keys);
});
afterAll(async () => {
  if (!redis) return;
  await removeKeys(redis, keys);
  await redis.quit();
});

const game = () => `game-${randomUUID()}`;
/** The guard does not use the transaction: any value stands in for it. */
const noTx = {} as TransactionClient;

/** A node's view of the tokens it holds. */
const holding = (tokens: Record<string, number>) => (gameId: string) => tokens[gameId];

describe("fencing guard", () => {
  it("accepts the current token and refuses it once another node took over", async () => {
    const g = game();
    const a = await leases.acquire(g, "node-a", 40);
    const guardA = createFencingGuard(holding({ [g]: a!.token }), redis, keys);
    expect([...(await guardA(noTx, [g]))]).toEqual([]);

    await eventually(async () => expect(await leases.owner(g)).toBeNull(), 2000, 5);
    // Expired but not taken: no newer token exists, so the old owner is still the last writer.
    expect([...(await guardA(noTx, [g]))]).toEqual([]);

    const b = await leases.acquire(g, "node-b", 5000);
    const guardB = createFencingGuard(holding({ [g]: b!.token }), redis, keys);
    expect([...(await guardA(noTx, [g]))]).toEqual([g]);
    expect([...(await guardB(noTx, [g]))]).toEqual([]);
  });

  it("refuses games this node holds no token for, or whose counter Redis lost, and sorts a batch in one call", async () => {
    const [current, stale, notHeld, lost] = [game(), game(), game(), game()];
    const tokens: Record<string, number> = {};
    for (const g of [current, stale, lost]) tokens[g] = (await leases.acquire(g, "node-a", 5000))!.token;
    await redis.incr(keys.fence(stale)); // a newer grant happened elsewhere
    await redis.del(keys.fence(lost));
    const refused = await fencedGames(holding(tokens), redis, keys, [current, stale, notHeld, lost]);
    expect(refused.sort()).toEqual([stale, notHeld, lost].sort());
  });

  it("throws when Redis does not answer in time (the writer then fails the batch)", async () => {
    const g = game();
    const token = (await leases.acquire(g, "node-a", 5000))!.token;
    const slow = { mget: () => new Promise<(string | null)[]>(() => undefined) } as unknown as Redis;
    await expect(fencedGames(holding({ [g]: token }), slow, keys, [g], 50)).rejects.toThrow(/did not answer within 50 ms/);
  });
});

describe("fencing guard in the log writer (PostgreSQL)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await scratchDatabase();
    drop = scratch.drop;
    db = await openDatabase({ url: scratch.url, poolSize: 2 });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("refuses the deposed owner's append with FENCED and stores the new owner's", async () => {
    const g = randomUUID();
    await createGameRepository(db).createGame({
      id: g,
      game: "dice",
      setup: { seed: 1, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] },
      seats: ["a", "b", "c", "d"].map((id, seat) => ({ seat, name: `bot ${id}`, botKind: "random" })),
    });
    const entry = (seq: number, by: string) => ({ seq, playerId: by, clientCommandId: `cmd-${seq}-${by}`, command: { type: "roll" as const, by } });

    const heldByA = new Map<string, number>();
    const heldByB = new Map<string, number>();
    const writerA = createLogWriter(db, { guard: createFencingGuard((id) => heldByA.get(id), redis, keys) });
    const writerB = createLogWriter(db, { guard: createFencingGuard((id) => heldByB.get(id), redis, keys) });
    try {
      heldByA.set(g, (await leases.acquire(g, "node-a", 5000))!.token);
      await writerA.append(g, entry(1, "a"));

      // node-a's lease is taken over (it expired while node-a was paused), node-b continues the log.
      await redis.del(keys.lease(g));
      heldByB.set(g, (await leases.acquire(g, "node-b", 5000))!.token);
      const deposed = await writerA.append(g, entry(2, "a")).then(
        () => "stored",
        (e: unknown) => (e instanceof DbError ? e.code : String(e)),
      );
      expect(deposed).toBe("FENCED");
      await writerB.append(g, entry(2, "b"));
    } finally {
      await writerA.close();
      await writerB.close();
    }
    const stored = await db.prisma.commandLogEntry.findMany({ where: { gameId: g }, orderBy: { seq: "asc" }, select: { seq: true, playerId: true } });
    expect(stored).toEqual([
      { seq: 1, playerId: "a" },
      { seq: 2, playerId: "b" },
    ]);
  });
});
