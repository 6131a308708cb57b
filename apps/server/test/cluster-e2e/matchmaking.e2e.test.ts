/**
 * Public queues on a cluster (issues 4 and 5): three node processes on loopback, one PostgreSQL
 * database, the local Redis under a unique prefix. The players of one queue sit on different nodes:
 * each hears of its match on its own node (queue messages over the bus), confirms or declines through
 * its own node (sent on to the node holding the ready check), plays the game to its end with a bot in
 * its client, and is rated exactly once. A player whose sockets are on two nodes stays queued until
 * the last of them closes. A tournament's games are placed over the nodes and finish on their owners:
 * each result is recorded once and each round starts once, though several nodes run the tournaments.
 */
import { checkInTournament, createGuest, createTournament, fetchAudit, fetchQueues, fetchRating, fetchTournament, organiseTournament, registerForTournament, type Tournament } from "@bang/client";
import type { PlayerView } from "@bang/game-dice";
import type { QueueStatus, ServerMessage } from "@bang/protocol";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, playSeat, type Player, type Seat } from "../support/players.js";
import { startTestCluster, type TestCluster } from "./support.js";

const QUEUES = [
  { id: "c4", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 15, turnSeconds: 600 },
  { id: "c4-decline", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 15 },
  { id: "c4-alone", game: "dice", minSeats: 4, maxSeats: 4 },
  { id: "c4-lost", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 60 },
];

const ORGANISER = "organiser-token-cluster-0123456789";

type MatchFound = Extract<ServerMessage, { type: "matchFound" }>;
type Queuer = Player & { node: number; statuses: QueueStatus[]; found: MatchFound[]; confirmErrors: string[] };

let cluster: TestCluster;
let redis: Redis;
const everyone: Player[] = [];

beforeAll(async () => {
  cluster = await startTestCluster(3, { env: { MATCHMAKING_QUEUES: JSON.stringify(QUEUES), MATCHMAKING_TICK_MS: "50", ORGANISER_TOKENS: `olga:${ORGANISER}` } });
  redis = new Redis(cluster.redisUrl, { maxRetriesPerRequest: 1 });
}, 120_000);
afterAll(async () => {
  await closeAll(everyone);
  redis?.disconnect();
  await cluster?.dispose();
}, 60_000);

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A player on node `node` who records statuses and found matches, and confirms (through that node) unless told not to. */
async function queuer(node: number, name: string, confirm = true): Promise<Queuer> {
  const p = await connectPlayer(cluster.nodes[node]!.url, name);
  everyone.push(p);
  const q: Queuer = Object.assign(p, { node, statuses: [] as QueueStatus[], found: [] as MatchFound[], confirmErrors: [] as string[] });
  p.client.on("queue", (s) => q.statuses.push(s));
  p.client.on("matchFound", (m) => {
    q.found.push(m);
    if (confirm) void p.client.confirmMatch(m.matchId).catch((e: unknown) => q.confirmErrors.push(String(e)));
  });
  return q;
}

const playing = (p: Player) => (p.client.queue.state === "playing" ? p.client.queue.gameId : null);
/** The node index holding a ready check (its holder record in Redis), or null. */
const holderOf = async (matchId: string) => {
  const value = await redis.get(`${cluster.prefix}mm:h:${matchId}`);
  return value ? cluster.ids.indexOf(value.slice(value.indexOf(":") + 1)) : null;
};
const waiting = async (node: number, queueId: string) => (await fetchQueues(cluster.nodes[node]!.url)).find((q) => q.id === queueId)!.waiting;

