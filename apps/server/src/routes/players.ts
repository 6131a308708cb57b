import { createDiscoveryRepository } from "@bang/db";
import { gameIds } from "@bang/games";
import type { FastifyInstance, FastifyReply } from "fastify";
import { playerBody, playerGamesBody, playerGamesQuery, playerParams } from "../discovery/schemas.js";
import { playerGame } from "../discovery/views.js";
import { toStoredGame } from "../persistence/prisma-store.js";
import { errorBody } from "./error-body.js";
import { unknownGame } from "./unknown-game.js";

/**
 * A player's public page over HTTP, for every game. GET /api/players/:id: name, since when, ratings
 * per game (best first), and how many games running, finished and abandoned. GET
 * /api/players/:id/games?status=&game=&limit=&offset=: their games newest first, each with its players
 * and how it went for them (`outcome`). 404 PLAYER_NOT_FOUND for an id no player has (bots are not
 * players); 400 UNKNOWN_GAME for a game this node does not host. Replays: GET /api/games/:id/replay.
 */
export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const discovery = createDiscoveryRepository(app.store.db);
  const notFound = (reply: FastifyReply, id: string) => reply.code(404).send({ code: "PLAYER_NOT_FOUND", message: `no player has the id ${id}` });

  app.get<{ Params: { id: string } }>(
    "/api/players/:id",
    { schema: { tags: ["players"], summary: "A player: name, ratings per game, games played", params: playerParams, response: { 200: playerBody, 404: errorBody } } },
    async (req, reply) => {
      const player = await discovery.player(req.params.id);
      if (!player) return notFound(reply, req.params.id);
      const count = async (status: "running" | "finished" | "abandoned") => (await discovery.gamesOf(player.id, { status, games: gameIds(), limit: 1 })).total;
      const [ratings, running, finished, abandoned] = await Promise.all([discovery.ratingsOf(player.id), count("running"), count("finished"), count("abandoned")]);
      return {
        id: player.id,
        name: player.name,
        since: player.createdAt.toISOString(),
        ratings: ratings.map((r) => ({ game: r.game, mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games })),
        games: { running, finished, abandoned },
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { status?: "running" | "finished" | "abandoned"; game?: string; limit: number; offset: number } }>(
    "/api/players/:id/games",
    { schema: { tags: ["players"], summary: "A player's games, newest first, with how each went for them", params: playerParams, querystring: playerGamesQuery, response: { 200: playerGamesBody, 400: errorBody, 404: errorBody } } },
    async (req, reply) => {
      const refused = unknownGame(req.query.game);
      if (refused) return reply.code(400).send(refused);
      const player = await discovery.player(req.params.id);
      if (!player) return notFound(reply, req.params.id);
      const q = req.query;
      const page = await discovery.gamesOf(player.id, { status: q.status, games: q.game ? [q.game] : gameIds(), limit: q.limit, offset: q.offset });
      return { total: page.total, games: page.games.map((g) => playerGame(toStoredGame(g), player.id)) };
    },
  );
}
