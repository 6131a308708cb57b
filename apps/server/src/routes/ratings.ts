import type { FastifyInstance } from "fastify";

const ratingBody = {
  type: "object",
  required: ["playerId", "mode", "mu", "sigma", "ordinal", "games"],
  properties: { playerId: { type: "string" }, name: { type: "string" }, mode: { type: "string" }, mu: { type: "number" }, sigma: { type: "number" }, ordinal: { type: "number" }, games: { type: "integer" } },
} as const;
const modeQuery = { mode: { type: "string", enum: ["classic", "duel"], default: "classic" } } as const;

/**
 * GET /api/ratings: the leaderboard of a mode (by ordinal = mu - 3 sigma). GET /api/players/:id/rating:
 * one player's rating (the default for a player never rated) and its history, newest first.
 */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { mode: string; limit: number; offset: number } }>(
    "/api/ratings",
    {
      schema: {
        tags: ["ratings"],
        summary: "Leaderboard",
        querystring: { type: "object", additionalProperties: false, properties: { ...modeQuery, limit: { type: "integer", minimum: 1, maximum: 500, default: 100 }, offset: { type: "integer", minimum: 0, default: 0 } } },
        response: { 200: { type: "array", items: ratingBody } },
      },
    },
    async (req) => app.ratings.leaderboard(req.query.mode, req.query.limit, req.query.offset),
  );

  app.get<{ Params: { id: string }; Querystring: { mode: string; limit: number } }>(
    "/api/players/:id/rating",
    {
      schema: {
        tags: ["ratings"],
        summary: "A player's rating and its history",
        params: { type: "object", required: ["id"], properties: { id: { type: "string", minLength: 1, maxLength: 64 } } },
        querystring: { type: "object", additionalProperties: false, properties: { ...modeQuery, limit: { type: "integer", minimum: 1, maximum: 500, default: 50 } } },
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
        },
      },
    },
    async (req) => {
      const [rating, history] = await Promise.all([app.ratings.get(req.params.id, req.query.mode), app.ratings.history(req.params.id, req.query.mode, req.query.limit)]);
      return { rating, history: history.map((h) => ({ gameId: h.gameId, muBefore: h.muBefore, sigmaBefore: h.sigmaBefore, mu: h.mu, sigma: h.sigma, rank: h.rank, at: h.createdAt.toISOString() })) };
    },
  );
}
