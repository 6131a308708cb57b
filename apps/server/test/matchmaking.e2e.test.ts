/**
 * Public queues end to end: a real server (child process, embedded PGlite) and many players through
 * the client SDK. Queues form tables of the right size, no player is ever in two games, the ready check
 * sends out whoever does not confirm and puts the others back, bots fill when allowed, waits widen the
 * rating window, rated games update the ratings, and bad input gets its code and changes nothing.
 */
import { ClientError, fetchLeaderboard, fetchQueues, fetchRating, type BangClient } from "@bang/client";
import type { QueueStatus, ServerMessage } from "@bang/protocol";
import { randomUUID } from "node:crypto";
import { rate, rating as defaultRating } from "openskill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPlayer, currentSocket, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { connectTestRedis } from "./cluster/support.js";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";

const QUEUES = [
  { id: "e2e-a", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 10 },
  { id: "e2e-b", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 3 },
  { id: "e2e-bots", game: "dice", minSeats: 4, maxSeats: 4, botsAfterSeconds: 0.5, readySeconds: 10 },
  { id: "e2e-d", game: "dice", minSeats: 5, maxSeats: 8, ratingWindow: 1, widenPerSecond: 4 },
];

let server: TestServer;
const everyone: Player[] = [];

beforeAll(async () => {
  server = await startServer({ backend: "pglite", env: { MATCHMAKING_QUEUES: JSON.stringify(QUEUES), MATCHMAKING_TICK_MS: "50" } });
});
afterAll(async () => {
  await Promise.all(everyone.map((p) => p.client.close()));
  await server?.dispose();
});

type MatchFound = Extract<ServerMessage, { type: "matchFound" }>;

/** A player who records every queue status and found match, and confirms found matches unless told not to. */
async function queuer(name: string, confirm = true): Promise<Player & { statuses: QueueStatus[]; found: MatchFound[]; confirmErrors: string[] }> {
  const p = await connectPlayer(server.url, name);
  everyone.push(p);
  const statuses: QueueStatus[] = [];
  const found: MatchFound[] = [];
  p.client.on("queue", (s) => statuses.push(s));
  const confirmErrors: string[] = [];
  p.client.on("matchFound", (m) => {
    found.push(m);
    if (confirm) void p.client.confirmMatch(m.matchId).catch((e: unknown) => confirmErrors.push(String(e)));
  });
  return Object.assign(p, { statuses, found, confirmErrors });
}

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const playing = (c: BangClient) => (c.queue.state === "playing" ? c.queue.gameId : null);

async function games(status?: string): Promise<{ id: string; status: string; players: { seat: number; name: string; bot: string | null }[] }[]> {
  const res = await fetch(`${server.url}/api/games?limit=500${status ? `&status=${status}` : ""}`);
  return (await res.json()) as never;
}

