/**
 * The cluster (issue 4): three node processes on loopback, one PostgreSQL database, the local Redis
 * under a unique prefix. Players of one game sit on different nodes; games fail over when their owner
 * is SIGKILLed or paused past its lease; a SIGTERM drain moves games with no error to any client.
 * DESIGN invariants checked throughout: one writer per game (fencing token), acknowledged means stored,
 * exactly once by command id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuest, fetchLiveGames, type LiveGames } from "@bang/client";
import { dice, type PlayerView } from "@bang/game-dice";
import { chooseFor, closeAll, connectAs, http, playSeat, replayOf, startTable, type Acked, type Player, type Seat } from "../support/players.js";
import { RawSocket } from "../support/raw.js";
import { checkFrame } from "../support/secrets.js";
import { WholeViews } from "../support/whole-views.js";
import { ADMIN_TOKEN } from "../support/server.js";
import { clusterPlayer, LEASE_TTL_MS, startTestCluster, storedLog, type TestCluster } from "./support.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The admin account every node creates at start (the sign-in test's). */
const ADMIN_NAME = "cluster-root";
const ADMIN_PASSWORD = "correct horse battery";

interface Game {
  gameId: string;
  players: (Player & { nodes: number[] })[];
  seats: Seat<PlayerView>[];
}

let cluster: TestCluster;
const everyone: Player[] = [];

beforeAll(async () => {
  cluster = await startTestCluster(3, { env: { ADMIN_NAME: ADMIN_NAME, ADMIN_PASSWORD: ADMIN_PASSWORD } });
}, 120_000);
afterAll(async () => {
  await closeAll(everyone);
  await cluster?.dispose();
}, 60_000);

/** A 5-seat game of 5 SDK players, player i on node (first + i) % 3, playing with a little think time. */
async function newGame(label: string, first: number, thinkMs: number): Promise<Game> {
  const players: Game["players"] = [];
  for (let i = 0; i < 5; i++) players.push(await clusterPlayer(cluster, (first + i) % 3, `${label}${i}`));
  everyone.push(...players);
  const { gameId } = await startTable(players, { seats: 5, turnSeconds: 600 });
  const seats = players.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: first * 10 + i, thinkMs, timeoutMs: 150_000 }));
  return { gameId, players, seats };
}

const acksOf = (g: Game): Acked[] => g.seats.flatMap((s) => s.acks);

