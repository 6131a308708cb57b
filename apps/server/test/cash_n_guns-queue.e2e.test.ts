/**
 * The public Ca$h 'n Guns queue end to end (RULES-cash-n-guns.md F7): a real server (child process,
 * embedded PGlite) with its default queues, four players through the client SDK. The default queues
 * list `cash_n_guns-4-8` (and `cards-4-7`); the four queue, confirm, play the game to its end from
 * their own views, and each one's cash_n_guns rating is updated once with the rank of the final
 * ranking (the winners first, then the living by total, most wounds first on a tie, the dead last,
 * ties shared), as OpenSkill rates four teams of one.
 */
import { fetchQueues, fetchRating } from "@bang/client";
import type { CngView } from "@bang/game-cash-n-guns";
import { rate, rating as defaultRating } from "openskill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPlayer, playSeat, type Player } from "./support/players.js";
import { matchedGame } from "./support/queue.js";
import { startServer, type TestServer } from "./support/server.js";
import { until } from "./support/waits.js";

let server: TestServer;
const everyone: Player[] = [];

beforeAll(async () => {
  server = await startServer({ backend: "pglite", env: { MATCHMAKING_TICK_MS: "50" } });
});
afterAll(async () => {
  await Promise.all(everyone.map((p) => p.client.close()));
  await server?.dispose();
});

/** F7, an oracle from the final view alone: each player's place (shared on a tie; the dead last). */
function expectedRanks(view: CngView): Map<string, number> {
  const winners = new Set(view.winner!.players);
  const key = (id: string) => {
    const p = view.players.find((q) => q.id === id)!;
    return [winners.has(id) ? 0 : 1, p.alive ? 0 : 1, -(p.score ?? 0), p.alive ? -p.wounds : 0].join(",");
  };
  const keys = view.players.map((p) => key(p.id)).sort((a, b) => {
    const [x, y] = [a.split(",").map(Number), b.split(",").map(Number)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
  // With nobody winning (all_dead), place 1 stays the winners' and every seat shares place 2.
  const offset = winners.size === 0 ? 1 : 0;
  return new Map(view.players.map((p) => [p.id, keys.indexOf(key(p.id)) + 1 + offset]));
}

describe("the public cash_n_guns queue (real server, SDK clients)", () => {
  it("F7: four players queue for cash_n_guns-4-8, confirm, play to the end; each rating is updated once with the final ranking", async () => {
    const queues = await fetchQueues(server.url);
    expect(queues.find((q) => q.id === "cards-4-7")).toMatchObject({ game: "cards", minSeats: 4, maxSeats: 7 });
    expect(queues.find((q) => q.id === "cash_n_guns-4-8")).toMatchObject({ game: "cash_n_guns", minSeats: 4, maxSeats: 8, waiting: 0 });

    const players = await Promise.all(["ann", "bob", "cat", "dan"].map((n) => connectPlayer(server.url, n)));
    everyone.push(...players);
    const gameId = await matchedGame(server, "cash_n_guns-4-8", players);
    expect(players[0]!.client.game(gameId)!.game).toBe("cash_n_guns");

    const ends = await Promise.all(players.map((p, i) => playSeat<CngView>(p, gameId, { seed: 21 + i, kind: i % 2 === 0 ? "heuristic" : "random", timeoutMs: 150_000 }).done));
    const end = ends[0]!;
    expect(end.phase).toBe("game_over");
    for (const v of ends) expect(v.winner).toEqual(end.winner);

    const ranks = expectedRanks(end);
    await until("the cash_n_guns ratings are applied", async () => (await Promise.all(players.map((p) => fetchRating(server.url, p.id, "cash_n_guns")))).every((r) => r.rating.games === 1), 30_000, () => server.output().slice(-2000));
    const order = players.map((p) => p.id);
    const rated = rate(order.map(() => [defaultRating()]), { rank: order.map((id) => ranks.get(id)!) });
    for (const [i, id] of order.entries()) {
      const { rating, history } = await fetchRating(server.url, id, "cash_n_guns");
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ gameId, rank: ranks.get(id), muBefore: 25 });
      expect(rating.mu).toBeCloseTo(rated[i]![0]!.mu, 9);
      expect((await fetchRating(server.url, id, "dice")).rating.games).toBe(0);
    }
  }, 200_000);
});
