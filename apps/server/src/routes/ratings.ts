import type { FastifyInstance } from "fastify";
import { errorBody } from "./error-body.js";
import { offsetQuery } from "./paging.js";
import { unknownGame } from "./unknown-game.js";

const ratingBody = {
  type: "object",
  required: ["playerId", "game", "mu", "sigma", "ordinal", "games"],
  properties: { playerId: { type: "string" }, name: { type: "string" }, game: { type: "string" }, mu: { type: "number" }, sigma: { type: "number" }, ordinal: { type: "number" }, games: { type: "integer" } },
} as const;
/** The game whose ratings are asked for (required: each game's ratings are kept apart, there is no default game). */
const gameQuery = { game: { type: "string", minLength: 1, maxLength: 32, description: "a game id (GET /api/games/catalog)" } } as const;

/**
 * GET /api/ratings?game=: the leaderboard of a game (by ordinal = mu - 3 sigma). GET
 * /api/players/:id/rating?game=: one player's rating in a game (the default for a player never rated)
 * and its history, newest first. `game` is required (400 INVALID_MESSAGE naming it when missing) and
 * must be a registered game (400 UNKNOWN_GAME naming it).
 */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { game: string; limit: number; offset: number } }>(
    "/api/ratings",
    {
      schema: {
        tags: ["ratings"],
        summary: "Leaderboard of a game",
        querystring: { type: "object", additionalProperties: false, required: ["game"], properties: { ...gameQuery, limit: { type: "integer", minimum: 1, maximum: 500, default: 100 }, offset: offsetQuery } },
        response: { 200: { type: "array", items: ratingBody }, 400: errorBody },
      },
    },
    async (req, reply) => {
      const refused = unknownGame(req.query.game);
      if (refused) return reply.code(400).send(refused);
      return app.ratings.leaderboard(req.query.game, req.query.limit, req.query.offset);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { game: string; limit: number } }>(
    "/api/players/:id/rating",
    {
      schema: {
        tags: ["ratings"],
        summary: "A player's rating in a game and its history",
        params: { type: "object", required: ["id"], properties: { id: { type: "string", minLength: 1, maxLength: 64 } } },
        querystring: { type: "object", additionalProperties: false, required: ["game"], properties: { ...gameQuery, limit: { type: "integer", minimum: 1, maximum: 500, default: 50 } } },
        response: {
          200: {
            type: "object",
            required: ["rating", "history"],
            properties: {
              rating: ratingBody,
              history: {
                type: "array",
                items: {
                  type: "object",
                  properties: { gameId: { type: "string" }, muBefore: { type: "number" }, sigmaBefore: { type: "number" }, mu: { type: "number" }, sigma: { type: "number" }, rank: { type: "integer" }, at: { type: "string" } },
                },
              },
            },
          },
          400: errorBody,
        },
      },
    },
    async (req, reply) => {
      const refused = unknownGame(req.query.game);
      if (refused) return reply.code(400).send(refused);
      const [rating, history] = await Promise.all([app.ratings.get(req.params.id, req.query.game), app.ratings.history(req.params.id, req.query.game, req.query.limit)]);
      return { rating, history: history.map((h) => ({ gameId: h.gameId, muBefore: h.muBefore, sigmaBefore: h.sigmaBefore, mu: h.mu, sigma: h.sigma, rank: h.rank, at: h.createdAt.toISOString() })) };
    },
  );
}
