/**
 * DESIGN invariant 2 with an end: a game an admin ended (stored `abandoned`) must not come back.
 * ClusterGames.claim reads the game (running), then takes the lease and claims it; an admin's end
 * (owner `end` or endUnheld) that completes between the read and the lease leaves the game abandoned
 * with its lease free, so the late claim must fail in the database: claimGame of a game that is not
 * running claims nothing, and the late owner's writes and result change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGameRepository, createLogWriter, DbError, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { entry, SETUP } from "./support/fixtures.js";

describe.each(BACKENDS)("a claim after an end on %s", (backend) => {
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

  it("claims nothing of an abandoned game, and the late owner neither appends nor turns it finished", async () => {
    const games = createGameRepository(db);
    const id = (await games.createGame({ game: "dice", setup: SETUP, fencingToken: 1, seats: SETUP.players.map((p, seat) => ({ seat, name: p.id, botKind: "random" })) })).id;
    // endUnheld: lease token 2, claimGame(2), abandonGame, lease released.
    expect(await games.claimGame(id, 2)).toEqual({ lastSeq: 0 });
    await games.abandonGame(id);
    // The scan's claim that read "running" before the end now gets the free lease with token 3.
    expect.soft(await games.claimGame(id, 3)).toBeNull();
    const writer = createLogWriter(db, { maxDelayMs: 1 });
    const appended = await writer.append(id, entry(1, { fencingToken: 3 })).then(
      () => "ok",
      (e: unknown) => (e instanceof DbError ? e.code : String(e)),
    );
    expect.soft(appended).not.toBe("ok");
    await games.finishGame(id, { team: "law", players: ["a"] }, { fencingToken: 3 }).catch(() => undefined);
    expect((await games.getGame(id))!.status).toBe("abandoned");
    await writer.close();
  });

  it("an end that read 'running' before the game finished (a zombie owner's result) does not erase the result", async () => {
    const games = createGameRepository(db);
    const id = (await games.createGame({ game: "dice", setup: SETUP, fencingToken: 1, seats: SETUP.players.map((p, seat) => ({ seat, name: p.id, botKind: "random" })) })).id;
    // endUnheld read the game running; the old owner (token 1, its lease just expired) records the result.
    await games.finishGame(id, { team: "law", players: ["a"] }, { fencingToken: 1 });
    // endUnheld goes on: its claim with token 2, then abandonGame.
    const claimed = await games.claimGame(id, 2);
    expect.soft(claimed).toBeNull();
    if (claimed) await games.abandonGame(id);
    const stored = (await games.getGame(id))!;
    expect(stored.status).toBe("finished");
    expect(stored.winner).toEqual({ team: "law", players: ["a"] });
  });
});
