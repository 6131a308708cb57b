/**
 * The rules' refusals in the database (DESIGN invariant 5 across failovers and restarts): stored
 * before they are answered, the first refusal of a player's command id holds, a deposed owner's
 * refusal is FENCED and stores nothing, and a rebuilt room reads back the latest ones in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGameRepository, createRefusalRepository, DbError, type Database, type StoredRefusal } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { SETUP } from "./support/fixtures.js";

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DbError ? e.code : `not a DbError: ${String(e)}`),
  );

const refusal = (clientCommandId: string, overrides: Partial<StoredRefusal> = {}): StoredRefusal => ({
  playerId: "p1",
  clientCommandId,
  fingerprint: `fp-${clientCommandId}`,
  code: "NOT_YOUR_TURN",
  message: "it is not your turn",
  atSeq: 0,
  ...overrides,
});

describe.each(BACKENDS)("stored refusals on %s", (backend) => {
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

  it("keeps a refusal under its player and id; the first one holds; another player's same id is its own", async () => {
    const refusals = createRefusalRepository(db);
    const id = await newGame(0);
    await refusals.storeRefusal(id, refusal("c1"));
    await refusals.storeRefusal(id, refusal("c1", { code: "INVALID_TARGET", message: "later", atSeq: 4 }));
    expect(await refusals.findRefusal(id, "p1", "c1")).toEqual(refusal("c1"));
    await refusals.storeRefusal(id, refusal("c1", { playerId: "p2", code: "NOT_SEATED" }));
    expect(await refusals.findRefusal(id, "p2", "c1")).toMatchObject({ code: "NOT_SEATED" });
    expect(await refusals.findRefusal(id, "p1", "nope")).toBeNull();
  });

  it("a writer without the game's fencing token stores nothing (FENCED); the owner's token stores", async () => {
    const refusals = createRefusalRepository(db);
    const id = await newGame(5);
    expect(await codeOf(refusals.storeRefusal(id, refusal("stale"), 4))).toBe("FENCED");
    expect(await refusals.findRefusal(id, "p1", "stale")).toBeNull();
    expect(await codeOf(refusals.storeRefusal(id, refusal("owner"), 5))).toBe("ok");
    expect(await refusals.findRefusal(id, "p1", "owner")).not.toBeNull();
    expect(await codeOf(refusals.storeRefusal("no-such-game", refusal("x")))).toBe("GAME_NOT_FOUND");
  });

  it("loads back the latest refusals of a game, oldest first", async () => {
    const refusals = createRefusalRepository(db);
    const id = await newGame(0);
    for (const c of ["a", "b", "c", "d"]) {
      await refusals.storeRefusal(id, refusal(c));
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await refusals.loadRefusals(id, 3)).map((r) => r.clientCommandId)).toEqual(["b", "c", "d"]);
    expect(await refusals.loadRefusals(await newGame(0), 10)).toEqual([]);
  });
});