describe("public queues on a cluster of three nodes", () => {
  it("8 players spread over the nodes: two tables of 4 form, everyone confirms through their own node, plays to the end, and is rated once", async () => {
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => queuer(i % 3, `q${i}`)));
    // Each joins through their own node: one queue in Redis for the whole cluster.
    await Promise.all(players.map((p) => p.client.joinQueue("c4")));
    await until("every player plays", () => players.every((p) => playing(p) !== null)).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${players.map((p) => `${p.guest.player.name}@n${p.node + 1}: ${JSON.stringify(p.statuses)} confirm errors ${p.confirmErrors.join("; ")}`).join("\n")}`);
    });
    for (const p of players) {
      // One match found each, heard on their own node; their confirmation went to the match's holder.
      expect(p.found).toHaveLength(1);
      expect(p.confirmErrors).toEqual([]);
    }
    const byGame = new Map<string, Queuer[]>();
    for (const p of players) byGame.set(playing(p)!, [...(byGame.get(playing(p)!) ?? []), p]);
    expect([...byGame.values()].map((ps) => ps.length)).toEqual([4, 4]);
    // The match's players and the game's players are the same four; nobody is in two games.
    for (const ps of byGame.values()) {
      const ids = ps.map((p) => p.id).sort();
      for (const p of ps) expect(p.found[0]!.players.map((x) => x.id).sort()).toEqual(ids);
      // 4 players on 3 nodes: at least two of them are not on any one node, the holder's included.
      expect(new Set(ps.map((p) => p.node)).size).toBeGreaterThan(1);
    }
    const seated = await cluster.sql<{ gameId: string; playerId: string }>(`SELECT "gameId", "playerId" FROM "Seat" WHERE "gameId" = ANY($1)`, [[...byGame.keys()]]);
    expect(seated).toHaveLength(8);
    expect(new Set(seated.map((s) => s.playerId)).size).toBe(8);
    // The waits are the cluster's: each match's holder recorded its players' waits in Redis, and every node reports all 8.
    const waitsOn = () => Promise.all(cluster.nodes.map(async (n) => (await fetchQueues(n.url)).find((q) => q.id === "c4")!.waits));
    await until("every node reports the 8 waits", async () => (await waitsOn()).every((w) => w.matched === 8), 5_000);
    const waits = await waitsOn();
    expect(new Set(waits.map((w) => JSON.stringify(w))).size).toBe(1);
    expect(waits[0]).toMatchObject({ longestSeconds: null, matched: 8 });
    expect(waits[0]!.p90Seconds!).toBeGreaterThanOrEqual(waits[0]!.medianSeconds!);

    // Everyone plays their seat with a bot in their client, through their own node.
    const seats = players.map((p, i) => playSeat<PlayerView>(p, playing(p)!, { seed: 100 + i, timeoutMs: 90_000 }));
    const finals = await Promise.all(seats.map((s) => s.done));
    for (const [gameId, ps] of byGame) {
      const views = ps.map((p) => finals[players.indexOf(p)]!);
      for (const v of views) expect([v.phase, v.waitingFor]).toEqual(["gameOver", []]);
      expect(new Set(views.map((v) => JSON.stringify(v.winner))).size).toBe(1);
      // The result is stored by the game's owner right after the last acknowledged command.
      await until("the game's result is stored", async () => (await cluster.sql<{ status: string }>(`SELECT status FROM "Game" WHERE id = $1`, [gameId]))[0]?.status === "finished", 10_000);
    }
    // Each rated game updated each of its players once, whichever node owned it.
    await until("the ratings are applied", async () => (await cluster.sql(`SELECT 1 FROM "RatingChange" WHERE "gameId" = ANY($1)`, [[...byGame.keys()]])).length === 8);
    await new Promise((r) => setTimeout(r, 500)); // a second application would land by now
    const changes = await cluster.sql<{ playerId: string; gameId: string }>(`SELECT "playerId", "gameId" FROM "RatingChange" WHERE "playerId" = ANY($1)`, [players.map((p) => p.id)]);
    expect(changes).toHaveLength(8);
    for (const p of players) {
      expect(changes.filter((c) => c.playerId === p.id).map((c) => c.gameId)).toEqual([playing(p)]);
      const { rating } = await fetchRating(cluster.nodes[(p.node + 1) % 3]!.url, p.id, "dice");
      expect(rating.games).toBe(1);
    }
  }, 120_000);

  it("a confirmation and a queueLeave sent to other nodes than the ready check's reach it: the leaver goes out, the others go back in", async () => {
    const players = [await queuer(0, "d0", false), await queuer(1, "d1", false), await queuer(2, "d2", false), await queuer(0, "d3", false)];
    for (const p of players) await p.client.joinQueue("c4-decline");
    await until("the match is found by all four", () => players.every((p) => p.found.length === 1));
    const matchId = players[0]!.found[0]!.matchId;
    expect(new Set(players.map((p) => p.found[0]!.matchId))).toEqual(new Set([matchId]));
    const holder = await holderOf(matchId);
    expect(holder).not.toBeNull();
    // A player whose socket is on another node than the holder confirms, then a second one leaves.
    const remote = players.filter((p) => p.node !== holder);
    expect(remote.length).toBeGreaterThanOrEqual(2);
    const [confirmer, decliner] = remote as [Queuer, Queuer];
    // Asked on a node that does not hold it, the status carries the holder's deadline.
    expect(await confirmer.client.queueStatus()).toEqual({ state: "matched", queueId: "c4-decline", matchId, deadline: confirmer.found[0]!.deadline });
    expect(await confirmer.client.confirmMatch(matchId)).toMatchObject({ state: "matched", matchId });
    // Leaving the queue in a ready check declines it (the confirm path is the other player's, above).
    expect(await decliner.client.leaveQueue()).toEqual({ state: "idle", reason: "declined" });
    const others = players.filter((p) => p !== decliner);
    await until("the others are queued again", () => others.every((p) => p.client.queue.state === "queued"));
    expect(await waiting(holder === 0 ? 1 : 0, "c4-decline")).toBe(3);
    expect(await decliner.client.queueStatus()).toEqual({ state: "idle" });
    // The check is over everywhere: confirming it again, through any node, is refused.
    await expect(confirmer.client.confirmMatch(matchId)).rejects.toMatchObject({ code: "MATCH_NOT_FOUND" });
    expect(await redis.exists(`${cluster.prefix}mm:h:${matchId}`)).toBe(0);
    for (const p of others) await p.client.leaveQueue();
    expect(await waiting(2, "c4-decline")).toBe(0);
  }, 60_000);

  it("a player with sockets on two nodes stays queued until the last one closes, on whichever node", async () => {
    const first = await connectPlayer(cluster.nodes[0]!.url, "twice");
    const second = await connectAs(cluster.nodes[1]!.url, first.guest);
    everyone.push(first, second);
    await first.client.joinQueue("c4-alone");
    expect(await waiting(2, "c4-alone")).toBe(1);
    // Asked on node 1, the status is the player's (the queue is the cluster's).
    expect(await second.client.queueStatus()).toMatchObject({ state: "queued", queueId: "c4-alone" });
    await first.client.close();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await waiting(2, "c4-alone")).toBe(1);
    expect(await second.client.queueStatus()).toMatchObject({ state: "queued" });
    await second.client.close();
    await until("the player is out of the queue", async () => (await waiting(2, "c4-alone")) === 0, 5_000);
  }, 30_000);

  it("a tournament on the cluster: every table reaches its players on their own nodes, each result is recorded once, each round starts once", async () => {
    const url = (i: number) => cluster.nodes[i % 3]!.url;
    const guests = await Promise.all(Array.from({ length: 8 }, (_, i) => createGuest(url(i), `t${i}`)));
    const t = await createTournament(url(0), ORGANISER, { name: "Cluster cup", game: "dice", tableSize: 4, rounds: 1, rated: true, noShow: "forfeit", startsAt: new Date().toISOString() });
    await organiseTournament(url(1), ORGANISER, t.id, { type: "open" });
    // Every player is connected to their own node and plays each table that reaches them with a bot.
    const players: Player[] = [];
    const seats: Seat<PlayerView>[] = [];
    for (const [i, g] of guests.entries()) {
      await registerForTournament(url(i), g.token, t.id);
      await checkInTournament(url(i + 1), g.token, t.id);
      const p = await connectAs(url(i), g);
      players.push(p);
      everyone.push(p);
      const followed = new Set<string>();
      p.client.on("state", (gameId) => {
        if (followed.has(gameId)) return;
        followed.add(gameId);
        seats.push(playSeat<PlayerView>(p, gameId, { seed: 200 + i, timeoutMs: 60_000 }));
      });
    }
    // Started through node 2: its tables are placed over the nodes and announced to every node.
    const started = await organiseTournament(url(2), ORGANISER, t.id, { type: "start" });
    expect(started.tables).toHaveLength(2);
    let done: Tournament | null = null;
    await until("the tournament is finished", async () => (done = await fetchTournament(url(1), t.id)).status === "finished", 60_000);
    // Two tables of round 1 (they end at about the same time, on their owners), then exactly one final
    // table of the top 4: the round was started once, whichever node saw the round end first.
    expect(done!.tables.map((x) => [x.round, x.tableNo, x.final, x.result !== null])).toEqual([
      [1, 1, false, true],
      [1, 2, false, true],
      [2, 1, true, true],
    ]);
    expect(done!.tables.filter((x) => x.round === 1).flatMap((x) => x.seats).sort()).toEqual(guests.map((g) => g.player.id).sort());
    expect(done!.standings.slice(0, 4).map((s) => s.playerId).sort()).toEqual([...done!.tables[2]!.seats].sort());
    const gameIds = done!.tables.map((x) => x.gameId);
    // Each seat of each table was played by its player's client, on that player's node (12 seats).
    const finals = await Promise.all(seats.map((s) => s.done));
    expect(seats).toHaveLength(12);
    expect(finals.every((v) => v.phase === "gameOver" && v.waitingFor.length === 0)).toBe(true);
    for (const s of seats) expect(s.refusals).toEqual([]);
    for (const [i, p] of players.entries()) {
      const mine = done!.tables.filter((x) => x.seats.includes(p.id)).map((x) => x.gameId);
      expect(p.client.games().map((g) => g.gameId).filter((id) => gameIds.includes(id)).sort(), `player ${i}`).toEqual([...mine].sort());
    }
    // No other game was started for the tournament's players (no round dealt twice).
    const seatedIn = await cluster.sql<{ gameId: string }>(`SELECT DISTINCT "gameId" FROM "Seat" WHERE "playerId" = ANY($1)`, [guests.map((g) => g.player.id)]);
    expect(seatedIn.map((s) => s.gameId).sort()).toEqual([...gameIds].sort());
    // The server's steps are in the audit once: the tournament finished once.
    const audit = await fetchAudit(url(0), ORGANISER, t.id);
    expect(audit.filter((a) => a.action === "finish")).toHaveLength(1);
    // Rated: one rating change per player and game (4 + 4 in round 1, 4 at the final table).
    await until("the ratings are applied", async () => (await cluster.sql(`SELECT 1 FROM "RatingChange" WHERE "gameId" = ANY($1)`, [gameIds])).length === 12);
    const changes = await cluster.sql<{ playerId: string; gameId: string }>(`SELECT "playerId", "gameId" FROM "RatingChange" WHERE "gameId" = ANY($1)`, [gameIds]);
    expect(new Set(changes.map((c) => `${c.playerId}:${c.gameId}`)).size).toBe(12);
    const finalist = done!.tables[2]!.seats[0]!;
    expect((await fetchRating(url(2), finalist, "dice")).rating.games).toBe(2);
  }, 90_000);

  // Last: it kills a node.
  it("the node holding a ready check dies: its players on the other nodes are free again (confirm refused, joining works)", async () => {
    const players = [await queuer(0, "l0", false), await queuer(1, "l1", false), await queuer(2, "l2", false), await queuer(0, "l3", false)];
    for (const p of players) await p.client.joinQueue("c4-lost");
    await until("the match is found by all four", () => players.every((p) => p.found.length === 1));
    const matchId = players[0]!.found[0]!.matchId;
    const holder = (await holderOf(matchId))!;
    await cluster.nodes[holder]!.kill();
    const [stuck, rejoiner] = players.filter((p) => p.node !== holder) as [Queuer, Queuer];
    const survivor = cluster.nodes[stuck.node]!.url;
    await until("the dead node left the membership", async () => !((await (await fetch(`${survivor}/api/nodes`)).json()) as { nodeId: string }[]).some((n) => n.nodeId === cluster.ids[holder]), 10_000);
    // Nobody holds the check any more (its timer died with its node): the players are set free.
    await expect(stuck.client.confirmMatch(matchId)).rejects.toMatchObject({ code: "MATCH_NOT_FOUND" });
    expect(await stuck.client.queueStatus()).toEqual({ state: "idle" });
    expect(await rejoiner.client.joinQueue("c4-alone")).toMatchObject({ state: "queued", queueId: "c4-alone" });
    await rejoiner.client.leaveQueue();
  }, 60_000);
});
