/**
 * Breaker's probe: an admin ends a restorable game right as its owner stops answering (SIGSTOP past
 * its lease), from the node left, where the game's only person is connected. Whether the end goes
 * through endUnheld (no node holds the game yet) or through the node whose scan claimed it first,
 * the person is told GAME_ENDED, the game is stored abandoned and listed nowhere, and the owner,
 * woken up, writes nothing after the end (its log and status stay as the end left them).
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, http, type Player } from "../support/players.js";
import { ADMIN_TOKEN } from "../support/server.js";
import { clusterPlayer, LEASE_TTL_MS, startTestCluster, storedLog, type TestCluster } from "./support.js";

let cluster: TestCluster | undefined;
const players: Player[] = [];
afterAll(async () => {
  await closeAll(players);
  await cluster?.dispose();
});

describe("admin end during a failover", () => {
  it("the person on the surviving node is told GAME_ENDED and the woken owner writes nothing after", async () => {
    const c = (cluster = await startTestCluster(2));
    // Find a game whose owner is not the person's node.
    let gameId = "";
    let owner = -1;
    let person: Player | undefined;
    for (let attempt = 0; attempt < 6 && owner < 0; attempt++) {
      const home = attempt % 2;
      const p = await clusterPlayer(c, home, `e${attempt}`);
      players.push(p);
      const table = await p.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
      await p.client.fillBots(table.code);
      const id = (await p.client.startGame(table.code)).gameId!;
      const o = (await c.ownerOf(id))!;
      if (o !== home) {
        gameId = id;
        owner = o;
        person = p;
      }
    }
    expect(owner).toBeGreaterThanOrEqual(0);
    const other = 1 - owner;
    const pid = c.nodes[owner]!.pid!;
    c.setPaused(owner, true);
    process.kill(pid, "SIGSTOP");
    let ended: { status: number } | undefined;
    let at: Awaited<ReturnType<typeof storedLog>> | undefined;
    try {
      await expect.poll(() => c.ownerOf(gameId), { timeout: LEASE_TTL_MS + 4000, interval: 20 }).not.toBe(owner);
      ended = await http(`${c.nodes[other]!.url}/api/admin/games/${gameId}/end`, { method: "POST", token: ADMIN_TOKEN });
      at = await storedLog(c, gameId);
      console.info(`end answered ${ended.status}; stored ${at.status}, token ${at.fencingToken}, lastSeq ${at.lastSeq}; owner now ${await c.ownerOf(gameId)}`);
    } finally {
      process.kill(pid, "SIGCONT");
      c.setPaused(owner, false);
    }
    expect(ended).toMatchObject({ status: 200 });
    expect(at!.status).toBe("abandoned");
    await expect.poll(() => person!.errors.map((e) => e.code), { timeout: 10_000, interval: 50 }).toContain("GAME_ENDED");
    await new Promise((r) => setTimeout(r, 3000));
    const later = await storedLog(c, gameId);
    expect({ status: later.status, lastSeq: later.lastSeq }).toEqual({ status: "abandoned", lastSeq: at!.lastSeq });
    for (const node of [0, 1]) {
      const live = (await http(`${c.nodes[node]!.url}/api/admin/games/live`, { token: ADMIN_TOKEN })).body as { id: string }[];
      expect(live.map((g) => g.id)).not.toContain(gameId);
    }
    expect(await c.ownerOf(gameId)).toBeNull();
  }, 120_000);
});
