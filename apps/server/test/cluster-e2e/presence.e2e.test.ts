/**
 * Presence across a cluster (protocol `presence`, `takeSeatBack`): the owner node runs the timers and
 * knows who the bot plays for; a spectator on another node is told each change through the game's
 * channel, and a player whose socket is on a node that does not own the game takes their seat back
 * through the bus (DESIGN invariant 7). Two node processes, one PostgreSQL database, the local Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, presenceWhere, startTable, type Player } from "../support/players.js";
import { clusterPlayer, startTestCluster, type TestCluster } from "./support.js";

let cluster: TestCluster;
const everyone: Player[] = [];

beforeAll(async () => {
  // Bots think 200 ms: the test takes the seat back while the bot covers it. A long grace: only the timer sends the bot.
  cluster = await startTestCluster(2, { env: { BOT_DELAY_MS: "200", DISCONNECT_GRACE_MS: "60000" } });
}, 120_000);
afterAll(async () => {
  await closeAll(everyone);
  await cluster?.dispose();
}, 60_000);

describe("presence in a cluster", () => {
  it("DESIGN 7: a spectator on the other node sees the idle player's timer and the bot taking over; the player takes the seat back from a node that does not own the game", async () => {
    const idle = await clusterPlayer(cluster, 0, "idle");
    everyone.push(idle);
    const { gameId } = await startTable([idle], { seats: 4, fillBots: true, turnSeconds: 5 });
    const owner = await cluster.ownerOf(gameId);
    expect(owner).not.toBeNull();
    const elsewhere = (owner! + 1) % 2;
    const spectator = await connectPlayer(cluster.nodes[elsewhere]!.url, "spectator");
    // A second socket of the idle player, on the node that does not own the game.
    const remote = await connectAs(cluster.nodes[elsewhere]!.url, idle.guest);
    everyone.push(spectator, remote);
    await spectator.client.spectate(gameId);
    await remote.client.resume(gameId);

    // On a slow machine the idle player's first turn may run out before the spectator arrives: then
    // they take the seat back (from the owner's node) and their clock starts again.
    const first = await presenceWhere(spectator, gameId, () => true, 30_000);
    if (first.away.includes(idle.id)) await idle.client.takeSeatBack(gameId);
    const timed = await presenceWhere(spectator, gameId, (p) => !p.away.includes(idle.id) && p.timers.some((t) => t.playerId === idle.id), 60_000);
    expect(timed.turnMs).toBe(5_000);
    expect(timed.timers.find((t) => t.playerId === idle.id)!.remainingMs).toBeLessThanOrEqual(5_000);
    await presenceWhere(spectator, gameId, (p) => p.away.includes(idle.id), 10_000);
    await remote.client.takeSeatBack(gameId);
    const back = await presenceWhere(spectator, gameId, (p) => !p.away.includes(idle.id), 5_000);
    expect(back.replaced).toEqual([]);
    expect(remote.client.presenceOf(gameId)?.connected).toContain(idle.id);
  });
});