describe("public queues (real server, SDK clients)", () => {
  it("12 players in a 4-seat queue: three games of 4, nobody in two; the rated games update every rating", async () => {
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => queuer(`a${i}`)));
    await Promise.all(players.map((p) => p.client.joinQueue("e2e-a")));
    await until("every player plays", () => players.every((p) => playing(p.client) !== null)).catch((e: unknown) => {
      const states = players.map((p) => `${p.guest.player.name}: ${JSON.stringify(p.statuses)} found ${p.found.length} sockets ${p.sockets.length} confirm errors ${p.confirmErrors.join("; ")}`);
      throw new Error(`${String(e)}\n${states.join("\n")}\n${server.output().slice(-3000)}`);
    });
    const byGame = new Map<string, string[]>();
    for (const p of players) byGame.set(playing(p.client)!, [...(byGame.get(playing(p.client)!) ?? []), p.id]);
    expect([...byGame.values()].map((ids) => ids.length)).toEqual([4, 4, 4]);
    // Each player found exactly one match and is seated in exactly one stored game.
    for (const p of players) expect(p.found).toHaveLength(1);
    const stored = (await games()).filter((g) => byGame.has(g.id));
    expect(stored).toHaveLength(3);
    const names = stored.flatMap((g) => g.players.map((s) => s.name));
    expect(new Set(names).size).toBe(12);
    expect(stored.every((g) => g.players.length === 4 && g.players.every((s) => s.bot === null))).toBe(true);

    // While their game runs, a player cannot queue again: one game at a time.
    await expect(players[0]!.client.joinQueue("e2e-d")).rejects.toMatchObject({ code: "ALREADY_PLAYING" });
    expect((await fetchQueues(server.url)).find((q) => q.id === "e2e-d")?.waiting).toBe(0);
    // Everyone walks away: the server's bot plays the away seats to the end (DESIGN invariant 7).
    await Promise.all(players.map((p) => p.client.close()));
    await until("the three games are over", async () => (await games("finished")).filter((g) => byGame.has(g.id)).length === 3, 60_000);
    await until("the ratings are applied", async () => (await fetchRating(server.url, players[0]!.id, "dice")).rating.games === 1, 10_000);
    for (const [gameId, ids] of byGame) {
      type Seat = { id: string; role: string | null };
      const replay = (await (await fetch(`${server.url}/api/games/${gameId}/replay`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { view: { players: Seat[]; winner: { players: string[] } } };
      const winners = new Set(replay.view.winner.players);
      // The expected update, computed here from the replay (R6): the law (sheriff and deputies), the
      // outlaws, each renegade alone; the winning team ranks 1, the others share rank 2; everyone starts
      // at the default.
      const teams = new Map<string, string[]>();
      for (const seat of replay.view.players) {
        const team = seat.role === "sheriff" || seat.role === "deputy" ? "law" : seat.role === "outlaw" ? "outlaws" : `renegade ${seat.id}`;
        teams.set(team, [...(teams.get(team) ?? []), seat.id]);
      }
      const order = [...teams.values()];
      const expected = rate(
        order.map((members) => members.map(() => defaultRating())),
        { rank: order.map((members) => (members.some((m) => winners.has(m)) ? 1 : 2)) },
      );
      for (const id of ids) {
        const { rating, history } = await fetchRating(server.url, id, "dice");
        expect(rating.game).toBe("dice");
        expect(rating.games).toBe(1);
        expect(history).toHaveLength(1);
        expect(history[0]!.gameId).toBe(gameId);
        expect(history[0]!.rank).toBe(winners.has(id) ? 1 : 2);
        expect(history[0]!.muBefore).toBe(25);
        const t = order.findIndex((members) => members.includes(id));
        const want = expected[t]![order[t]!.indexOf(id)]!;
        expect(rating.mu).toBeCloseTo(want.mu, 9);
        expect(rating.sigma).toBeCloseTo(want.sigma, 9);
        // A win always raises mu above the default 25; sigma shrinks for everyone.
        if (winners.has(id)) expect(rating.mu).toBeGreaterThan(25);
        expect(rating.sigma).toBeLessThan(25 / 3);
        expect(rating.ordinal).toBeCloseTo(rating.mu - 3 * rating.sigma, 9);
      }
    }
    const board = await fetchLeaderboard(server.url, "dice", 50);
    const mine = board.filter((r) => players.some((p) => p.id === r.playerId));
    expect(mine).toHaveLength(12);
    expect(mine.map((r) => r.ordinal)).toEqual([...mine.map((r) => r.ordinal)].sort((x, y) => y - x));
    // Each game's ratings are its own: none of them has a dice_duel rating.
    expect((await fetchRating(server.url, players[0]!.id, "dice_duel")).rating).toMatchObject({ game: "dice_duel", games: 0, mu: 25 });
    expect((await fetchQueues(server.url)).map((q) => [q.id, q.game])).toEqual(QUEUES.map((q) => [q.id, q.game]));
  });

  it("the ready check: the player who does not confirm goes out, the others go back in with their join time", async () => {
    const confirmers = await Promise.all(["b0", "b1", "b2"].map((n) => queuer(n)));
    const sleeper = await queuer("b3", false);
    const joinedAt = new Map<string, number>();
    for (const p of [...confirmers, sleeper]) {
      const s = await p.client.joinQueue("e2e-b");
      if (s.state === "queued") joinedAt.set(p.id, s.joinedAt);
    }
    await until("the match is found", () => sleeper.found.length === 1);
    expect(sleeper.found[0]!.players.map((p) => p.id).sort()).toEqual([...confirmers, sleeper].map((p) => p.id).sort());
    await until("the sleeper is out", () => sleeper.client.queue.state === "idle", 10_000);
    expect(sleeper.client.queue).toMatchObject({ state: "idle", reason: "readyTimeout" });
    expect((await sleeper.client.queueStatus()).state).toBe("idle");
    for (const p of confirmers) {
      await until(`${p.guest.player.name} is queued again`, () => p.client.queue.state === "queued", 5_000);
      expect(p.client.queue).toMatchObject({ state: "queued", queueId: "e2e-b", joinedAt: joinedAt.get(p.id) });
    }
    // A late player fills the table: the three who waited play with them.
    const late = await queuer("b4");
    await late.client.joinQueue("e2e-b");
    await until("the new table plays", () => [...confirmers, late].every((p) => playing(p.client) !== null));
    expect(new Set([...confirmers, late].map((p) => playing(p.client))).size).toBe(1);
    expect(playing(sleeper.client)).toBeNull();
  });

  it("bots fill the missing seats once the queue allows it", async () => {
    const pair = await Promise.all(["c0", "c1"].map((n) => queuer(n)));
    await Promise.all(pair.map((p) => p.client.joinQueue("e2e-bots")));
    await until("the pair plays", () => pair.every((p) => playing(p.client) !== null));
    expect(pair[0]!.found[0]!.bots).toBe(2);
    const game = (await games()).find((g) => g.id === playing(pair[0]!.client));
    expect(game?.players).toHaveLength(4);
    expect(game?.players.filter((s) => s.bot !== null)).toHaveLength(2);
    // The seated player gets the game's snapshot through the SDK, like a lobby game.
    await until("the snapshot arrived", () => pair[0]!.client.view(playing(pair[0]!.client)!) !== undefined);
  });

  it("bad input: unknown queue, two queues at once, leaving twice, an unknown match; a disconnect leaves the queue", async () => {
    const p = await queuer("d0");
    await expect(p.client.joinQueue("no-such-queue")).rejects.toMatchObject({ code: "QUEUE_NOT_FOUND" });
    const first = await p.client.joinQueue("e2e-d");
    expect(first).toMatchObject({ state: "queued", queueId: "e2e-d" });
    const refused = await p.client.joinQueue("e2e-a").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClientError);
    expect(refused).toMatchObject({ code: "ALREADY_QUEUED" });
    // Nothing changed: still in the first queue, with the same join time; the other queue is empty.
    expect(await p.client.queueStatus()).toMatchObject({ state: "queued", queueId: "e2e-d", joinedAt: (first as { joinedAt: number }).joinedAt });
    expect((await fetchQueues(server.url)).find((q) => q.id === "e2e-a")?.waiting).toBe(0);
    // The wait widens the rating window (1 + 4 per second).
    await new Promise((r) => setTimeout(r, 600));
    const later = await p.client.queueStatus();
    expect(later.state === "queued" && later.ratingWindow).toBeGreaterThan(3);
    await expect(p.client.confirmMatch("not-a-match")).rejects.toMatchObject({ code: "MATCH_NOT_FOUND" });
    expect(await p.client.leaveQueue()).toEqual({ state: "idle", reason: "left" });
    await expect(p.client.leaveQueue()).rejects.toMatchObject({ code: "NOT_QUEUED" });
    // Disconnecting while queued takes the player out.
    await p.client.joinQueue("e2e-d");
    expect((await fetchQueues(server.url)).find((q) => q.id === "e2e-d")?.waiting).toBe(1);
    await p.client.close();
    await until("the queue is empty", async () => (await fetchQueues(server.url)).find((q) => q.id === "e2e-d")?.waiting === 0, 5_000);
  });

  it("a dropped socket takes the player out of the queue; the SDK reconnects and says so", async () => {
    const p = await queuer("drop");
    await p.client.joinQueue("e2e-d");
    currentSocket(p).socket.terminate();
    await until("the SDK is back with an idle status", () => p.client.status === "connected" && p.client.queue.state === "idle" && p.sockets.length === 2, 10_000);
    expect(p.client.queue).toEqual({ state: "idle", reason: "disconnected" });
    expect(await p.client.queueStatus()).toEqual({ state: "idle" });
    expect((await fetchQueues(server.url)).find((q) => q.id === "e2e-d")?.waiting).toBe(0);
    // And joins again.
    expect(await p.client.joinQueue("e2e-d")).toMatchObject({ state: "queued" });
    await p.client.leaveQueue();
  });

  it("bad frames over a raw socket: a malformed queue id, an extra field, a missing one; the field is named and nothing changes", async () => {
    const p = await queuer("raw");
    const s = await RawSocket.signedIn(server.url, p.guest.token);
    try {
      expect(await s.error({ type: "queueJoin", rid: "r1", queueId: "Not A Queue" })).toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringContaining("queueId") });
      expect(await s.error({ type: "queueJoin", rid: "r2", queueId: "e2e-d", seats: 4 })).toMatchObject({ code: "INVALID_MESSAGE" });
      expect(await s.error({ type: "matchConfirm", rid: "r3", matchId: "m" })).toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringContaining("accept") });
      expect(await p.client.queueStatus()).toEqual({ state: "idle" });
      expect((await fetchQueues(server.url)).every((q) => q.waiting === 0)).toBe(true);
      expect(await s.ping()).toMatchObject({ type: "pong" });
    } finally {
      await s.close();
    }
  });
});

