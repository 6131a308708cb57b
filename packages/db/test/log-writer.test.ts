import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommandLog, createLogWriter, DbError, type Database, type FlushInfo } from "../src/index.js";
import { BACKENDS, createStore, observe, START_TIMEOUT, type Observer, type Store } from "./support/backends.js";
import { entry, newGame } from "./support/fixtures.js";

const GAMES = 50;

/** Settles `p` to its DbError code, or "ok". */
const outcome = (p: Promise<void>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DbError ? e.code : `not a DbError: ${String(e)}`),
  );

describe.each(BACKENDS)("log writer on %s", (backend) => {
  let store: Store;
  let db: Database;
  let observer: Observer;
  beforeAll(async () => {
    store = await createStore(backend);
    db = await store.open();
    observer = await observe(store, db);
  }, START_TIMEOUT);
  afterAll(async () => {
    await observer?.close();
    await db?.close();
    await store?.dispose();
  });

  const visible = async (gameId: string, seq: number) =>
    (await observer.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "CommandLogEntry" WHERE "gameId" = $1 AND seq = $2`, [gameId, seq]))[0]!
      .n === 1;

  it(`groups the appends of ${GAMES} games into few transactions; each resolves once readable elsewhere`, async () => {
    const ids = await Promise.all(Array.from({ length: GAMES }, () => newGame(db)));
    const flushes: FlushInfo[] = [];
    const writer = createLogWriter(db, { onFlush: (f) => flushes.push(f) });
    const ROUNDS = 4;
    const checks: Promise<string | null>[] = [];
    // Every game plays like a real one: its next command only after the previous one is acknowledged.
    // At each acknowledgement the row must already be committed: PGlite is out of the writer's
    // transaction, and a query sent right now on another connection finds the row.
    await Promise.all(
      ids.map(async (id) => {
        for (let seq = 1; seq <= ROUNDS; seq++) {
          await writer.append(id, entry(seq));
          const inTx = db.kind === "pglite" && db.pglite.isInTransaction();
          checks.push(visible(id, seq).then((seen) => (seen && !inTx ? null : `${id}#${seq}`)));
        }
      }),
    );
    const unseen = (await Promise.all(checks)).filter((c) => c !== null);
    expect(unseen).toEqual([]);
    expect(writer.stats).toEqual({ flushes: flushes.length, entries: GAMES * ROUNDS, failedEntries: 0 });
    // One transaction per round in the ideal case; allow stragglers, but far fewer than 200 commits.
    expect(flushes.length).toBeLessThanOrEqual(ROUNDS * 3);
    expect(Math.max(...flushes.map((f) => f.games))).toBeGreaterThanOrEqual(GAMES / 2);

    // Fire-and-forget from all games at once: 200 entries < maxBatch, one or two transactions.
    const before = flushes.length;
    await Promise.all(ids.flatMap((id) => [5, 6, 7, 8].map((seq) => writer.append(id, entry(seq)))));
    expect(flushes.length - before).toBeLessThanOrEqual(2);
    await writer.close();

    const log = createCommandLog(db);
    for (const id of ids.slice(0, 5)) expect((await log.loadLog(id)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("rejects only the offending games' entries of a batch, with their codes", async () => {
    const [good, dupSeq, dupId, missing] = await Promise.all([newGame(db), newGame(db), newGame(db), "no-such-game"]);
    await createCommandLog(db).appendEntries(dupSeq!, [entry(1), entry(2)]);
    await createCommandLog(db).appendEntries(dupId!, [entry(1)]);
    const flushes: FlushInfo[] = [];
    const writer = createLogWriter(db, { maxDelayMs: 50, onFlush: (f) => flushes.push(f) });
    const results = await Promise.all([
      outcome(writer.append(good!, entry(1))),
      outcome(writer.append(dupSeq!, entry(2, { clientCommandId: "again" }))),
      outcome(writer.append(dupSeq!, entry(3))),
      outcome(writer.append(dupId!, entry(2))),
      outcome(writer.append(dupId!, entry(3, { clientCommandId: "cmd-1" }))),
      outcome(writer.append(good!, entry(2))),
      outcome(writer.append(missing!, entry(1))),
    ]);
    expect(results).toEqual(["ok", "DUPLICATE_SEQ", "DUPLICATE_SEQ", "DUPLICATE_COMMAND_ID", "DUPLICATE_COMMAND_ID", "ok", "GAME_NOT_FOUND"]);
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toMatchObject({ entries: 7, games: 4, failedGames: 3 });

    const log = createCommandLog(db);
    expect((await log.loadLog(good!)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await log.loadLog(dupSeq!)).map((e) => e.clientCommandId)).toEqual(["cmd-1", "cmd-2"]);
    expect((await log.loadLog(dupId!)).map((e) => e.seq)).toEqual([1]); // seq 2 was fine alone: not kept

    // The refused game goes on failing until its writer catches up (no holes), the others go on.
    expect(await outcome(writer.append(dupId!, entry(4)))).toBe("SEQ_GAP");
    expect(await outcome(writer.append(dupId!, entry(2)))).toBe("ok");
    await writer.close();
  });

  it("rejects exactly the batch whose transaction fails, and the guard can fence single games", async () => {
    const [a, b] = await Promise.all([newGame(db), newGame(db)]);
    let mode: "throw" | "fence-b" | "pass" = "throw";
    const writer = createLogWriter(db, {
      maxDelayMs: 20,
      guard: async (_tx, gameIds) => {
        if (mode === "throw") throw new Error("lease store unreachable");
        return mode === "fence-b" ? gameIds.filter((g) => g === b) : [];
      },
    });
    const failed = await Promise.all([outcome(writer.append(a!, entry(1))), outcome(writer.append(b!, entry(1)))]);
    expect(failed).toEqual(["WRITE_FAILED", "WRITE_FAILED"]);
    mode = "fence-b";
    expect(await Promise.all([outcome(writer.append(a!, entry(1))), outcome(writer.append(b!, entry(1)))])).toEqual(["ok", "FENCED"]);
    mode = "pass";
    expect(await outcome(writer.append(b!, entry(1)))).toBe("ok");
    expect(writer.stats).toEqual({ flushes: 3, entries: 5, failedEntries: 3 });
    await writer.close();
    const log = createCommandLog(db);
    expect((await log.loadLog(a!)).length).toBe(1);
    expect((await log.loadLog(b!)).length).toBe(1);
  });

  it.each([1, 2])("with maxInFlight %i, a slow flush holds back only what it must; each game's log stays in order", async (maxInFlight) => {
    const [a, b] = await Promise.all([newGame(db), newGame(db)]);
    // The guard runs before each flush's write: holding the first one open makes that flush slow.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let calls = 0;
    const writer = createLogWriter(db, { maxInFlight, maxDelayMs: 1, guard: async () => (++calls === 1 ? held.then(() => []) : []) });
    const order: string[] = [];
    const track = (name: string, p: Promise<void>) => p.then(() => void order.push(name));
    const a1 = track("a1", writer.append(a!, entry(1)));
    while (calls === 0) await new Promise((r) => setTimeout(r, 1));
    const b1 = track("b1", writer.append(b!, entry(1)));
    const a2 = track("a2", writer.append(a!, entry(2)));
    expect(writer.pending).toBe(3); // a1 in the held flush, b1 and a2 queued
    expect(writer.flushing).toBe(1);
    // A second flush may go out with b's entry; a's next entry waits for the flush holding a's first.
    if (maxInFlight === 1) {
      await new Promise((r) => setTimeout(r, 200));
      expect(order).toEqual([]);
    } else {
      await expect.poll(() => order, { timeout: 10_000, interval: 10 }).toEqual(["b1"]);
    }
    expect(writer.pending).toBe(maxInFlight === 1 ? 3 : 2); // with 2 flushes b1 is committed; a1 held, a2 behind it
    expect(writer.flushing).toBe(1); // the held one (b1's, if any, is over)
    release();
    await Promise.all([a1, b1, a2]);
    expect(writer.pending).toBe(0);
    await writer.flush();
    expect(writer.flushing).toBe(0);
    expect(order).toEqual(maxInFlight === 1 ? ["a1", "b1", "a2"] : ["b1", "a1", "a2"]);
    await writer.close();
    const log = createCommandLog(db);
    expect((await log.loadLog(a!)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await log.loadLog(b!)).map((e) => e.seq)).toEqual([1]);
  });

  it("a batch whose statement fails rejects every entry of it, of every game, and stores none of them", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newGame(db)));
    const exec = (text: string) => (db.kind === "postgresql" ? db.pool.query(text) : db.pglite.exec(text));
    // A trigger that fails the whole statement on one row: not a unique violation, so no slow path.
    await exec(`CREATE FUNCTION bang_test_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."clientCommandId" = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await exec(`CREATE TRIGGER bang_test_boom BEFORE INSERT ON "CommandLogEntry" FOR EACH ROW EXECUTE FUNCTION bang_test_boom()`);
    try {
      const flushes: FlushInfo[] = [];
      const writer = createLogWriter(db, { maxDelayMs: 20, onFlush: (f) => flushes.push(f) });
      const results = await Promise.all(
        ids.flatMap((id, i) => [1, 2].map((seq) => outcome(writer.append(id, entry(seq, i === 3 && seq === 2 ? { clientCommandId: "boom" } : {}))))),
      );
      expect(flushes.map((f) => [f.entries, f.games, f.failedGames, f.error?.code])).toEqual([[12, 6, 6, "WRITE_FAILED"]]);
      expect(results).toEqual(Array(12).fill("WRITE_FAILED"));
      const stored = await observer.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "CommandLogEntry" WHERE "gameId" = ANY($1::text[])`, [ids]);
      expect(stored).toEqual([{ n: 0 }]);
      const moved = await observer.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "Game" WHERE id = ANY($1::text[]) AND "lastSeq" <> 0`, [ids]);
      expect(moved).toEqual([{ n: 0 }]);
      await writer.close();
    } finally {
      await exec(`DROP TRIGGER bang_test_boom ON "CommandLogEntry"; DROP FUNCTION bang_test_boom()`);
    }
  });

  it("close() drains everything queued at once, then refuses appends", async () => {
    const id = await newGame(db);
    const writer = createLogWriter(db, { maxBatch: 100, maxDelayMs: 60_000 });
    const t0 = Date.now();
    const pending = Array.from({ length: 250 }, (_, i) => writer.append(id, entry(i + 1)));
    await writer.close();
    await Promise.all(pending);
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(writer.stats).toMatchObject({ flushes: 3, entries: 250, failedEntries: 0 });
    expect(await outcome(writer.append(id, entry(251)))).toBe("WRITER_CLOSED");
    expect((await createCommandLog(db).loadLog(id)).length).toBe(250);

    const other = createLogWriter(db, { maxDelayMs: 60_000 });
    const p = other.append(id, entry(251));
    await other.flush();
    expect(await outcome(p)).toBe("ok");
    await other.close();
  });
});
