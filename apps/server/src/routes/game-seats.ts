import type { FastifyInstance } from "fastify";
import { errorBody, gameIdParams } from "../admin/schemas.js";

/**
 * GET /api/games/:id/seats: who sits where in a game (engine id, name shown, bot kind), for the web
 * app to put names on a view's player ids. Public: nothing secret.
 */
export async function gameSeatRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    "/api/games/:id/seats",
    {
      schema: {
        tags: ["games"],
        summary: "The seats of a game: player ids in the game, names and bot kinds (nothing secret)",
        params: gameIdParams,
        response: {
          200: {
            type: "object",
            required: ["gameId", "status", "seats"],
            properties: {
              gameId: { type: "string" },
              status: { type: "string" },
              tableCode: { type: ["string", "null"] },
              seats: { type: "array", items: { type: "object", required: ["seat", "id", "name", "bot"], properties: { seat: { type: "integer" }, id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"] } } } },
            },
          },
          404: errorBody,
        },
      },
    },
    async (req, reply) => {
      const game = await app.store.getGame(req.params.id);
      if (!game) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no game ${req.params.id}` });
      return { gameId: game.id, status: game.status, tableCode: game.tableCode, seats: game.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind })) };
    },
  );
}
