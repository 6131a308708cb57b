import { createDiscoveryRepository } from "@bang/db";
import { findGame, gameIds } from "@bang/games";
import type { FastifyInstance } from "fastify";
import { liveBody, liveQuery, lookupBody, refParams } from "../discovery/schemas.js";
import { liveListing } from "../discovery/views.js";
import { toStoredGame } from "../persistence/prisma-store.js";
import { errorBody } from "./error-body.js";
import { unknownGame } from "./unknown-game.js";

/** A table code: 4 to 8 capital letters or digits (@bang/protocol's tableCode). */
const TABLE_CODE = /^[A-Z0-9]{4,8}$/;

/**
 * Public routes of discovery, for every game (nothing secret: ids, names, times, statuses).
 * GET /api/games/live: the running games anyone may watch, newest first, from the store (so every node
 * of a cluster lists the same), only of the games this node has a module for.
 * GET /api/lookup/:ref: what a game id or a table code names, so that a box asking for one accepts the
 * other: a game (its status and table code) or a table (open, playing or finished, its game once
 * started); 404 CODE_NOT_FOUND when neither exists.
 */
export async function discoveryRoutes(app: FastifyInstance): Promise<void> {
  const discovery = createDiscoveryRepository(app.store.db);

  app.get<{ Querystring: { game?: string; limit: number; offset: number } }>(
    "/api/games/live",
    { schema: { tags: ["games"], summary: "Running games anyone may watch: game, players, how long they have run", querystring: liveQuery, response: { 200: liveBody, 400: errorBody } } },
    async (req, reply) => {
      const refused = unknownGame(req.query.game);
      if (refused) return reply.code(400).send(refused);
      const page = await discovery.runningGames({ games: req.query.game ? [req.query.game] : gameIds(), limit: req.query.limit, offset: req.query.offset });
      const now = Date.now();
      return { total: page.total, games: page.games.map((g) => liveListing(toStoredGame(g), findGame(g.game)?.name ?? g.game, now)) };
    },
  );

  app.get<{ Params: { ref: string } }>(
    "/api/lookup/:ref",
    // Table codes must not be scanned through it: LOOKUP_RATE_LIMIT a minute per client address (and
    // no HEAD twin, whose own counter would double that budget).
    { config: { rateLimit: app.rateLimits.lookup }, exposeHeadRoute: false, schema: { tags: ["games"], summary: "What a game id or a table code names: a game, or a table and its game", params: refParams, response: { 200: lookupBody, 400: errorBody, 404: errorBody } } },
    async (req, reply) => {
      const { ref } = req.params;
      const game = await app.store.getGame(ref);
      if (game) return { kind: "game", game: game.game, status: game.status, gameId: game.id, code: game.tableCode };
      const code = ref.toUpperCase();
      if (TABLE_CODE.test(code)) {
        const table = app.lobby.peek(code);
        if (table && table.status !== "finished") {
          const free = table.seats.filter((s) => s.playerId === null && s.bot === null).length;
          return { kind: "table", game: table.options.game, status: table.status, gameId: table.gameId, code, seats: table.seats.length, free };
        }
        const started = await discovery.gameOfTable(code);
        if (started) return { kind: "table", game: started.game, status: started.status === "running" ? "playing" : "finished", gameId: started.id, code, seats: started.seats.length, free: 0 };
      }
      return reply.code(404).send({ code: "CODE_NOT_FOUND", message: `no table has the code ${code} and no game has the id ${ref}` });
    },
  );
}