describe("public queues with the queue store in Redis (REDIS_URL)", () => {
  it("8 players: two games of 4 formed through the Redis store, and nothing left behind in Redis", async () => {
    const prefix = `test:mm-e2e:${randomUUID()}:`;
    const redis = await connectTestRedis("mm-e2e");
    const node = await startServer({ backend: "postgresql", env: { MATCHMAKING_QUEUES: JSON.stringify(QUEUES), MATCHMAKING_TICK_MS: "50", REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix } });
    const clients: BangClient[] = [];
    try {
      const players = await Promise.all(Array.from({ length: 8 }, (_, i) => connectPlayer(node.url, `r${i}`)));
      for (const p of players) {
        clients.push(p.client);
        p.client.on("matchFound", (m) => void p.client.confirmMatch(m.matchId).catch(() => undefined));
      }
      // While queued (alone: no table of 4 yet), the player's place is in Redis.
      await players[0]!.client.joinQueue("e2e-a");
      expect(await redis.get(`${prefix}mm:p:${players[0]!.id}`)).toBe("q:e2e-a");
      await Promise.all(players.slice(1).map((p) => p.client.joinQueue("e2e-a")));
      await until("every player plays", () => players.every((p) => playing(p.client) !== null));
      const byGame = new Map<string, number>();
      for (const p of players) byGame.set(playing(p.client)!, (byGame.get(playing(p.client)!) ?? 0) + 1);
      expect([...byGame.values()]).toEqual([4, 4]);
      // Started: every place key released, the queue empty.
      await until("the places are released", async () => (await redis.keys(`${prefix}mm:p:*`)).length === 0, 5_000);
      expect(await redis.hlen(`${prefix}mm:q:e2e-a`)).toBe(0);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await node.dispose();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
