/**
 * A public queue's match as the queue tests play it: players join, confirm the match found, and are
 * seated at one game.
 */
import type { Player } from "./players.js";
import type { TestServer } from "./server.js";
import { until } from "./waits.js";

/**
 * Each of `players` joins queue `queueId` and confirms its match; resolves with the one game they are
 * all seated at, once each client has its first view of it. Throws (with the server's last output)
 * when they are not all playing within 30 s, or not at the same game.
 */
export async function matchedGame(server: TestServer, queueId: string, players: readonly Player[]): Promise<string> {
  for (const p of players) p.client.on("matchFound", (m) => void p.client.confirmMatch(m.matchId));
  for (const p of players) await p.client.joinQueue(queueId);
  await until("all of them play", async () => players.every((p) => p.client.queue.state === "playing"), 30_000, () => server.output().slice(-2000));
  const gameIds = new Set(players.map((p) => (p.client.queue.state === "playing" ? p.client.queue.gameId : "")));
  if (gameIds.size !== 1) throw new Error(`the players of ${queueId} were seated at ${gameIds.size} games: ${[...gameIds].join(", ")}`);
  const gameId = [...gameIds][0]!;
  await Promise.all(players.map((p) => p.client.waitFor((_v, id) => id === gameId, 20_000)));
  return gameId;
}
