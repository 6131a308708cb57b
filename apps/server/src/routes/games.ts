import { duelCommandView, playerView, replay, ReplayError, type GameLog, type Viewer } from "@bang/engine";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
 * GET /api/games: games of the store. GET /api/games/:id/replay?at=N: a game's log and the table after
 * entry N, computed by replaying the log; the view is the caller's (admin: every role; a seated player:
 * their own; anyone else: a spectator's). The seed is shown only to admins or once the game is over.
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
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
      const games = await app.store.listGames({ status: req.query.status, limit: req.query.limit });
      return games.map((g) => ({
        id: g.id,
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

  app.get<{ Params: { id: string }; Querystring: { at?: number } }>(
    "/api/games/:id/replay",
    {
      schema: {
        tags: ["games"],
        summary: "A game's log and the state after any entry, replayed",
        params: { type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 64 } } },
        querystring: { type: "object", additionalProperties: false, properties: { at: { type: "integer", minimum: 0 } } },
        response: { 404: errorBody, 400: errorBody },
      },
    },
    async (req, reply) => {
      // Queued commands and the result write first, so the status read below is not older than the log.
      await app.host.get(req.params.id)?.idle();
      const game = await app.store.getGame(req.params.id);
      if (!game) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no game ${req.params.id}` });
      const entries = await app.store.loadLog(game.id);
      const at = req.query.at ?? entries.length;
      if (at > entries.length) return reply.code(400).send({ code: "BAD_SEQ", message: `at: the game has ${entries.length} entries` });
      // The whole log replays (a duel pick is shown by the state after it, R8.9); the view is at `at`.
      const log: GameLog = { setup: game.setup, entries: entries.map((e) => ({ command: e.command })) };
      let states;
      try {
        states = replay(log);
      } catch (error) {
        if (error instanceof ReplayError) return reply.code(500).send({ code: "INTERNAL", message: `the stored log does not replay at entry ${error.entry}` });
        throw error;
      }
      const state = states[at]!;
      const viewer = viewerOf(app, req, (id) => game.seats.some((s) => s.playerId === id && s.botKind === null));
      // A duel pick not yet revealed (its player's last pick, while the game still waits in that duel)
      // is shown without its card to everyone but its author (R8.9); every earlier pick was revealed.
      const final = states.at(-1)!;
      const lastPickOf = new Map<string, number>();
      entries.forEach((e, i) => e.command.type === "pick" && lastPickOf.set(e.command.by, i));
      const shown = (i: number) => {
        const command = entries[i]!.command;
        if (final.mode !== "duel" || lastPickOf.get(command.by) !== i) return command;
        return duelCommandView(final, command, command.by, viewer);
      };
      const showSeed = viewer.kind === "admin" || game.status !== "running";
      return {
        gameId: game.id,
        status: game.status,
        at,
        lastSeq: entries.length,
        seed: showSeed ? (game.setup.seed ?? null) : null,
        entries: entries.map((e, i) => ({ seq: e.seq, by: e.playerId, command: shown(i), at: e.createdAt?.toISOString() ?? null })),
        view: playerView(state, viewer),
      };
    },
  );
}
