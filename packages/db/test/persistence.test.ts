import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCommandLog, createGameRepository, createLogWriter, createPlayerRepository, openDatabase, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";
import { entry, newGame } from "./support/fixtures.js";

describe.each(BACKENDS)("data on %s", (backend) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it("survives close and reopen; a PGlite dataDir is created when missing", async () => {
    let open: () => Promise<Database>;
    if (backend === "pglite") {
      // A first start as a fresh install would do it: nested, missing folder, real initdb.
      const root = await mkdtemp(path.join(os.tmpdir(), "bang-db-fresh-"));
      cleanup.push(() => rm(root, { recursive: true, force: true }));
      const dataDir = path.join(root, "nested", "data");
      open = () => openDatabase({ url: null, dataDir });
    } else {
      const store: Store = await createStore(backend);
      cleanup.push(() => store.dispose());
      open = () => store.open();
    }

    const db = await open();
    const player = await createPlayerRepository(db).createGuest("Zoe");
    const gameId = await newGame(db);
    const writer = createLogWriter(db);
    await Promise.all([1, 2, 3].map((seq) => writer.append(gameId, entry(seq))));
    await writer.close();
    await createGameRepository(db).finishGame(gameId, { team: "law", players: ["a"] });
    await db.close();
    await db.close(); // idempotent

    const again = await open();
    try {
      expect(again.migrations.applied).toEqual([]);
      expect(await createPlayerRepository(again).get(player.id)).toEqual(player);
      expect(await createGameRepository(again).getGame(gameId)).toMatchObject({ status: "finished", lastSeq: 3, winner: { team: "law" } });
      expect((await createCommandLog(again).loadLog(gameId)).map((e) => e.clientCommandId)).toEqual(["cmd-1", "cmd-2", "cmd-3"]);
    } finally {
      await again.close();
    }
  }, START_TIMEOUT);
});
