/**
 * Embedded PGlite in its worker thread (RemotePGlite): PostgreSQL's errors come back with their codes
 * and the worker goes on; Prisma's interactive transactions commit and roll back through it; a dead or
 * closed worker fails every request with WORKER_FAILED, and the log writer then refuses to acknowledge
 * (WRITE_FAILED, DESIGN invariant 3).
 */
import type { Worker } from "node:worker_threads";
import { messages } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogWriter, DbError, Prisma, type Database } from "../src/index.js";
import { createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { entry, newGame } from "./support/fixtures.js";

type PgliteDb = Extract<Database, { kind: "pglite" }>;

/** The worker behind a RemotePGlite (private): only to kill it in a test. */
const workerOf = (db: PgliteDb) => (db.pglite as unknown as { worker: Worker }).worker;

describe("PGlite in a worker thread", () => {
  let store: Store;
  let db: PgliteDb;
  beforeAll(async () => {
    store = await createStore("pglite");
    db = (await store.open()) as PgliteDb;
  }, START_TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  it("answers PostgreSQL's errors as PGlite's DatabaseError, code and detail kept, and keeps serving", async () => {
    const e = await db.pglite.query(`SELECT * FROM "NoSuchTable"`).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(messages.DatabaseError);
    expect((e as messages.DatabaseError).code).toBe("42P01");
    const id = await newGame(db);
    const dup = await db.pglite.query(`INSERT INTO "Game" (id, game, setup, "updatedAt") VALUES ($1, 'dice', '{}', now())`, [id]).catch((x: unknown) => x);
    expect((dup as messages.DatabaseError).code).toBe("23505");
    expect((dup as messages.DatabaseError).detail).toContain(id);
    expect((await db.pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Game" WHERE id = $1`, [id])).rows).toEqual([{ n: 1 }]);
  });

  it("maps a unique violation through Prisma's adapter to P2002", async () => {
    const id = await newGame(db);
    const e = await db.prisma.game.create({ data: { id, game: "dice", setup: {} } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((e as Prisma.PrismaClientKnownRequestError).code).toBe("P2002");
  });

  it("commits a Prisma interactive transaction, and rolls one back when it throws", async () => {
    const kept = await db.prisma.$transaction(async (tx) => {
      const p = await tx.player.create({ data: { name: "kept", kind: "guest" } });
      expect(db.pglite.isInTransaction()).toBe(true);
      return p.id;
    });
    expect(db.pglite.isInTransaction()).toBe(false);
    let goneId = "";
    await expect(
      db.prisma.$transaction(async (tx) => {
        goneId = (await tx.player.create({ data: { name: "gone", kind: "guest" } })).id;
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.prisma.player.findUnique({ where: { id: kept } })).toMatchObject({ name: "kept" });
    expect(goneId).not.toBe("");
    expect(await db.prisma.player.findUnique({ where: { id: goneId } })).toBeNull();
  });

  it("a query sent during a transaction waits for its end (here a rollback) and sees nothing of it", async () => {
    let outside: Promise<unknown> | null = null;
    let seenInside = -1;
    await expect(
      db.pglite.transaction(async (tx) => {
        await tx.query(`INSERT INTO "Player" (id, name, kind) VALUES ('p-wait', 'w', 'guest')`);
        outside = db.pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Player" WHERE id = 'p-wait'`).then((r) => r.rows[0]!.n);
        seenInside = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Player" WHERE id = 'p-wait'`)).rows[0]!.n;
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(seenInside).toBe(1);
    // Had it run inside the transaction, it would have counted the row.
    expect(await outside).toBe(0);
  });

  it("runs a named statement as query() does: same rows and types, new parameters each time, PostgreSQL's errors", async () => {
    const id = await newGame(db);
    const text = `SELECT id, "lastSeq", setup, "createdAt", $2::int + 1 AS next, $3::text[] AS tags FROM "Game" WHERE id = $1`;
    const plain = (await db.pglite.query(text, [id, 41, ["a", "b"]])).rows;
    const named = await db.logSql.query(text, [id, 41, ["a", "b"]], "bang_test_game");
    expect(named).toEqual(plain);
    expect(named[0]).toMatchObject({ id, lastSeq: 0, setup: { seed: 42 }, next: 42, tags: ["a", "b"] });
    expect((named[0] as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
    // Prepared in the worker's one session (query() runs unnamed statements, which are not listed here).
    const names = (await db.pglite.query<{ name: string }>(`SELECT name FROM pg_prepared_statements`)).rows.map((r) => r.name);
    expect(names).toContain("bang_test_game");
    // Prepared once: the second run binds new values to the same statement.
    expect(await db.logSql.query(text, [id, 1, []], "bang_test_game")).toMatchObject([{ next: 2, tags: [] }]);
    const dup = await db.logSql
      .query(`INSERT INTO "Game" (id, game, setup, "updatedAt") VALUES ($1, 'dice', '{}', now())`, [id], "bang_test_dup")
      .catch((x: unknown) => x);
    expect(dup).toBeInstanceOf(messages.DatabaseError);
    expect((dup as messages.DatabaseError).code).toBe("23505");
    // The session goes on after the error.
    expect(await db.logSql.query(text, [id, 0, null], "bang_test_game")).toMatchObject([{ next: 1, tags: null }]);
  });

  it("prepares Prisma's data statements outside a transaction once, by their text, with the same results", async () => {
    const prepared = async () => (await db.pglite.query<{ name: string; statement: string }>(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'bang_auto_%'`)).rows;
    const a = await db.prisma.player.create({ data: { name: "auto a", kind: "guest" } });
    const b = await db.prisma.player.create({ data: { name: "auto b", kind: "guest" } });
    expect(await db.prisma.player.findUnique({ where: { id: a.id } })).toMatchObject({ id: a.id, name: "auto a", kind: "guest" });
    const before = await prepared();
    expect(before.some((p) => /SELECT/i.test(p.statement) && p.statement.includes('"Player"'))).toBe(true);
    // The same query shape again: the same prepared statement, new parameters, no new one.
    expect(await db.prisma.player.findUnique({ where: { id: b.id } })).toMatchObject({ id: b.id, name: "auto b", createdAt: b.createdAt });
    expect((await prepared()).length).toBe(before.length);
    // A statement that is not a data statement is run as query() runs it, never prepared.
    await db.pglite.query(`SET search_path TO public`);
    expect((await prepared()).some((p) => /^\s*SET/i.test(p.statement))).toBe(false);
  });

  it("a named statement sent during a transaction waits for its end and sees nothing of it", async () => {
    let outside: Promise<unknown> | null = null;
    await expect(
      db.pglite.transaction(async (tx) => {
        await tx.query(`INSERT INTO "Player" (id, name, kind) VALUES ('p-named', 'w', 'guest')`);
        outside = db.logSql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Player" WHERE id = $1`, ["p-named"], "bang_test_count").then((r) => r[0]!.n);
        await new Promise((r) => setTimeout(r, 50));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await outside).toBe(0);
  });

  it("fails every request with WORKER_FAILED once the worker dies; the log writer then acknowledges nothing", async () => {
    const spare = await createStore("pglite");
    const victim = (await spare.open()) as PgliteDb;
    try {
      const id = await newGame(victim);
      const writer = createLogWriter(victim, { maxDelayMs: 1 });
      await writer.append(id, entry(1));
      const inFlight = victim.pglite.query(`SELECT pg_sleep(2)`).catch((x: unknown) => x);
      await workerOf(victim).terminate();
      const lost = await inFlight;
      expect(lost).toBeInstanceOf(DbError);
      expect((lost as DbError).code).toBe("WORKER_FAILED");
      await expect(victim.pglite.query("SELECT 1")).rejects.toMatchObject({ code: "WORKER_FAILED" });
      const refused = await writer.append(id, entry(2)).catch((x: unknown) => x);
      expect(refused).toBeInstanceOf(DbError);
      expect((refused as DbError).code).toBe("WRITE_FAILED");
      expect(((refused as DbError).cause as DbError).code).toBe("WORKER_FAILED");
      await writer.close();
    } finally {
      await victim.close();
      await spare.dispose();
    }
  }, START_TIMEOUT);

  it("refuses requests after close() with WORKER_FAILED", async () => {
    const spare = await createStore("pglite");
    const closed = (await spare.open()) as PgliteDb;
    await closed.close();
    try {
      await expect(closed.pglite.query("SELECT 1")).rejects.toMatchObject({ code: "WORKER_FAILED" });
      await expect(closed.prisma.game.count()).rejects.toThrow();
    } finally {
      await spare.dispose();
    }
  }, START_TIMEOUT);
});
