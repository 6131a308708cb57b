import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCommandLog,
  createGameRepository,
  createPlayerRepository,
  DbError,
  Prisma,
  type Database,
} from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { entry, newGame, SETUP } from "./support/fixtures.js";

async function refusal(p: Promise<unknown>): Promise<DbError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof DbError)) throw new Error(`expected a DbError, got ${String(e)}`);
  return e;
}

describe.each(BACKENDS)("repositories on %s", (backend) => {
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

  it("creates and reads players", async () => {
    const players = createPlayerRepository(db);
    const ann = await players.createGuest("Ann");
    expect(ann).toMatchObject({ name: "Ann", kind: "guest" });
    expect(ann.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ann.createdAt).toBeInstanceOf(Date);
    expect(await players.get(ann.id)).toEqual(ann);
    expect(await players.get(randomUUID())).toBeNull();
  });

  it("round-trips a game with human and bot seats, then finishes it", async () => {
    const players = createPlayerRepository(db);
    const games = createGameRepository(db);
    const ann = await players.createGuest("Ann");
    const bob = await players.createGuest("Bob");
    const setup = { ...SETUP, seed: 7 };
    const created = await games.createGame({
      game: "dice",
      setup,
      tableCode: "WXYZ",
      seats: [
        { seat: 0, playerId: ann.id, name: "Ann" },
        { seat: 1, botKind: "heuristic", name: "Bot 1" },
        { seat: 2, playerId: bob.id, name: "Bob" },
        { seat: 3, botKind: "random", name: "Bot 3" },
      ],
    });
    expect(created).toMatchObject({ game: "dice", status: "running", tableCode: "WXYZ", lastSeq: 0, finishedAt: null, winner: null });
    expect(created.setup).toEqual(setup);
    expect(created.seats).toEqual([
      { seat: 0, playerId: ann.id, botKind: null, name: "Ann" },
      { seat: 1, playerId: null, botKind: "heuristic", name: "Bot 1" },
      { seat: 2, playerId: bob.id, botKind: null, name: "Bob" },
      { seat: 3, playerId: null, botKind: "random", name: "Bot 3" },
    ]);
    expect(await games.getGame(created.id)).toEqual(created);

    const running = await games.listGames({ status: "running", tableCode: "WXYZ" });
    expect(running.map((g) => g.id)).toEqual([created.id]);

    const finished = await games.finishGame(created.id, { team: "outlaws", players: ["b", "d"] });
    expect(finished).toMatchObject({ status: "finished", winner: { team: "outlaws", players: ["b", "d"] } });
    expect(finished.finishedAt).toBeInstanceOf(Date);
    expect(await games.getGame(created.id)).toEqual(finished);
    expect((await games.listGames({ status: "running", tableCode: "WXYZ" })).length).toBe(0);
    expect((await games.listGames({ status: "finished", tableCode: "WXYZ" })).map((g) => g.id)).toEqual([created.id]);
  });

  it("abandons a game, and refuses unknown games and players", async () => {
    const games = createGameRepository(db);
    const id = await newGame(db);
    expect(await games.abandonGame(id)).toMatchObject({ status: "abandoned", winner: null });
    expect(await games.getGame(randomUUID())).toBeNull();
    expect((await refusal(games.finishGame(randomUUID(), null))).code).toBe("GAME_NOT_FOUND");
    await expect(
      games.createGame({ game: "dice", setup: SETUP, seats: [{ seat: 0, playerId: randomUUID(), name: "ghost" }] }),
    ).rejects.toThrow();
    await expect(newGame(db, id)).rejects.toThrow(); // taken id
  });

  it("appends entries and loads them in seq order, with forced draws, by client id and as a game-core GameLog", async () => {
    const log = createCommandLog(db);
    const id = await newGame(db);
    const draws = [{ roll: ["arrow", "beer", "1", "2", "gatling"] }];
    await log.appendEntries(id, [entry(1, { draws }), entry(2)]);
    await log.appendEntries(id, [entry(3), entry(4), entry(5)]);
    await log.appendEntries(id, []);

    const loaded = await log.loadLog(id);
    expect(loaded.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(loaded.map((e) => e.command)).toEqual([1, 2, 3, 4, 5].map((s) => entry(s).command));
    expect(loaded[0]!.draws).toEqual(draws);
    expect(loaded[1]).not.toHaveProperty("draws");
    expect(loaded[3]).toMatchObject({ gameId: id, playerId: "a", clientCommandId: "cmd-4" });
    expect((await log.loadLog(id, { afterSeq: 3 })).map((e) => e.seq)).toEqual([4, 5]);
    expect(await log.findByClientCommandId(id, "a", "cmd-3")).toEqual(loaded[2]);
    expect(await log.findByClientCommandId(id, "a", "nope")).toBeNull();
    expect(await log.findByClientCommandId(id, "b", "cmd-3")).toBeNull(); // ids are per player
    expect((await createGameRepository(db).getGame(id))!.lastSeq).toBe(5);

    const gameLog = await log.loadGameLog(id);
    expect(gameLog).toEqual({ game: "dice", setup: SETUP, entries: loaded.map((e) => ({ command: e.command, ...(e.draws ? { draws: e.draws } : {}) })) });
    expect(await log.loadGameLog(randomUUID())).toBeNull();
  });

  it("DESIGN 5: a client command id is unique per player of a game: another player's same id is stored, the same player's is refused", async () => {
    const log = createCommandLog(db);
    const id = await newGame(db);
    await log.appendEntries(id, [entry(1), entry(2)]);
    // Player a's cmd-2 is taken; b and c may use it, and x, in one call too.
    await log.appendEntries(id, [entry(3, { clientCommandId: "cmd-2", playerId: "b" }), entry(4, { clientCommandId: "x", playerId: "b" }), entry(5, { clientCommandId: "x", playerId: "c" })]);
    expect((await log.findByClientCommandId(id, "a", "cmd-2"))!.seq).toBe(2);
    expect((await log.findByClientCommandId(id, "b", "cmd-2"))!.seq).toBe(3);
    const before = await log.loadLog(id);
    expect((await refusal(log.appendEntries(id, [entry(6, { clientCommandId: "cmd-2", playerId: "b" })]))).code).toBe("DUPLICATE_COMMAND_ID");
    expect((await refusal(log.appendEntries(id, [entry(6, { clientCommandId: "y", playerId: "d" }), entry(7, { clientCommandId: "y", playerId: "d" })]))).code).toBe("DUPLICATE_COMMAND_ID");
    expect(await log.loadLog(id)).toEqual(before);
  });

  it("refuses a duplicate seq or clientCommandId with its code and writes nothing of the call", async () => {
    const log = createCommandLog(db);
    const games = createGameRepository(db);
    const id = await newGame(db);
    await log.appendEntries(id, [entry(1), entry(2), entry(3)]);
    const before = await log.loadLog(id);

    const dupSeq = await refusal(log.appendEntries(id, [entry(3, { clientCommandId: "fresh-3" }), entry(4)]));
    expect(dupSeq).toMatchObject({ code: "DUPLICATE_SEQ", details: { gameId: id, seq: 3 } });

    // seq 4 is fine on its own, but the call also repeats cmd-2: neither is stored.
    const dupId = await refusal(log.appendEntries(id, [entry(4), entry(5, { clientCommandId: "cmd-2", playerId: "a" })]));
    expect(dupId).toMatchObject({ code: "DUPLICATE_COMMAND_ID", details: { gameId: id, clientCommandId: "cmd-2" } });

    const inCall = await refusal(log.appendEntries(id, [entry(4, { clientCommandId: "x" }), entry(5, { clientCommandId: "x", playerId: "a" })]));
    expect(inCall.code).toBe("DUPLICATE_COMMAND_ID");
    expect((await refusal(log.appendEntries(id, [entry(5)]))).code).toBe("SEQ_GAP");
    expect((await refusal(log.appendEntries(id, [entry(4), entry(6)]))).code).toBe("SEQ_GAP");
    expect((await refusal(log.appendEntries(id, [entry(0)]))).code).toBe("INVALID_ENTRY");
    expect((await refusal(log.appendEntries(randomUUID(), [entry(1)]))).code).toBe("GAME_NOT_FOUND");

    expect(await log.loadLog(id)).toEqual(before);
    expect((await games.getGame(id))!.lastSeq).toBe(3);
    await log.appendEntries(id, [entry(4)]);
    expect((await log.loadLog(id)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it("has the unique indexes themselves, not only the checks in code", async () => {
    const id = await newGame(db);
    await createCommandLog(db).appendEntries(id, [entry(1)]);
    const row = { gameId: id, playerId: "a", command: { type: "roll", by: "a" } };
    for (const dup of [
      { ...row, seq: 1, clientCommandId: "other" },
      { ...row, seq: 2, clientCommandId: "cmd-1" },
    ]) {
      const e = await db.prisma.commandLogEntry.create({ data: dup }).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect((e as Prisma.PrismaClientKnownRequestError).code).toBe("P2002");
    }
  });
});
