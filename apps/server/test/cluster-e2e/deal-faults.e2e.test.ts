/**
 * On a cluster, a game its module cannot deal is never stored either, wherever placement puts it: the
 * start answers INVALID_SETUP (not RETRY: no node would deal it), the table stays open, no game row is
 * written, and no lease is left behind. Showdown's `baddeal` variant (../games/showdown/baddeal.ts)
 * refuses its setup, or throws, as its table option `fault` says.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildGameModules } from "../games/showdown/build.js";
import { closeAll, type Player } from "../support/players.js";
import { clusterPlayer, startTestCluster, type TestCluster } from "./support.js";

const FILES = buildGameModules();

describe("a cluster start its module cannot deal", () => {
  let cluster: TestCluster | null = null;
  const players: Player[] = [];
  afterAll(async () => {
    await closeAll(players);
    await cluster?.dispose();
  }, 60_000);

  it("INVALID_SETUP from either node, the table open, nothing stored; a game that deals then starts", async () => {
    cluster = await startTestCluster(2, { env: { GAME_MODULES: [FILES.module, FILES.baddeal].join(",") } });
    const c = cluster;
    for (const [home, fault] of [[0, "refuse"], [1, "throw"], [0, "throw"], [1, "refuse"]] as const) {
      const host = await clusterPlayer(c, home, `host-${home}-${fault}`);
      players.push(host);
      const table = await host.client.createTable({ game: "baddeal", seats: 2, botKind: "random", gameOptions: { fault } });
      await host.client.fillBots(table.code);
      await expect(host.client.startGame(table.code), `${fault} from n${home + 1}`).rejects.toMatchObject({ code: "INVALID_SETUP", message: expect.stringMatching(/^the baddeal game could not be dealt/) });
      expect(host.client.table(table.code)).toMatchObject({ status: "open", gameId: null });
    }
    expect(await c.sql(`SELECT id FROM "Game" WHERE game = 'baddeal'`)).toEqual([]);
    // The nodes serve on: a table of a game that deals starts, its game stored running.
    const host = await clusterPlayer(c, 1, "dealer");
    players.push(host);
    const table = await host.client.createTable({ game: "showdown", seats: 2, botKind: "random", turnSeconds: 600 });
    await host.client.fillBots(table.code);
    const gameId = (await host.client.startGame(table.code)).gameId!;
    expect(await c.sql<{ status: string }>(`SELECT status FROM "Game" WHERE id = $1`, [gameId])).toEqual([{ status: "running" }]);
  }, 120_000);
});
