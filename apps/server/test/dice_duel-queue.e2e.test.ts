/**
 * The public dice_duel queue end to end (RULES.md part D): a real server (child process, embedded
 * PGlite) with its default queues, two players through the client SDK. They queue in `dice_duel-2`,
 * confirm the ready check, play the duel to its end from their own views, and each one's dice_duel
 * rating is updated exactly once, as OpenSkill rates two teams of one (the winner ranks 1); their dice
 * ratings do not move. A dice_duel queue definition with any other table size is refused.
 */
import { fetchLeaderboard, fetchQueues, fetchRating } from "@bang/client";
import type { DuelView } from "@bang/game-dice-duel";
import { rate, rating as defaultRating } from "openskill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseQueues } from "../src/matchmaking/queues.js";
import { playDuelSeat } from "./support/duelists.js";
import { connectPlayer, listGames, replayOf, type Player } from "./support/players.js";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
const everyone: Player[] = [];

beforeAll(async () => {
  // The default queues (no MATCHMAKING_QUEUES): dice_duel-2 is one of them.
  server = await startServer({ backend: "pglite", env: { MATCHMAKING_TICK_MS: "50" } });
});
afterAll(async () => {
  await Promise.all(everyone.map((p) => p.client.close()));
  await server?.dispose();
});

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("the public dice_duel queue (real server, SDK clients)", () => {
  it("a dice_duel queue takes exactly 2 seats; other sizes are refused with the queue and the field named", () => {
    expect(parseQueues(undefined).find((q) => q.id === "dice_duel-2")).toMatchObject({ game: "dice_duel", minSeats: 2, maxSeats: 2 });
    expect(() => parseQueues(JSON.stringify([{ id: "d3", game: "dice_duel", minSeats: 2, maxSeats: 3 }]))).toThrow(/MATCHMAKING_QUEUES: queue "d3" \(0\): minSeats: seats out of range/);
    expect(() => parseQueues(JSON.stringify([{ id: "c2", game: "dice", minSeats: 2, maxSeats: 2 }]))).toThrow(/seats out of range/);
    expect(() => parseQueues(JSON.stringify([{ id: "x", game: "poker", minSeats: 2, maxSeats: 2 }]))).toThrow(/MATCHMAKING_QUEUES: queue "x" \(0\): game: unknown game/);
  });

  it("R8.10 two players queue for dice_duel-2, confirm, play the duel to its end; each dice_duel rating is updated once", async () => {
    const listed = (await fetchQueues(server.url)).find((q) => q.id === "dice_duel-2");
    expect(listed).toMatchObject({ game: "dice_duel", minSeats: 2, maxSeats: 2, waiting: 0 });

    const players = await Promise.all(["anna", "bert"].map((n) => connectPlayer(server.url, n)));
    everyone.push(...players);
    const found = new Map<string, number>();
    for (const p of players) {
      p.client.on("matchFound", (m) => {
        found.set(p.id, (found.get(p.id) ?? 0) + 1);
        expect(m.bots).toBe(0);
        void p.client.confirmMatch(m.matchId);
      });
    }
    await players[0]!.client.joinQueue("dice_duel-2");
    expect((await fetchQueues(server.url)).find((q) => q.id === "dice_duel-2")?.waiting).toBe(1);
    await players[1]!.client.joinQueue("dice_duel-2");
    await until("both play", () => players.every((p) => p.client.queue.state === "playing"));
    const gameIds = players.map((p) => (p.client.queue.state === "playing" ? p.client.queue.gameId : ""));
    expect(gameIds[0]).toBe(gameIds[1]);
    const gameId = gameIds[0]!;
    expect([...found.values()]).toEqual([1, 1]);

    // Both seats play from their own views (heuristic bots choosing) to game over.
    const ends = await Promise.all(players.map((p, i) => playDuelSeat(p, gameId, { seed: 11 + i, timeoutMs: 60_000 }).done));
    const end: DuelView = ends[0]!;
    expect(end.waitingFor).toEqual([]);
    expect(end.players.map((p) => p.id).sort()).toEqual(players.map((p) => p.id).sort());
    expect(end.winner?.team).toBe("duel");
    expect(end.winner?.players).toHaveLength(1);
    const winner = end.winner!.players[0]!;
    expect(ends[1]!.winner).toEqual(end.winner);

    // The stored game: a finished 2-seat dice_duel game without bots, its replay ends with the same winner.
    const stored = (await listGames(server.url, "?limit=100")).find((g) => g.id === gameId);
    expect(stored?.game).toBe("dice_duel");
    expect(stored?.players).toHaveLength(2);
    expect(stored?.players.every((s) => s.bot === null)).toBe(true);
    const replay = await replayOf<DuelView>(server.url, gameId, ADMIN_TOKEN);
    expect(replay.game).toBe("dice_duel");
    expect(replay.view.winner!.players).toEqual([winner]);

    // Ratings: two teams of one, the winner ranks 1, both from the default; applied once.
    await until("the dice_duel ratings are applied", async () => (await Promise.all(players.map((p) => fetchRating(server.url, p.id, "dice_duel")))).every((r) => r.rating.games === 1));
    const loser = players.find((p) => p.id !== winner)!.id;
    const [[w], [l]] = rate([[defaultRating()], [defaultRating()]], { rank: [1, 2] });
    for (const [id, want, rank] of [[winner, w!, 1], [loser, l!, 2]] as const) {
      const { rating, history } = await fetchRating(server.url, id, "dice_duel");
      expect(rating.game).toBe("dice_duel");
      expect(rating.games).toBe(1);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ gameId, rank, muBefore: 25 });
      expect(rating.mu).toBeCloseTo(want.mu, 9);
      expect(rating.sigma).toBeCloseTo(want.sigma, 9);
      // The dice rating is a different one: untouched.
      expect((await fetchRating(server.url, id, "dice")).rating.games).toBe(0);
    }
    expect(w!.mu).toBeGreaterThan(25);
    const board = await fetchLeaderboard(server.url, "dice_duel", 10);
    expect(board.map((r) => r.playerId)).toEqual([winner, loser]);
    // Once: a later look still shows one game each (the finished hook does not count twice).
    await new Promise((r) => setTimeout(r, 300));
    expect((await fetchRating(server.url, loser, "dice_duel")).rating.games).toBe(1);
  });
});
