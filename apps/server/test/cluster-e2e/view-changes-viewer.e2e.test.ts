/**
 * Hello feature `viewChanges` across a cluster when a socket's viewer is not the viewer its client's
 * view was made for (found by a review). An admin gives person A's seat to the bot: the owner keeps
 * A seated in memory, but the stored seat is now a bot's, so a node that loads the game afterwards
 * takes A for a spectator (hasPlayer false). A's client, holding A's *player* view at seq s from the
 * node it played on, reconnects to such a node (as behind a load balancer) and resumes at s with
 * nothing missed. Were the next event to carry the *spectator's* changes since the spectator's view at
 * s, the SDK would apply them onto A's player view; so a socket gets changes only once it was shown a
 * view as its present viewer. At every seq A's SDK view must equal what a socket of A on that node
 * without the feature is shown (the whole view).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameView } from "@bang/protocol";
import { closeAll, connectAs, connectPlayer, currentSocket, http, playSeat, startTable, type Player, type Seat } from "../support/players.js";
import { ADMIN_TOKEN } from "../support/server.js";
import { clusterPlayer, startTestCluster, type TestCluster } from "./support.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let cluster: TestCluster;
const everyone: Player[] = [];
const seats: Seat[] = [];

beforeAll(async () => {
  cluster = await startTestCluster(3, { env: { BOT_DELAY_MS: "50", DISCONNECT_GRACE_MS: "600000" } });
}, 120_000);
afterAll(async () => {
  for (const s of seats) s.stop();
  await closeAll(everyone);
  await cluster?.dispose();
}, 60_000);

describe("viewChanges when a socket's viewer changed under its client's view (cluster)", () => {
  it("a client's view rebuilt from changes equals the whole view its node shows, after it moved to a node that sees it as a spectator", async () => {
    const a = await clusterPlayer(cluster, 0, "vcv-a");
    const c = await clusterPlayer(cluster, 0, "vcv-c");
    const d = await clusterPlayer(cluster, 0, "vcv-d");
    everyone.push(a, c, d);
    const { gameId } = await startTable([a, c, d], { seats: 3, turnSeconds: 600 });
    const owner = (await cluster.ownerOf(gameId))!;
    // Y: a node other than the players' home (0) and the owner, which has no copy of the game yet.
    const y = [1, 2].find((i) => i !== owner)!;
    const other = [1, 2].find((i) => i !== y)!;
    cluster.setPaused(other, true); // routing only: A's reconnect goes to Y

    // A's seat to the bot (stored: a node loading the game later sees a bot seat).
    expect(await http(`${cluster.nodes[0]!.url}/api/admin/games/${gameId}/players/${a.id}/bot`, { method: "POST", token: ADMIN_TOKEN })).toMatchObject({ status: 200 });
    seats.push(playSeat(c, gameId, { seed: 1, timeoutMs: 120_000 }), playSeat(d, gameId, { seed: 2, timeoutMs: 120_000 }));

    // A spectator on Y (Y loads the game now): Y records the spectator's views of the next entries.
    const s = await connectPlayer(cluster.nodes[y]!.url, "vcv-s");
    everyone.push(s);
    const snap = await s.client.spectate(gameId);
    await s.client.waitFor((_v, id, seq) => id === gameId && seq >= (snap?.seq ?? 0) + 3, 60_000);

    // Hold the people's seats; wait until the game stands still (it waits for C or D only).
    for (const seat of seats) seat.pause();
    let last = -1;
    for (let still = 0; still < 8; ) {
      await sleep(250);
      const now = s.client.lastSeq(gameId)!;
      still = now === last && a.client.lastSeq(gameId) === now ? still + 1 : 0;
      last = now;
    }
    expect(a.client.view(gameId)!.viewer).toEqual({ kind: "player", id: a.id });

    // A's socket drops; its client reconnects to Y and resumes at `last`: nothing missed.
    const aStates = new Map<number, GameView>();
    a.client.on("state", (id, view, seq) => id === gameId && aStates.set(seq, view));
    currentSocket(a).socket.close();
    const deadline = Date.now() + 20_000;
    while (!(a.nodes.at(-1) === y && a.sockets.length >= 2 && a.client.status === "connected")) {
      if (Date.now() > deadline) throw new Error(`A did not reconnect to node ${y}: ${JSON.stringify(a.nodes)} ${a.client.status}`);
      await sleep(50);
    }
    await sleep(500);
    // A socket of A on Y without the feature: whole views of what Y shows A.
    const plain = await connectAs(cluster.nodes[y]!.url, a.guest, { client: { viewChanges: false } });
    everyone.push(plain);
    const plainStates = new Map<number, GameView>();
    plain.client.on("state", (id, view, seq) => id === gameId && plainStates.set(seq, view));
    await plain.client.resume(gameId);
    expect(plain.client.lastSeq(gameId)).toBe(last);

    for (const seat of seats) seat.resume();
    await plain.client.waitFor((_v, id, seq) => id === gameId && seq >= last + 3, 60_000);
    await a.client.waitFor((_v, id, seq) => id === gameId && seq >= last + 3, 60_000);
    const framesOnY = a.sockets.at(-1)!.frames.filter((t) => t.startsWith('{"type":"event"'));
    console.info(`owner n${owner + 1}, Y n${y + 1}, stood at ${last}; A's first frames on Y: ${framesOnY.slice(0, 2).map((t) => t.slice(0, 300)).join(" | ")}`);
    for (let seq = last + 1; seq <= last + 3; seq++) expect(aStates.get(seq), `A's SDK view at seq ${seq}`).toEqual(plainStates.get(seq));
  }, 180_000);
});
