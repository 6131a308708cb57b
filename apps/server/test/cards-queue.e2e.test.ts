/**
 * The public card-game queue end to end (RULES-cards.md E9): a real server (child process, embedded
 * PGlite) with its default queues, four players through the client SDK. They queue for `cards-4-7`,
 * confirm, and play the game to its end from their own views; each one's `cards` rating is then updated
 * once by team, as OpenSkill rates the sides of E9 (the law: sheriff and deputies; the outlaws; each
 * renegade alone), the winning side at rank 1 and every other side sharing rank 2.
 */
import { fetchQueues, fetchRating } from "@bang/client";
import type { PlayerView } from "@bang/game-cards";
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

/** E9: the side a role plays for, each renegade alone. */
const sideOf = (p: { id: string; role: string | null }) => (p.role === "sheriff" || p.role === "deputy" ? "law" : p.role === "outlaw" ? "outlaws" : `renegade ${p.id}`);

describe("the public cards queue (real server, SDK clients)", () => {
  it("E9: four players queue for cards-4-7, confirm, play to the end; each rating is updated once by side", async () => {
    const queues = await fetchQueues(server.url);
    expect(queues.find((q) => q.id === "cards-4-7")).toMatchObject({ game: "cards", minSeats: 4, maxSeats: 7, waiting: 0 });

    const players = await Promise.all(["ann", "bob", "cat", "dan"].map((n) => connectPlayer(server.url, n)));
    everyone.push(...players);
    const gameId = await matchedGame(server, "cards-4-7", players);
    expect(players[0]!.client.game(gameId)!.game).toBe("cards");

    const ends = await Promise.all(players.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 31 + i, kind: i % 2 === 0 ? "heuristic" : "random", timeoutMs: 150_000 }).done));
    const end = ends[0]!;
    expect(end.phase).toBe("gameOver");
    for (const v of ends) expect(v.winner).toEqual(end.winner);
    // E1.3: every role shows at game over.
    expect(end.players.every((p) => p.role !== null)).toBe(true);

    await until("the cards ratings are applied", async () => (await Promise.all(players.map((p) => fetchRating(server.url, p.id, "cards")))).every((r) => r.rating.games === 1), 30_000, () => server.output().slice(-2000));
    const winners = new Set(end.winner!.players);
    const sides = [...new Set(end.players.map(sideOf))];
    const teams = sides.map((side) => end.players.filter((p) => sideOf(p) === side).map((p) => p.id));
    // E9: the winners are one whole side.
    expect(teams.filter((members) => members.every((id) => winners.has(id)))).toHaveLength(1);
    expect(teams.filter((members) => members.some((id) => winners.has(id)))).toHaveLength(1);
    const ranks = teams.map((members) => (winners.has(members[0]!) ? 1 : 2));
    const rated = rate(teams.map((members) => members.map(() => defaultRating())), { rank: ranks });
    for (const [i, members] of teams.entries()) {
      for (const [j, id] of members.entries()) {
        const { rating, history } = await fetchRating(server.url, id, "cards");
        expect(history).toHaveLength(1);
        expect(history[0]).toMatchObject({ gameId, rank: ranks[i], muBefore: 25 });
        expect(rating.mu).toBeCloseTo(rated[i]![j]!.mu, 9);
        expect((await fetchRating(server.url, id, "cash_n_guns")).rating.games).toBe(0);
      }
    }
  }, 200_000);
});
