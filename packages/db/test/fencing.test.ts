/**
 * DESIGN invariant 2 (one writer per game) in the database: a takeover claims a game by raising its
 * fencingToken (claimGame), and the log refuses (FENCED) the entries of a writer whose token is not
 * the stored one, writing nothing of them, on both backends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommandLog, createGameRepository, createLogWriter, DbError, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { entry, SETUP } from "./support/fixtures.js";

const outcome = (p: Promise<void>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DbError ? e.code : `not a DbError: ${String(e)}`),
  );

describe.each(BACKENDS)("fencing tokens on %s", (backend) => {
  let store: Store;
  let db: Database;
  beforeAll(async () => {
    store = await createStore(backend);
    db = await store.open();
  }, START_TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  const newGame = async (fencingToken: number) =>
    (await createGameRepository(db).createGame({ game: "dice", setup: SETUP, fencingToken, seats: SETUP.players.map((p, seat) => ({ seat, name: p.id, botKind: "random" })) })).id;

  it("a claim raises the token only upwards and returns the lastSeq the new owner must replay to", async () => {
    const games = createGameRepository(db);
    const id = await newGame(1);
    expect((await games.getGame(id))!.fencingToken).toBe(1);
    const writer = createLogWriter(db, { maxDelayMs: 1 });
    await writer.append(id, entry(1, { fencingToken: 1 }));
    await writer.append(id, entry(2, { fencingToken: 1 }));
    expect(await games.claimGame(id, 3)).toEqual({ lastSeq: 2 });
    // An equal or lower token claims nothing: a later owner already holds the game.
    expect(await games.claimGame(id, 3)).toBeNull();
    expect(await games.claimGame(id, 2)).toBeNull();
    expect(await games.claimGame("no-such-game", 9)).toBeNull();
    await expect(games.claimGame(id, 0)).rejects.toThrow(RangeError);
    expect((await games.getGame(id))!.fencingToken).toBe(3);
    await writer.close();
  });

  it("a deposed owner's late write is refused with FENCED and nothing of it is stored; the new owner continues the log", async () => {
    const games = createGameRepository(db);
    const log = createCommandLog(db);
    const id = await newGame(5);
    const writer = createLogWriter(db, { maxDelayMs: 1 });
    expect(await outcome(writer.append(id, entry(1, { fencingToken: 5 })))).toBe("ok");
    // Node B takes over with token 6 while node A (token 5) is paused with two more entries queued.
    expect(await games.claimGame(id, 6)).toEqual({ lastSeq: 1 });
    const late = await Promise.all([outcome(writer.append(id, entry(2, { fencingToken: 5 }))), outcome(writer.append(id, entry(3, { fencingToken: 5 })))]);
    expect(late).toEqual(["FENCED", "FENCED"]);
    expect((await log.loadLog(id)).map((e) => e.seq)).toEqual([1]);
    expect((await games.getGame(id))!.lastSeq).toBe(1);
    // The new owner writes seq 2 with its token; the stale one still cannot, even at the next seq.
    expect(await outcome(writer.append(id, entry(2, { fencingToken: 6, clientCommandId: "b-2" })))).toBe("ok");
    expect(await outcome(writer.append(id, entry(3, { fencingToken: 5 })))).toBe("FENCED");
    // A token from the future is no better than a stale one: only the stored token writes.
    expect(await outcome(writer.append(id, entry(3, { fencingToken: 7 })))).toBe("FENCED");
    const stored = await log.loadLog(id);
    expect(stored.map((e) => [e.seq, e.clientCommandId])).toEqual([
      [1, "cmd-1"],
      [2, "b-2"],
    ]);
    await writer.close();
  });

  it("the result of a game is recorded only with the owner's token", async () => {
    const games = createGameRepository(db);
    const id = await newGame(4);
    await games.claimGame(id, 5);
    const winner = { team: "law" as const, players: ["a"] };
    await expect(games.finishGame(id, winner, { fencingToken: 4 })).rejects.toMatchObject({ code: "FENCED" });
    expect((await games.getGame(id))!.status).toBe("running");
    await expect(games.finishGame("no-such-game", winner, { fencingToken: 5 })).rejects.toMatchObject({ code: "GAME_NOT_FOUND" });
    expect(await games.finishGame(id, winner, { fencingToken: 5 })).toMatchObject({ status: "finished", winner });
  });

  it("in one batch, the fenced game is refused and the others are written", async () => {
    const a = await newGame(1);
    const b = await newGame(1);
    await createGameRepository(db).claimGame(b, 2);
    const writer = createLogWriter(db, { maxDelayMs: 20 });
    const results = await Promise.all([outcome(writer.append(a, entry(1, { fencingToken: 1 }))), outcome(writer.append(b, entry(1, { fencingToken: 1 })))]);
    expect(results).toEqual(["ok", "FENCED"]);
    expect(writer.stats.flushes).toBe(1);
    const log = createCommandLog(db);
    expect((await log.loadLog(a)).length).toBe(1);
    expect((await log.loadLog(b)).length).toBe(0);
    // Entries without a token (the single-node default) are not fenced.
    expect(await outcome(writer.append(b, entry(1)))).toBe("ok");
    await writer.close();
  });
});
