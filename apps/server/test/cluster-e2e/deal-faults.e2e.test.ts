/**
 * On a cluster, a game its module cannot deal is never stored either, wherever placement puts it: the
 * start answers INVALID_SETUP (not RETRY: no node would deal it), the table stays open, no game row is
 * written, and no lease is left behind. Showdown's `baddeal` variant (../games/showdown/baddeal.ts)
 * refuses its setup, or throws, as its table option `fault` says. A running game stored earlier whose
 * setup no longer deals, which no node can claim once its owner is gone, is ended by an admin from any
 * node (stored `abandoned`; it was RETRY forever, no owner ever coming).
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildGameModules } from "../games/showdown/build.js";
import { closeAll, http, type Player } from "../support/players.js";
import { ADMIN_TOKEN } from "../support/server.js";
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

  it("a running game no node can claim (its stored setup no longer deals) is ended by an admin from the node left", async () => {
    const c = cluster!;
    const host = await clusterPlayer(c, 0, "stuck-host");
    players.push(host);
    const table = await host.client.createTable({ game: "baddeal", seats: 2, botKind: "random", turnSeconds: 600 });
    await host.client.fillBots(table.code);
    const gameId = (await host.client.startGame(table.code)).gameId!;
    const owner = (await c.ownerOf(gameId))!;
    const other = 1 - owner;
    // What an older server left: the stored setup no longer deals. Its owner goes; the other node's
    // orphan scans claim the game and fail, again and again.
    await c.sql(`UPDATE "Game" SET setup = setup || '{"fault":"refuse"}'::jsonb WHERE id = $1`, [gameId]);
    await host.client.close();
    await c.nodes[owner]!.stop();
    const claimFailed = () => c.nodes[other]!.output().split("\n").filter((line) => line.includes(gameId) && line.includes("claim failed")).length;
    await expect.poll(claimFailed, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await c.ownerOf(gameId)).toBeNull();
    const end = (id: string) => http(`${c.nodes[other]!.url}/api/admin/games/${id}/end`, { method: "POST", token: ADMIN_TOKEN });
    expect(await end(gameId)).toMatchObject({ status: 200 });
    expect(await c.sql(`SELECT status FROM "Game" WHERE id = $1`, [gameId])).toEqual([{ status: "abandoned" }]);
    expect(await c.ownerOf(gameId)).toBeNull();
    // Ended once: the scans leave it, and a second end finds no running game.
    expect(await end(gameId)).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    const after = claimFailed();
    await new Promise((r) => setTimeout(r, 3_000));
    expect(claimFailed()).toBe(after);
  }, 120_000);
});
