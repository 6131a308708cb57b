import { plainSeatRange, ReplayError, type Viewer } from "@bang/game-core";
import { games } from "@bang/games";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MissingModuleError, Replays, replayText } from "../games/replays.js";
import { errorBody } from "./error-body.js";

/** The viewer behind a request's bearer token: admin (ADMIN_TOKEN or an admin session), a seated player, or a spectator. */
function viewerOf(app: FastifyInstance, req: FastifyRequest, seated: (id: string) => boolean): Viewer {
  const auth = req.headers.authorization;
  const token = auth?.startsWith("Bearer ") ? auth.slice(7) : null;
  if (!token) return { kind: "spectator" };
  if (app.adminAuth.isAdminToken(token)) return { kind: "admin" };
  const player = app.identity.verify(token);
  return player && seated(player.id) ? { kind: "player", id: player.id } : { kind: "spectator" };
}


/**
 * GET /api/games/catalog: the games this node hosts. GET /api/games: games of the store.
 * GET /api/games/:id/replay?at=N: a game's log and the table after entry N, computed by replaying the
 * log with its module (once: see games/replays.ts); the view and each entry (its command and events) are
 * the caller's (admin: every secret; a seated player: their own; anyone else: a spectator's), each entry
 * as the viewer may see it at the end of the log. The seed is shown only to admins, or once the game is
 * over when its module lets it (`seedSecretAfterEnd` absent). Rate-limited per client.
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/games/catalog", { schema: { tags: ["games"], summary: "The games this server hosts: id, name, seats (any options; plainSeats: with no gameOptions), ranked seats (queues, tournaments), tournament scoring", querystring: { type: "object", additionalProperties: false, properties: {} } } }, async () =>
    games().map((m) => ({ id: m.id, name: m.name, seats: m.seats, plainSeats: plainSeatRange(m), rankedSeats: m.rankedSeats ?? m.seats, scoring: m.scoring })),
  );

  app.get<{ Querystring: { status?: "running" | "finished" | "abandoned"; limit?: number } }>(
    "/api/games",
    {
      schema: {
        tags: ["games"],
        summary: "List stored games",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: { status: { type: "string", enum: ["running", "finished", "abandoned"] }, limit: { type: "integer", minimum: 1, maximum: 500, default: 50 } },
        },
      },
    },
    async (req) => {
      const stored = await app.store.listGames({ status: req.query.status, limit: req.query.limit });
      return stored.map((g) => ({
        id: g.id,
        game: g.game,
        status: g.status,
        tableCode: g.tableCode,
        players: g.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.botKind })),
        lastSeq: g.lastSeq,
        createdAt: g.createdAt.toISOString(),
        finishedAt: g.finishedAt?.toISOString() ?? null,
        winner: g.winner,
      }));
    },
  );

  const replays = new Replays({ store: app.store, live: (id) => app.host.get(id), maxBytes: app.config.REPLAY_CACHE_MB * 1024 * 1024 });
  app.get<{ Params: { id: string }; Querystring: { at?: number } }>(
    "/api/games/:id/replay",
    {
      // The costliest public read: REPLAY_RATE_LIMIT a minute per client address, of which
      // REPLAY_COLD_RATE_LIMIT of games this node has not replayed yet (admins: not counted).
      config: { rateLimit: app.rateLimits.replay },
      // No HEAD twin: its own budget's counter would double the address's replays.
      exposeHeadRoute: false,
      schema: {
        tags: ["games"],
        summary: "A game's log and the state after any entry, replayed",
        params: { type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 64 } } },
        querystring: { type: "object", additionalProperties: false, properties: { at: { type: "integer", minimum: 0 } } },
        response: { 404: errorBody, 400: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      // Queued commands and the result write first, so the status read below is not older than the log.
      await app.host.get(req.params.id)?.idle();
      if (!replays.has(req.params.id)) await app.rateLimits.coldReplay(req);
      let record;
      try {
        record = await replays.load(req.params.id);
      } catch (error) {
        if (error instanceof MissingModuleError) return reply.code(500).send({ code: "INTERNAL", message: error.message });
        if (error instanceof ReplayError) {
          // Entry -1 is the setup itself: a game stored by an older server that its module cannot deal.
          const what = error.entry < 0 ? "the stored setup does not deal" : `the stored log does not replay at entry ${error.entry}`;
          return reply.code(500).send({ code: "INTERNAL", message: what });
        }
        throw error;
      }
      if (!record) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no game ${req.params.id}` });
      const { game, module, entries, steps } = record;
      const at = req.query.at ?? entries.length;
      if (at > entries.length) return reply.code(400).send({ code: "BAD_SEQ", message: `at: the game has ${entries.length} entries` });
      const viewer = viewerOf(app, req, (id) => game.seats.some((s) => s.playerId === id && s.botKind === null));
      // A running game's seed deals what is still hidden; a finished one's too when its module says so.
      const showSeed = viewer.kind === "admin" || (game.status !== "running" && module.seedSecretAfterEnd !== true);
      const text = replayText({
        gameId: game.id,
        game: game.game,
        status: game.status,
        at,
        lastSeq: entries.length,
        seed: showSeed ? (game.setup.seed ?? null) : null,
        entries: replays.shownEntries(record, viewer),
        view: module.view(steps[at]!.state, viewer),
      });
      return reply.type("application/json; charset=utf-8").send(text);
    },
  );
}
