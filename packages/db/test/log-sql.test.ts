/**
 * The log writer's plain-SQL path (DESIGN invariant 3: an append resolves only once stored) on both
 * backends: a batch is stored row for row, a stale fencing token is refused exactly as before
 * (invariant 2), and the Prisma-only fallback stores the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitLog, createCommandLog, createGameRepository, createLogWriter, DbError, type Database } from "../src/index.js";
import { BACKENDS, createStore, observe, START_TIMEOUT, type Observer, type Store } from "./support/backends.js";
import { entry, newGame, SETUP } from "./support/fixtures.js";

describe.each(BACKENDS)("the log's SQL path on %s", (backend) => {
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

  it("stores a batch of several games in one flush: commands, draws (or NULL), seqs, lastSeq, and createdAt in UTC", async () => {
    const [a, b] = await Promise.all([newGame(db), newGame(db)]);
    const writer = createLogWriter(db, { maxDelayMs: 20 });
    const draws = [{ kind: "die", value: 6 }];
    // Quotes, backslashes and non-ASCII in a command survive the array parameters.
    const odd = { type: "say", by: "b", text: 'he said "draw!" \\ ¡olé! {,}' };
    await Promise.all([
      writer.append(a, entry(1)),
      writer.append(a, entry(2, { draws: draws as never })),
      writer.append(b, entry(1, { command: odd, playerId: "b" })),
    ]);
    expect(writer.stats).toEqual({ flushes: 1, entries: 3, failedEntries: 0 });
    await writer.close();
    const rows = await observer.rows<{ gameId: string; seq: number; command: unknown; draws: unknown; age: number }>(
      `SELECT "gameId", seq, command, draws, abs(extract(epoch FROM ("createdAt" - (now() AT TIME ZONE 'UTC'))))::float8 AS age
         FROM "CommandLogEntry" WHERE "gameId" = ANY($1::text[]) ORDER BY "gameId" = $2 DESC, seq`,
      [[a, b], a],
    );
    expect(rows.map((r) => [r.gameId, r.seq, r.command, r.draws])).toEqual([
      [a, 1, entry(1).command, null],
      [a, 2, entry(2).command, draws],
      [b, 1, odd, null],
    ]);
    // A time zone mix-up would be off by whole hours; the rows were written moments ago.
    for (const r of rows) expect(r.age).toBeLessThan(600);
    const games = createGameRepository(db);
    expect((await games.getGame(a))!.lastSeq).toBe(2);
    expect((await games.getGame(b))!.lastSeq).toBe(1);
  });

  it("refuses a stale fencing token with FENCED, the same error as before, and stores nothing of it", async () => {
    const id = (await createGameRepository(db).createGame({ game: "dice", setup: SETUP, fencingToken: 5, seats: SETUP.players.map((p, seat) => ({ seat, name: p.id, botKind: "random" })) })).id;
    await createGameRepository(db).claimGame(id, 6);
    const failures = await commitLog(db, new Map([[id, [entry(1, { fencingToken: 5 }), entry(2, { fencingToken: 5 })]]]));
    const error = failures.get(id)!;
    expect(error).toBeInstanceOf(DbError);
    expect(error.code).toBe("FENCED");
    expect(error.message).toBe(`game ${id}: fencing token 5 is not the owner's (6): another node owns the game`);
    expect(error.details).toEqual({ gameId: id, seq: 1 });
    expect(await createCommandLog(db).loadLog(id)).toEqual([]);
    expect((await createGameRepository(db).getGame(id))!.lastSeq).toBe(0);
  });

  it("on the slow path, refuses the game whose clientCommandId is taken (DUPLICATE_COMMAND_ID) and writes the other games of the batch", async () => {
    const [taken, fine] = await Promise.all([newGame(db), newGame(db)]);
    await commitLog(db, new Map([[taken, [entry(1, { clientCommandId: "x" })]]]));
    const failures = await commitLog(
      db,
      new Map([
        [taken, [entry(2, { clientCommandId: "x" })]],
        [fine, [entry(1), entry(2)]],
      ]),
    );
    expect([...failures].map(([id, e]) => [id, e.code])).toEqual([[taken, "DUPLICATE_COMMAND_ID"]]);
    expect((await createCommandLog(db).loadLog(fine)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await createCommandLog(db).loadLog(taken)).map((e) => e.seq)).toEqual([1]);
  });

  it("stores the same rows through Prisma alone (a handle without logSql)", async () => {
    const id = await newGame(db);
    const writer = createLogWriter({ prisma: db.prisma }, { maxDelayMs: 5 });
    await Promise.all([writer.append(id, entry(1)), writer.append(id, entry(2, { draws: [{ kind: "die", value: 1 }] as never }))]);
    await writer.close();
    const stored = await createCommandLog(db).loadLog(id);
    expect(stored.map((e) => [e.seq, e.command, e.draws ?? null])).toEqual([
      [1, entry(1).command, null],
      [2, entry(2).command, [{ kind: "die", value: 1 }]],
    ]);
  });
});
