/**
 * The admin game page's inspection routes, registered inside the admin scope (behind its role check):
 * a running game's presence (read on the node that owns it), a player's own view at any point of the
 * log, and the raw state at any point. The view and the state are replayed from the stored log by the
 * node asked (any node: the log is in the shared store).
 */
import { ReplayError, type AnyGameModule } from "@bang/game-core";
import { findGame } from "@bang/games";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AdminGames } from "../admin/games.js";
import { playerViewAt, stateAt } from "../admin/inspect.js";
import { errorBody, gameIdParams, playerViewBody, presenceBody, rawStateBody } from "../admin/schemas.js";
import type { StoredEntry, StoredGame } from "../persistence/store.js";

const TAGS = ["admin"];
const security = [{ bearer: [] }];
const authErrors = { 401: errorBody } as const;
const atQuery = { at: { type: "integer", minimum: 0, description: "entries applied (0: the deal); default: the whole log" } } as const;

/** A stored game, its module and its log, or the refusal already sent. */
type Loaded = { game: StoredGame; module: AnyGameModule; entries: StoredEntry[]; at: number };

/**
 * Loads game `gameId` and its log up to entry `at` (default: the last): 404 GAME_NOT_FOUND, 400
 * BAD_SEQ for an `at` past the log, 500 INTERNAL when this node has no module of the game. Resolves
 * null once a refusal is sent.
 */
async function load(app: FastifyInstance, reply: FastifyReply, gameId: string, at: number | undefined): Promise<Loaded | null> {
  const refuse = (status: number, code: string, message: string) => {
    void reply.code(status).send({ code, message });
    return null;
  };
  // Queued commands write first, so the log read is not older than the game.
  await app.host.get(gameId)?.idle();
  const game = await app.store.getGame(gameId);
  if (!game) return refuse(404, "GAME_NOT_FOUND", `no game ${gameId}`);
  const entries = await app.store.loadLog(game.id);
  const upTo = at ?? entries.length;
  if (upTo > entries.length) return refuse(400, "BAD_SEQ", `at: the game has ${entries.length} entries`);
  const module = findGame(game.game);
  if (!module) return refuse(500, "INTERNAL", `no module of game "${game.game}" is registered on this node`);
  return { game, module, entries, at: upTo };
}

/** Runs a replay, answering 500 INTERNAL (naming the entry) when the stored log does not replay. */
function replayed<T>(reply: FastifyReply, run: () => T): T | FastifyReply {
  try {
    return run();
  } catch (error) {
    if (error instanceof ReplayError) return reply.code(500).send({ code: "INTERNAL", message: `the stored log does not replay at entry ${error.entry + 1}` });
    throw error;
  }
}

/** Registers the inspection routes on `admin`, the admin scope; `liveGames` reaches a game's owner node. */
export function adminInspectRoutes(admin: FastifyInstance, app: FastifyInstance, liveGames: AdminGames): void {
  admin.get<{ Params: { id: string } }>(
    "/api/admin/games/:id/presence",
    {
      schema: {
        tags: TAGS,
        security,
        summary: "A running game's seats beyond its view: connected, away (the bot plays for them), given to the bot, each timer's time left; read on the node that owns it",
        params: gameIdParams,
        response: { 200: presenceBody, 404: errorBody, 503: errorBody, ...authErrors },
      },
    },
    async (req, reply) => {
      const outcome = await liveGames.presence(req.params.id);
      if (outcome.ok) return outcome.presence;
      return reply.code(outcome.code === "RETRY" ? 503 : 404).send({ code: outcome.code, message: outcome.message });
    },
  );

  admin.get<{ Params: { id: string }; Querystring: { as: string; at?: number } }>(
    "/api/admin/games/:id/view",
    {
      schema: {
        tags: TAGS,
        security,
        summary: "What one player saw after entry `at`: their own view (the others' secrets hidden, as the game's module hides them) and the entries up to `at` as they knew them then",
        params: gameIdParams,
        querystring: { type: "object", required: ["as"], additionalProperties: false, properties: { as: { type: "string", minLength: 1, maxLength: 64, description: "a player id seated in the game" }, ...atQuery } },
        response: { 200: playerViewBody, 400: errorBody, 404: errorBody, 500: errorBody, ...authErrors },
      },
    },
    async (req, reply) => {
      const loaded = await load(app, reply, req.params.id, req.query.at);
      if (!loaded) return reply;
      const { game, module, entries, at } = loaded;
      const as = req.query.as;
      if (!game.seats.some((s) => s.playerId === as)) return reply.code(400).send({ code: "NOT_SEATED", message: `as: ${as} has no seat in game ${game.id}` });
      return replayed(reply, () => ({ gameId: game.id, game: module.id, at, lastSeq: entries.length, as, ...playerViewAt(module, game.setup, entries, at, as) }));
    },
  );

  admin.get<{ Params: { id: string }; Querystring: { at?: number } }>(
    "/api/admin/games/:id/state",
    {
      schema: {
        tags: TAGS,
        security,
        summary: "The game's full state after entry `at`, as its module keeps it (every secret: admins only)",
        params: gameIdParams,
        querystring: { type: "object", additionalProperties: false, properties: atQuery },
        response: { 200: rawStateBody, 400: errorBody, 404: errorBody, 500: errorBody, ...authErrors },
      },
    },
    async (req, reply) => {
      const loaded = await load(app, reply, req.params.id, req.query.at);
      if (!loaded) return reply;
      const { game, module, entries, at } = loaded;
      return replayed(reply, () => ({ gameId: game.id, game: module.id, at, lastSeq: entries.length, state: stateAt(module, game.setup, entries, at) }));
    },
  );
}