/** The game ended the same for everyone, every ack is stored at its seq, each seq acked exactly once. */
async function expectCompleteAndExactlyOnce(g: Game): Promise<void> {
  const finals = await Promise.all(g.seats.map((s) => s.done));
  const n = g.players[0]!.client.lastSeq(g.gameId)!;
  for (const [i, p] of g.players.entries()) {
    expect(finals[i]!.phase).toBe("gameOver");
    expect(finals[i]!.winner).toEqual(finals[0]!.winner);
    expect(p.client.lastSeq(g.gameId)).toBe(n);
    expect(p.errors).toEqual([]);
  }
  const stored = await storedLog(cluster, g.gameId);
  expect(stored.entries.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  const acks = acksOf(g);
  expect(new Set(acks.map((a) => a.id)).size).toBe(acks.length);
  expect(acks.map((a) => a.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  for (const a of acks) expect(stored.entries[a.seq - 1], `ack ${JSON.stringify(a)}`).toMatchObject({ clientCommandId: a.id, playerId: a.by });
  for (const s of g.seats) expect(s.refusals).toEqual([]);
  // DESIGN 4 on every node: each socket got only its player's view, whichever node computed it.
  for (const p of g.players) {
    // Its whole views as its SDK made them (most events carry view changes: hello feature viewChanges).
    const views = new WholeViews();
    const reports = p.sockets.flatMap((s) => s.frames).map((f) => checkFrame(f, p.id, views));
    expect(reports.filter((r) => r.game).length).toBeGreaterThan(0);
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  }
  const replay = await replayOf(cluster.nodes.find((_, i) => cluster.alive(i))!.url, g.gameId, g.players[0]!.guest.token);
  expect(replay.view).toEqual(finals[0]);
  await expect.poll(async () => (await storedLog(cluster, g.gameId)).status, { timeout: 10_000 }).toBe("finished");
}

/** Waits until every game has at least `n` acknowledged commands. */
async function untilAcks(games: Game[], n: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!games.every((g) => acksOf(g).length >= n)) {
    if (Date.now() > deadline) throw new Error(`games did not reach ${n} acks: ${games.map((g) => acksOf(g).length).join(", ")}`);
    await sleep(10);
  }
}

describe("a cluster of three nodes", () => {
  it("lists its live nodes, and plays complete games whose players sit on different nodes", async () => {
    const listed = (await (await fetch(`${cluster.nodes[1]!.url}/api/nodes`)).json()) as { nodeId: string; self: boolean }[];
    expect(listed.map((n) => n.nodeId)).toEqual(["n1", "n2", "n3"]);
    expect(listed.filter((n) => n.self).map((n) => n.nodeId)).toEqual(["n2"]);
    const games = [await newGame("a", 0, 0), await newGame("b", 1, 0)];
    for (const g of games) expect(new Set(g.players.map((p) => p.nodes[0])).size).toBe(3);
    for (const g of games) await expectCompleteAndExactlyOnce(g);
  }, 120_000);

  it("placement: games started one after another from one node go to the least loaded nodes", async () => {
    // Loads are published with the heartbeat: start once every node reports none (the games of the
    // test before have ended), so the least loaded node is a fact and not a race with a heartbeat.
    await expect
      .poll(async () => ((await (await fetch(`${cluster.nodes[0]!.url}/api/nodes`)).json()) as { load: number }[]).map((n) => n.load), { timeout: 15_000, interval: 100 })
      .toEqual([0, 0, 0]);
    const owners: (number | null)[] = [];
    for (let t = 0; t < 3; t++) {
      const seats = [await clusterPlayer(cluster, 0, `p${t}a`), await clusterPlayer(cluster, 0, `p${t}b`), await clusterPlayer(cluster, 0, `p${t}c`)];
      everyone.push(...seats);
      const { gameId } = await startTable(seats, { seats: 3, turnSeconds: 600 });
      owners.push(await cluster.ownerOf(gameId));
    }
    // Nobody plays these games: each node owns one of them.
    expect([...owners].sort()).toEqual([0, 1, 2]);
  }, 60_000);

  it("SIGKILL of an owner: its games continue on another node within 3 s of the lease expiry, every ack kept, none applied twice", async () => {
    const games = [await newGame("k", 0, 15), await newGame("l", 1, 15), await newGame("m", 2, 15)];
    await untilAcks(games, 8);
    const owners = await Promise.all(games.map((g) => cluster.ownerOf(g.gameId)));
    expect(owners.every((o) => o !== null)).toBe(true);
    // The node owning the most of these games dies.
    const victim = [0, 1, 2].sort((a, b) => owners.filter((o) => o === b).length - owners.filter((o) => o === a).length)[0]!;
    const moved = games.filter((_, i) => owners[i] === victim);
    expect(moved.length).toBeGreaterThan(0);
    const stranded = games.flatMap((g) => g.players).filter((p) => p.nodes.at(-1) === victim);
    const ackedBefore = moved.map((g) => [...acksOf(g)]);
    const killedAt = Date.now();
    await cluster.nodes[victim]!.kill();
    try {
      // What the dead owner stored (a commit it had sent may land just after the kill).
      await sleep(200);
      const storedAtKill = await Promise.all(moved.map(async (g) => (await storedLog(cluster, g.gameId)).lastSeq));
      // Each moved game gets a live owner and stores a new entry within lease TTL + 3 s of the kill.
      for (const [i, g] of moved.entries()) {
        await expect
          .poll(async () => {
            const owner = await cluster.ownerOf(g.gameId);
            return owner !== null && owner !== victim && (await storedLog(cluster, g.gameId)).lastSeq > storedAtKill[i]!;
          }, { timeout: Math.max(100, LEASE_TTL_MS + 3000 - (Date.now() - killedAt)), interval: 50 })
          .toBe(true);
      }
      console.info(`failover: ${moved.length} game(s) moved within ${Date.now() - killedAt} ms of the kill (lease ${LEASE_TTL_MS} ms)`);
      for (const [i, g] of moved.entries()) {
        const stored = await storedLog(cluster, g.gameId);
        for (const a of ackedBefore[i]!) expect(stored.entries[a.seq - 1]).toMatchObject({ clientCommandId: a.id });
        expect(stored.fencingToken).toBeGreaterThan(1);
      }
      for (const g of games) await expectCompleteAndExactlyOnce(g);
      // The players whose node died came back on another one.
      for (const p of stranded) expect(p.nodes.at(-1)).not.toBe(victim);
    } finally {
      // The next tests need three nodes again.
      await cluster.nodes[victim]!.restart();
    }
  }, 180_000);

  it("SIGSTOP of an owner past its lease: another node takes over, the game stays consistent, and the woken node gives the game up", async () => {
    const g = await newGame("s", 1, 15);
    await untilAcks([g], 6);
    const owner = (await cluster.ownerOf(g.gameId))!;
    const before = await storedLog(cluster, g.gameId);
    const pid = cluster.nodes[owner]!.pid!;
    cluster.setPaused(owner, true);
    process.kill(pid, "SIGSTOP");
    try {
      await expect.poll(async () => cluster.ownerOf(g.gameId), { timeout: LEASE_TTL_MS + 4000, interval: 50 }).not.toBe(owner);
      // The new owner claimed the game in the database (its players on the paused node wait: their
      // sockets hang until it wakes up, as without heartbeats they would behind a real pause).
      await expect.poll(async () => (await storedLog(cluster, g.gameId)).fencingToken, { timeout: 15_000, interval: 50 }).toBeGreaterThan(before.fencingToken);
    } finally {
      process.kill(pid, "SIGCONT");
      cluster.setPaused(owner, false);
    }
    const taken = await storedLog(cluster, g.gameId);
    expect(taken.fencingToken).toBeGreaterThan(before.fencingToken);
    await expectCompleteAndExactlyOnce(g);
    // The woken node gave the game up by its own clock: it logs the loss and holds no lease on it.
    await expect.poll(() => cluster.nodes[owner]!.output(), { timeout: 5000 }).toMatch(new RegExp(`${g.gameId}[^\\n]*lease lost|lease lost[^\\n]*${g.gameId}`));
    expect(await cluster.ownerOf(g.gameId)).not.toBe(owner);
  }, 120_000);

  it("SIGTERM drain: the node's games move to other nodes and no client sees an error", async () => {
    const games = [await newGame("d", 0, 15), await newGame("e", 1, 15), await newGame("f", 2, 15)];
    await untilAcks(games, 6);
    const owners = await Promise.all(games.map((g) => cluster.ownerOf(g.gameId)));
    const drained = owners.find((o) => o !== null)!;
    const stranded = games.flatMap((g) => g.players).filter((p) => p.nodes.at(-1) === drained);
    expect(stranded.length).toBeGreaterThan(0);
    const exit = await cluster.nodes[drained]!.stop();
    try {
      expect(exit.code).toBe(0);
      for (const g of games) expect(await cluster.ownerOf(g.gameId)).not.toBe(drained);
      for (const g of games) await expectCompleteAndExactlyOnce(g);
      for (const p of stranded) expect(p.nodes.at(-1)).not.toBe(drained);
    } finally {
      await cluster.nodes[drained]!.restart();
    }
  }, 150_000);

  it("admin: the live list from any node shows every node's games; end, bot and presence through a node that does not own the game act on (read) the owner; a follower shows the admin every role, a spectator none", async () => {
    // Three games started one after another from n1 land one per node (placement, as above), once
    // the games left running by the tests before (nobody plays the placement test's) are ended.
    const leftover = (await http(`${cluster.nodes[0]!.url}/api/admin/games/live`, { token: ADMIN_TOKEN })).body as { id: string }[];
    for (const g of leftover) expect(await http(`${cluster.nodes[0]!.url}/api/admin/games/${g.id}/end`, { method: "POST", token: ADMIN_TOKEN }), g.id).toMatchObject({ status: 200 });
    await expect
      .poll(async () => ((await (await fetch(`${cluster.nodes[0]!.url}/api/nodes`)).json()) as { load: number }[]).map((n) => n.load), { timeout: 15_000, interval: 100 })
      .toEqual([0, 0, 0]);
    // bob sits with two bots and never plays: the bots play up to his turn, then the game waits.
    const bob = await clusterPlayer(cluster, 0, "admin-bob");
    everyone.push(bob);
    const botGame = (await startTable([bob], { seats: 3, fillBots: true, turnSeconds: 600 })).gameId;
    // Three people, one on each node: the game an admin ends.
    const enders: (Player & { nodes: number[] })[] = [];
    for (let i = 0; i < 3; i++) enders.push(await clusterPlayer(cluster, i, `admin-e${i}`));
    everyone.push(...enders);
    const endedGame = (await startTable(enders, { seats: 3, turnSeconds: 600 })).gameId;
    const cat = await clusterPlayer(cluster, 0, "admin-cat");
    everyone.push(cat);
    // Five seats: roles are secret (with three players they are all public, RULES part C).
    const watchedGame = (await startTable([cat], { seats: 5, fillBots: true, turnSeconds: 600 })).gameId;
    const games = [botGame, endedGame, watchedGame];
    const owners = (await Promise.all(games.map((g) => cluster.ownerOf(g)))) as number[];
    expect([...owners].sort()).toEqual([0, 1, 2]);
    // The table's turn timer is stored with each game, so that a node taking a game over keeps it.
    for (const g of games) expect(await cluster.sql(`SELECT "turnSeconds" FROM "Game" WHERE id = $1`, [g])).toEqual([{ turnSeconds: 600 }]);
    const admin = (node: number, path: string, method = "GET") => http(`${cluster.nodes[node]!.url}${path}`, { method, token: ADMIN_TOKEN });

    // 0. bob opens a fresh client on a node that neither owns his game nor held his socket: its hello
    // finds his running game in the store and sends its view, as on the node he came from.
    const elsewhere = [1, 2].find((n) => n !== owners[0])!;
    const bobAgain = await connectAs(cluster.nodes[elsewhere]!.url, bob.guest);
    everyone.push(bobAgain);
    await expect.poll(() => bobAgain.client.view(botGame)?.stateId ?? null, { timeout: 10_000 }).not.toBeNull();
    const bobSeat = (bobAgain.client.view(botGame) as PlayerView).players.find((p) => p.id === bob.id);
    expect(bobSeat?.role).toEqual(expect.any(String)); // his seat, with its role (3 players: roles are public, part C)

    // 1. Any node lists the games of all three, each with its owner; every node answered.
    for (const node of [0, 1, 2]) {
      const res = await fetch(`${cluster.nodes[node]!.url}/api/admin/games/live`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-bang-missing-nodes")).toBeNull();
      const live = (await res.json()) as { id: string; node: string; createdAt: string | null }[];
      for (const [i, g] of games.entries()) expect(live.find((l) => l.id === g), `${g} from n${node + 1}`).toMatchObject({ node: cluster.ids[owners[i]!], createdAt: expect.any(String) });
      // The filters apply to the merged list.
      expect(((await admin(node, "/api/admin/games/live?player=admin-e1")).body as { id: string }[]).map((g) => g.id)).toEqual([endedGame]);
    }

    // 2. On a node that does not own the game, the admin's view (the admin game page's replay) shows
    // every role; a spectator's, over HTTP or a WebSocket there, shows no living player's secret role.
    const follower = (owners[2]! + 1) % 3;
    const secretsOf = (view: { phase: string; players: { alive: boolean; role: string | null }[] }) => view.players.filter((p) => p.alive && p.role !== null && p.role !== "sheriff");
    const adminView = await replayOf<PlayerView>(cluster.nodes[follower]!.url, watchedGame, ADMIN_TOKEN);
    expect(adminView.view.players.map((p) => p.role).filter((r) => r === null)).toEqual([]);
    expect(adminView.view.viewer).toEqual({ kind: "admin" });
    expect(secretsOf(adminView.view).length).toBeGreaterThan(0);
    const stranger = await createGuest(cluster.nodes[follower]!.url, "admin-stranger");
    expect(secretsOf((await replayOf<PlayerView>(cluster.nodes[follower]!.url, watchedGame, stranger.token)).view)).toEqual([]);
    const watcher = await clusterPlayer(cluster, follower, "admin-watcher");
    everyone.push(watcher);
    await watcher.client.spectate(watchedGame);
    expect(watcher.nodes).toEqual([follower]);
    const watcherViews = new WholeViews();
    const reports = watcher.sockets.flatMap((s) => s.frames).map((f) => checkFrame(f, null, watcherViews));
    expect(reports.filter((r) => r.game).length).toBeGreaterThan(0);
    expect(reports.flatMap((r) => r.violations)).toEqual([]);

    // 3. The bot takes bob's seat through a node that does not own the game (the owner's room plays it).
    const botOwner = owners[0]!;
    const via = (botOwner + 1) % 3;
    expect((await storedLog(cluster, botGame)).entries.filter((e) => e.playerId === bob.id)).toEqual([]);
    expect(await admin(via, `/api/admin/games/${botGame}/players/nobody/bot`, "POST")).toMatchObject({ status: 409, body: { code: "NOT_SEATED" } });
    expect(await admin(via, `/api/admin/games/${botGame}/players/${bob.id}/bot`, "POST")).toMatchObject({ status: 200, body: { ok: true } });
    // bob sends nothing, yet his seat plays (the game goes on to its end).
    await expect.poll(async () => (await storedLog(cluster, botGame)).entries.filter((e) => e.playerId === bob.id).length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);

    // 4. The game owned by one node is ended through another: its players on all three nodes are told.
    const endOwner = owners[1]!;
    const caller = (endOwner + 2) % 3;
    expect(new Set(enders.map((p) => p.nodes.at(-1))).size).toBe(3);
    // Its presence, asked on a node that does not own it, is the owner's: each person connected,
    // though each sits on another node (the owner's room counts every node's sockets).
    const presence = (await admin(caller, `/api/admin/games/${endedGame}/presence`)).body as { node: string; seats: { id: string; connected: boolean; away: boolean }[] };
    expect(presence.node).toBe(cluster.ids[endOwner]);
    expect(presence.seats.map((seat) => [seat.id, seat.connected, seat.away])).toEqual(enders.map((p) => [p.id, true, false]));
    expect(await admin(caller, `/api/admin/games/${endedGame}/end`, "POST")).toMatchObject({ status: 200, body: { ok: true } });
    for (const p of enders) await expect.poll(() => p.errors.map((e) => e.code), { timeout: 10_000, interval: 50 }).toContain("GAME_ENDED");
    expect((await storedLog(cluster, endedGame)).status).toBe("abandoned");
    // The lease is released, and no node takes the abandoned game over.
    await expect.poll(() => cluster.ownerOf(endedGame), { timeout: 5_000, interval: 50 }).toBeNull();
    for (const node of [0, 1, 2]) expect(((await admin(node, "/api/admin/games/live")).body as { id: string }[]).map((g) => g.id)).not.toContain(endedGame);
    expect(await admin(endOwner, `/api/admin/games/${endedGame}/end`, "POST")).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    expect(await admin(caller, `/api/admin/games/${endedGame}/players/${enders[0]!.id}/bot`, "POST")).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    expect(await admin(caller, `/api/admin/games/${endedGame}/presence`)).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    // A player's command after the end is refused on every node, and nothing more is stored.
    const lastSeq = (await storedLog(cluster, endedGame)).lastSeq;
    for (const p of enders) await expect(p.client.send(endedGame, { type: "roll" })).rejects.toMatchObject({ code: expect.stringMatching(/GAME_NOT_FOUND|GAME_ENDED/) });
    expect((await storedLog(cluster, endedGame)).lastSeq).toBe(lastSeq);
    expect(await cluster.ownerOf(endedGame)).toBeNull();
  }, 120_000);

  it("admin: a live node that does not answer in time is named with the live list (x-bang-missing-nodes, fetchLiveGames' missingNodes), which holds the other nodes' games", async () => {
    // Pause a node that owns no game, so that nothing has to fail over while it sleeps.
    const membership = (await (await fetch(`${cluster.nodes[0]!.url}/api/nodes`)).json()) as { nodeId: string; load: number }[];
    const victimId = membership.find((n) => n.load === 0)?.nodeId ?? cluster.ids[2]!;
    const victim = cluster.ids.indexOf(victimId);
    const asker = cluster.nodes[(victim + 1) % 3]!.url;
    expect((await fetchLiveGames(asker, ADMIN_TOKEN)).missingNodes).toEqual([]);
    const pid = cluster.nodes[victim]!.pid!;
    cluster.setPaused(victim, true);
    process.kill(pid, "SIGSTOP");
    let during: LiveGames;
    let crossOrigin: Response;
    try {
      // The dashboard asks from its own origin: the browser shows it the header only if CORS exposes it.
      [during, crossOrigin] = await Promise.all([
        fetchLiveGames(asker, ADMIN_TOKEN),
        fetch(`${asker}/api/admin/games/live`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, origin: "http://127.0.0.1:3000" } }),
      ]);
    } finally {
      process.kill(pid, "SIGCONT");
      cluster.setPaused(victim, false);
    }
    expect(during.missingNodes).toEqual([victimId]);
    expect(crossOrigin.headers.get("x-bang-missing-nodes")).toBe(victimId);
    expect(crossOrigin.headers.get("access-control-expose-headers")?.split(/,\s*/)).toContain("x-bang-missing-nodes");
    expect(during.games.filter((g) => g.node === victimId)).toEqual([]);
    // Awake again, it answers: the list is whole once more.
    await expect.poll(async () => (await fetchLiveGames(asker, ADMIN_TOKEN)).missingNodes, { timeout: 10_000, interval: 200 }).toEqual([]);
  }, 60_000);

  it("admin sign-in: wrong passwords sent to different nodes count together (the throttle is in Redis), then the lock ends", async () => {
    const signIn = (node: number, password: string) =>
      http(`${cluster.nodes[node]!.url}/api/admin/sessions`, { method: "POST", body: JSON.stringify({ name: ADMIN_NAME, password }) });
    // 3 failures are free (DEFAULT_THROTTLE), the 4th locks for 1 s: spread over the nodes, one node
    // alone has seen at most 2 of them.
    for (const node of [0, 1, 2, 0]) expect(await signIn(node, "a guess"), `n${node + 1}`).toMatchObject({ status: 401, body: { code: "BAD_CREDENTIALS" } });
    const locked = await signIn(1, ADMIN_PASSWORD);
    expect(locked).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    const wait = (locked.body as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1000);
    expect(await signIn(2, ADMIN_PASSWORD)).toMatchObject({ status: 429 });
    await sleep(wait + 50);
    expect(await signIn(2, ADMIN_PASSWORD)).toMatchObject({ status: 201, body: { name: ADMIN_NAME } });
  }, 30_000);

  it("ackInEvent: on the owner's node the sender's event carries its ack; a command forwarded from another node gets its ack folded or apart (whichever reached that node first), one answer per command", async () => {
    const table: (Player & { nodes: number[] })[] = [];
    for (let i = 0; i < 3; i++) table.push(await clusterPlayer(cluster, i, `k${i}`));
    everyone.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(31);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const owner = (await cluster.ownerOf(gameId))!;
    const other = [0, 1, 2].find((i) => i !== owner)!;
    const shapes: string[] = [];
    for (let seq = 1; seq <= 6; seq++) {
      await Promise.all(table.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq - 1)));
      const w = table.find((p) => p.id === viewOf(table[0]!).waitingFor[0])!;
      const node = seq % 2 === 1 ? owner : other;
      const s = await RawSocket.open(cluster.nodes[node]!.url);
      s.send({ type: "hello", token: w.guest.token, features: ["ackInEvent"] });
      await s.next((m) => m.type === "welcome");
      const from = s.received.length;
      const id = `k-${seq}`;
      s.send({ type: "command", id, gameId, command: chooseFor(bot, viewOf(w), w.id) });
      await s.next((m) => m.type === "event" && m.seq === seq, { from, timeoutMs: 15_000 });
      await s.next((m) => (m.type === "event" && m.ack === id) || ((m.type === "ack" || m.type === "error") && m.id === id), { from, timeoutMs: 15_000 });
      await s.ping();
      const answers = s.received.slice(from).filter((m) => (m.type === "event" && m.ack !== undefined) || m.type === "ack" || m.type === "error");
      expect(answers).toHaveLength(1);
      const [answer] = answers;
      expect(answer).toMatchObject(answer!.type === "event" ? { seq, ack: id } : { type: "ack", id, gameId, seq });
      if (node === owner) expect(answer!.type).toBe("event");
      shapes.push(`${node === owner ? "owner" : "forwarded"} ${answer!.type}`);
      expect(s.invalid).toEqual([]);
      await s.close();
    }
    expect(shapes.filter((x) => x.startsWith("owner"))).toEqual(["owner event", "owner event", "owner event"]);
    expect((await storedLog(cluster, gameId)).lastSeq).toBe(6);
  }, 60_000);

  it("DESIGN 5 across a failover: a refused command id sent again after its owner's SIGKILL gets the same refusal from the new owner, though the command has become legal", async () => {
    const table: (Player & { nodes: number[] })[] = [];
    for (let i = 0; i < 3; i++) table.push(await clusterPlayer(cluster, i, `r${i}`));
    everyone.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(21);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const waitingId = (): string => viewOf(table[0]!).waitingFor[0]!;
    const owner = (await cluster.ownerOf(gameId))!;
    // Refused out of turn, sent to a node that does not own the game (it asks the owner).
    const early = table.find((p) => p.id !== waitingId())!;
    const elsewhere = [0, 1, 2].find((i) => i !== owner)!;
    const first = await RawSocket.signedIn(cluster.nodes[elsewhere]!.url, early.guest.token);
    const refused = await first.command(gameId, "early-roll", { type: "roll" });
    await first.close();
    expect(refused).toMatchObject({ type: "error", code: "NOT_YOUR_TURN", id: "early-roll", gameId });

    // Play on until that player is to roll: the same command is legal now.
    let seq = 0;
    for (let guard = 0; !(waitingId() === early.id && viewOf(early).phase === "rolling" && viewOf(early).rolls === 0) && guard < 300; guard++) {
      const w = table.find((p) => p.id === waitingId())!;
      seq = (await w.client.send(gameId, chooseFor(bot, viewOf(w), w.id))).seq;
      await Promise.all(table.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq)));
    }
    expect(waitingId()).toBe(early.id);

    await cluster.nodes[owner]!.kill();
    try {
      const live = [0, 1, 2].find((i) => i !== owner)!;
      const again = await RawSocket.signedIn(cluster.nodes[live]!.url, early.guest.token);
      // The resend reaches the new owner once the dead one's lease has expired (RETRY until then).
      let answer: unknown;
      await expect
        .poll(async () => {
          answer = await again.command(gameId, "early-roll", { type: "roll" });
          return (answer as { code?: string }).code;
        }, { timeout: LEASE_TTL_MS + 15_000, interval: 200 })
        .not.toBe("RETRY");
      await again.close();
      expect(answer).toEqual(refused);
      const owned = await cluster.ownerOf(gameId);
      expect(owned).not.toBeNull();
      expect(owned).not.toBe(owner);
      expect((await storedLog(cluster, gameId)).lastSeq).toBe(seq);
    } finally {
      await cluster.nodes[owner]!.restart();
    }
  }, 120_000);
});
