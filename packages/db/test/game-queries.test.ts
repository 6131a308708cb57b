/**
 * A game's lifecycle costs few round trips to the database (issue 19: the server issued ~31 queries per
 * game through Prisma). On PostgreSQL every statement the pool sends is counted: creating a 5-seat
 * game is one statement (the game and its seats inserted together), finishing it one (the row read
 * back in it), counting a table's players' running games one. The same calls through Prisma took
 * 15 + 5 + 5. Both backends check what those statements store: the seats, the result, the counts, and
 * that a create that fails stores nothing.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGameRepository, createPlayerRepository, createRatingRepository, DbError, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";

const SETUP5 = { seed: 5, players: ["a", "b", "c", "d", "e"].map((id) => ({ id })) };

/** Counts every statement the pool's connections run from now on (pool.query checks a client out too). */
function countStatements(pool: pg.Pool): { count: () => number; texts: string[] } {
  const texts: string[] = [];
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      texts.push(typeof first === "string" ? first : String((first as { text?: unknown } | undefined)?.text));
      return query(...args);
    };
  });
  return { count: () => texts.length, texts };
}

// Counted where every statement passes through one pg pool (PGlite's worker has no such seam).
describe("a game's statements on postgresql", () => {
  let store: Store;
  let db: Extract<Database, { kind: "postgresql" }>;
  beforeAll(async () => {
    store = await createStore("postgresql");
    const opened = await store.open();
    if (opened.kind !== "postgresql") throw new Error("expected a PostgreSQL store");
    db = opened;
  }, START_TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  it("creates a 5-seat game in 1 statement, finishes it in 1, counts its players' running games in 1", async () => {
    const players = createPlayerRepository(db);
    const people = [await players.createGuest("Ann"), await players.createGuest("Bob")];
    const games = createGameRepository(db);
    const seen = countStatements(db.pool);

    const created = await games.createGame({
      game: "dice",
      setup: SETUP5,
      tableCode: "QRST",
      fencingToken: 3,
      seats: SETUP5.players.map((p, seat) => (seat < 2 ? { seat, playerId: people[seat]!.id, name: people[seat]!.name } : { seat, botKind: "heuristic", name: `bot ${p.id}` })),
    });
    const afterCreate = seen.count();
    const counts = await games.countRunningGames(people.map((p) => p.id));
    const afterCount = seen.count();
    await games.finishGame(created.id, { team: "sheriff", players: ["a"] }, { fencingToken: 3 });
    const afterFinish = seen.count();

    expect({ create: afterCreate, count: afterCount - afterCreate, finish: afterFinish - afterCount }, seen.texts.join("\n")).toEqual({ create: 1, count: 1, finish: 1 });
    expect(counts).toEqual(new Map(people.map((p) => [p.id, 1])));

    // The ratings' follow-up of a game that is not rated: one read, no transaction (was BEGIN, UPDATE, COMMIT).
    const applied = await createRatingRepository(db).applyGame(created.id, people.map((p) => p.id), () => []);
    expect({ applied, statements: seen.count() - afterFinish }, seen.texts.slice(afterFinish).join("\n")).toEqual({ applied: false, statements: 1 });
  });
});

describe.each(BACKENDS)("a game's lifecycle on %s", (backend) => {
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

  it("stores what the statements say: the seats in order, the result, the record it returned", async () => {
    const players = createPlayerRepository(db);
    const ann = await players.createGuest("Ann");
    const games = createGameRepository(db);
    // Seats given out of order come back in seat order.
    const created = await games.createGame({
      game: "dice",
      setup: SETUP5,
      tableCode: null,
      turnSeconds: 30,
      seats: [4, 3, 2, 1, 0].map((seat) => (seat === 2 ? { seat, playerId: ann.id, name: "Ann" } : { seat, botKind: "random", name: `bot ${seat}` })),
    });
    expect(created.seats.map((s) => s.seat)).toEqual([0, 1, 2, 3, 4]);
    expect(created.seats[2]).toEqual({ seat: 2, playerId: ann.id, botKind: null, name: "Ann" });
    expect(await games.getGame(created.id)).toEqual(created);

    const finished = await games.finishGame(created.id, { team: "outlaws", players: ["b", "d"] });
    expect(finished).toMatchObject({ status: "finished", turnSeconds: 30, fencingToken: 0, winner: { team: "outlaws", players: ["b", "d"] }, seats: created.seats });
    expect(finished.createdAt).toEqual(created.createdAt);
    expect(await games.getGame(created.id)).toEqual(finished);

    const abandoned = await games.createGame({ game: "dice", setup: SETUP5, seats: [{ seat: 0, botKind: "random", name: "bot" }] });
    expect(await games.abandonGame(abandoned.id)).toEqual(await games.getGame(abandoned.id));
    expect((await games.getGame(abandoned.id))!.status).toBe("abandoned");
  });

  it("a create that fails stores nothing: an unknown player, a taken id", async () => {
    const games = createGameRepository(db);
    const id = randomUUID();
    await expect(
      games.createGame({ id, game: "dice", setup: SETUP5, seats: [{ seat: 0, botKind: "random", name: "bot" }, { seat: 1, playerId: randomUUID(), name: "ghost" }] }),
    ).rejects.toThrow();
    expect(await games.getGame(id)).toBeNull();

    const first = await games.createGame({ id, game: "dice", setup: SETUP5, seats: [{ seat: 0, botKind: "random", name: "first" }] });
    await expect(games.createGame({ id, game: "dice", setup: SETUP5, seats: [{ seat: 0, botKind: "random", name: "second" }] })).rejects.toThrow();
    expect(await games.getGame(id)).toEqual(first);
  });

  it("counts each player's running games: finished ones, bots' seats and strangers left out", async () => {
    const players = createPlayerRepository(db);
    const [ann, bob, cid] = [await players.createGuest("Ann"), await players.createGuest("Bob"), await players.createGuest("Cid")];
    const games = createGameRepository(db);
    const seat = (n: number, p: { id: string; name: string } | null) => (p ? { seat: n, playerId: p.id, name: p.name } : { seat: n, botKind: "random", name: `bot ${n}` });
    await games.createGame({ game: "dice", setup: SETUP5, seats: [seat(0, ann), seat(1, bob), seat(2, null)] });
    await games.createGame({ game: "dice", setup: SETUP5, seats: [seat(0, ann), seat(1, null)] });
    const over = await games.createGame({ game: "dice", setup: SETUP5, seats: [seat(0, bob), seat(1, cid)] });
    await games.finishGame(over.id, null);

    const counts = await games.countRunningGames([ann.id, bob.id, cid.id, ann.id, "nobody"]);
    expect(counts).toEqual(new Map([[ann.id, 2], [bob.id, 1]]));
    expect(await games.countRunningGames([])).toEqual(new Map());
  });

  it("a close that changes nothing says why: GAME_NOT_FOUND, or FENCED with the row untouched", async () => {
    const games = createGameRepository(db);
    const g = await games.createGame({ game: "dice", setup: SETUP5, fencingToken: 7, seats: [{ seat: 0, botKind: "random", name: "bot" }] });
    const missing = await games.finishGame(randomUUID(), null).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DbError);
    expect((missing as DbError).code).toBe("GAME_NOT_FOUND");
    await expect(games.abandonGame(randomUUID())).rejects.toMatchObject({ code: "GAME_NOT_FOUND" });
    await expect(games.finishGame(g.id, { team: "x", players: [] }, { fencingToken: 6 })).rejects.toMatchObject({ code: "FENCED" });
    expect(await games.getGame(g.id)).toEqual(g);
  });
});
