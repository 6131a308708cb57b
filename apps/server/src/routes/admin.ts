import { findGame, gameById, games } from "@bang/games";
import type { FastifyInstance, FastifyReply } from "fastify";
import { MISSING_NODES_HEADER } from "@bang/protocol";
import { AdminUnavailable, createOwnerActions, singleNodeAdminGames, type AdminGames, type AdminOutcome, type OwnerActions } from "../admin/games.js";
import { matchesLive, withAge, type LiveFilter } from "../admin/live.js";
import { adminRequestHandler, createAdminRelay, LIVE_TIMEOUT_MS } from "../cluster/admin-relay.js";
import { authErrors, errorBody, gameIdParams, historyGame, historyQuery, liveGame as liveGameSchema, liveQuery, nodeBody, okBody, signInBody, statisticsBody, timelineBody } from "../admin/schemas.js";
import { computeStatistics } from "../admin/stats.js";
import { logEntriesOf, timelineOf } from "../admin/timeline.js";
import type { Connections } from "../gateway/connections.js";
import type { StoredGame } from "../persistence/store.js";
import { adminInspectRoutes } from "./admin-inspect.js";
import { unknownGame } from "./unknown-game.js";

const TAGS = ["admin"];
const security = [{ bearer: [] }];

/**
 * A stored game as the history lists it. Its winner names its players too (`names`, in the order of
 * `players`): a game whose team is the game itself (the duel's `duel`) says who won only by them.
 */
function historyRow(g: StoredGame) {
  const nameOf = (id: string) => g.seats.find((s) => s.playerId === id)?.name ?? id;
  return {
    id: g.id,
    game: g.game,
    status: g.status,
    tableCode: g.tableCode,
    players: g.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind })),
    createdAt: g.createdAt.toISOString(),
    finishedAt: g.finishedAt?.toISOString() ?? null,
    winner: g.winner ? { team: g.winner.team, players: g.winner.players, names: g.winner.players.map(nameOf) } : null,
    lastSeq: g.lastSeq,
  };
}

/**
 * `YYYY-MM-DD` (query field `field`) as the UTC midnight starting it; `endOfDay` gives the next midnight
 * (an exclusive end). Throws a 400 (INVALID_MESSAGE, naming the field) for a day that does not exist
 * (2026-13-45) or lies outside the years 1970 to 9999.
 */
function day(field: string, text: string | undefined, endOfDay = false): Date | undefined {
  if (!text) return undefined;
  const d = new Date(`${text}T00:00:00.000Z`);
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text || year < 1970 || year > 9999) {
    throw Object.assign(new Error(`querystring/${field}: ${text} is not a day between 1970-01-01 and 9999-12-31`), { statusCode: 400 });
  }
  if (endOfDay) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** Most finished games the statistics read. */
const STATS_LIMIT = 5_000;

/** HTTP status of each refusal of an admin action. */
const STATUS_OF: Record<Exclude<AdminOutcome, { ok: true }>["code"], number> = { GAME_NOT_FOUND: 404, NOT_SEATED: 409, RETRY: 503 };

function send(reply: FastifyReply, outcome: AdminOutcome) {
  if (outcome.ok) return { ok: true };
  return reply.code(STATUS_OF[outcome.code]).send({ code: outcome.code, message: outcome.message });
}

/**
 * The node's admin actions on live games: its own rooms on a single node; on a cluster the relay
 * (every node's list, each action on the game's owner), and this node's inbox answers the others.
 */
function adminGamesOf(app: FastifyInstance): AdminGames {
  const cluster = app.cluster;
  const owner: OwnerActions = createOwnerActions({
    nodeId: cluster?.nodeId ?? app.adminAuth.nodeId,
    host: app.host,
    replaceSeatByBot: (gameId, seat) => app.store.admin.replaceSeatByBot(gameId, seat),
    endRoom: cluster
      ? (gameId, reason) => cluster.games.end(gameId, reason)
      : async (gameId, reason) => {
          if (!(await app.host.endGame(gameId, reason))) {
            // A running game no room holds: this node has no module of its game, or its stored setup or
            // log no longer deals or replays (both reported at start; such a game was stored before
            // games were dealt before being stored). It can still be ended, in the store, so that it
            // stops counting against its players' GAMES_PER_PLAYER.
            const stored = await app.store.getGame(gameId);
            if (stored?.status !== "running") return "notOwner";
          }
          await app.store.flush();
          await app.store.admin.abandonGame(gameId);
          return "ended";
        },
    tableFinished: (code) => (cluster ? cluster.lobby.finished(code) : app.tables.finished(code)),
    log: app.log,
  });
  if (!cluster) return singleNodeAdminGames(owner);
  cluster.serve("admin", adminRequestHandler(owner));
  return createAdminRelay({
    nodeId: cluster.nodeId,
    bus: cluster.bus,
    owner,
    liveNodes: () => cluster.liveNodes(),
    ownerOf: (gameId) => cluster.games.ownerOf(gameId),
    isRunning: async (gameId) => (await app.store.getGame(gameId))?.status === "running",
    async endUnheld(gameId, admin) {
      const ended = await cluster.games.endUnheld(gameId, `an admin (${admin}) ended the game`);
      if (ended.outcome === "held") return "held";
      if (ended.outcome === "over") return { ok: false, code: "GAME_NOT_FOUND", message: `no running game ${gameId}` };
      if (ended.tableCode) cluster.lobby.finished(ended.tableCode);
      app.log.info({ gameId, admin, nodeId: cluster.nodeId }, "game ended by an admin (no node held it)");
      return { ok: true };
    },
    retryBudgetMs: 2 * app.config.LEASE_TTL_MS + 2000,
  });
}

/**
 * The admin API. POST /api/admin/sessions signs in (open, throttled); everything else sits behind one
 * onRequest role check (AdminAuth.requireAdmin): live games, end a game, replace a player by the bot,
 * a game's timeline with its log for `bang replay`, its presence, a player's view and the raw state at
 * any point (admin-inspect.ts), history, statistics and nodes.
 */
export async function adminRoutes(app: FastifyInstance, opts: { connections: Connections }): Promise<void> {
  const liveGames = adminGamesOf(app);
  app.post<{ Body: { name: string; password: string } }>(
    "/api/admin/sessions",
    {
      schema: {
        tags: TAGS,
        summary: "Sign in as an admin: a session token with an expiry",
        description:
          "After 3 wrong passwords for a name or from an IP, attempts are refused (429 RATE_LIMITED) for 1 s, then 2 s, 4 s... up to 15 min. On a cluster every node counts the same failures (the throttle is in Redis); while Redis does not answer, sign-ins are refused with 503 RETRY.",
        body: signInBody,
        response: { 201: sessionBodyOf(), 401: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const result = await app.adminAuth.signIn(req.body.name.trim(), req.body.password, req.ip);
      if (result.ok) return reply.code(201).send({ token: result.token, name: result.name, expiresAt: new Date(result.expiresAt).toISOString() });
      if (result.code === "RATE_LIMITED") {
        const seconds = Math.ceil(result.retryAfterMs / 1000);
        return reply
          .code(429)
          .header("retry-after", String(seconds))
          .send({
            code: "RATE_LIMITED",
            message: result.reason === "locked" ? `too many wrong passwords: try again in ${seconds} s` : `another sign-in for this name or address is being checked: try again in ${seconds} s`,
            retryAfterMs: result.retryAfterMs,
          });
      }
      if (result.code === "RETRY") return reply.code(503).send({ code: "RETRY", message: result.message });
      return reply.code(401).send({ code: "BAD_CREDENTIALS", message: "wrong name or password" });
    },
  );

  await app.register(async (admin) => {
    admin.addHook("onRequest", app.adminAuth.requireAdmin);

    admin.get("/api/admin/session", { schema: { tags: TAGS, security, summary: "The current admin session", response: { 200: { type: "object", properties: { name: { type: "string" }, expiresAt: { type: "string" } } }, ...authErrors } } }, async (req) => ({
      name: req.admin!.name,
      expiresAt: new Date(Math.min(req.admin!.expiresAt, 8.64e15)).toISOString(),
    }));

    admin.get<{ Querystring: LiveFilter }>(
      "/api/admin/games/live",
      {
        schema: {
          tags: TAGS,
          security,
          summary: "Running games of every live node (filter by game, search by player), newest first",
          description: `On a cluster every live node is asked for its games (each has ${LIVE_TIMEOUT_MS} ms); the ids of the nodes that did not answer in time are in the ${MISSING_NODES_HEADER} header (comma-separated; absent when every node answered), and the list holds the others' games.`,
          querystring: liveQuery,
          response: {
            200: { type: "array", items: liveGameSchema, headers: { [MISSING_NODES_HEADER]: { type: "string", description: "ids of the nodes that did not answer, comma-separated" } } },
            400: errorBody,
            503: errorBody,
            ...authErrors,
          },
        },
      },
      async (req, reply) => {
        const refused = unknownGame(req.query.game);
        if (refused) return reply.code(400).send(refused);
        let found;
        try {
          found = await liveGames.live();
        } catch (error) {
          if (error instanceof AdminUnavailable) return reply.code(503).send({ code: "RETRY", message: error.message });
          throw error;
        }
        if (found.missing.length > 0) {
          reply.header(MISSING_NODES_HEADER, found.missing.join(","));
          req.log.warn({ missing: found.missing }, "live games: some nodes did not answer");
        }
        const stored = new Map((await app.store.listGames({ status: "running", limit: 500 })).map((g) => [g.id, g.createdAt]));
        const now = Date.now();
        return found.games
          .filter((g) => matchesLive(g, req.query))
          .map((g) => withAge(g, stored.get(g.id) ?? null, now))
          .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
      },
    );

    admin.post<{ Params: { id: string } }>(
      "/api/admin/games/:id/end",
      { schema: { tags: TAGS, security, summary: "End a running game without a winner (stored as abandoned), on whichever node owns it", params: gameIdParams, response: { 200: okBody, 404: errorBody, 503: errorBody, ...authErrors } } },
      async (req, reply) => send(reply, await liveGames.end(req.params.id, req.admin!.name)),
    );

    admin.post<{ Params: { id: string; playerId: string } }>(
      "/api/admin/games/:id/players/:playerId/bot",
      {
        schema: {
          tags: TAGS,
          security,
          summary: "Replace a seated player by the bot for the rest of the game, on whichever node owns it",
          params: { type: "object", required: ["id", "playerId"], additionalProperties: false, properties: { id: gameIdParams.properties.id, playerId: { type: "string", minLength: 1, maxLength: 64 } } },
          response: { 200: okBody, 404: errorBody, 409: errorBody, 503: errorBody, ...authErrors },
        },
      },
      async (req, reply) => send(reply, await liveGames.replaceByBot(req.params.id, req.params.playerId, req.admin!.name)),
    );

    admin.get<{ Params: { id: string } }>(
      "/api/admin/games/:id/timeline",
      { schema: { tags: TAGS, security, summary: "Every log entry of a game with its time, player and events (what chance produced is in them), and its log as `bang replay` reads it", params: gameIdParams, response: { 200: timelineBody, 404: errorBody, 500: errorBody, ...authErrors } } },
      async (req, reply) => {
        await app.host.get(req.params.id)?.idle();
        const game = await app.store.getGame(req.params.id);
        if (!game) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no game ${req.params.id}` });
        const module = findGame(game.game);
        if (!module) return reply.code(500).send({ code: "INTERNAL", message: `no module of game "${game.game}" is registered on this node` });
        const entries = await app.store.loadLog(game.id);
        return {
          gameId: game.id,
          game: module.id,
          status: game.status,
          seats: game.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind })),
          entries: timelineOf(module, game.setup, entries),
          log: { game: module.id, setup: game.setup, entries: logEntriesOf(entries) },
        };
      },
    );

    adminInspectRoutes(admin, app, liveGames);

    admin.get<{ Querystring: { status?: StoredGame["status"]; from?: string; to?: string; game?: string; winner?: string; player?: string; limit?: number; offset?: number } }>(
      "/api/admin/games/history",
      { schema: { tags: TAGS, security, summary: "Stored games with filters (date range of creation, UTC days inclusive; game; winner team; player)", querystring: historyQuery, response: { 200: { type: "object", required: ["total", "games"], properties: { total: { type: "integer" }, games: { type: "array", items: historyGame } } }, 400: errorBody, ...authErrors } } },
      async (req, reply) => {
        const q = req.query;
        const refused = unknownGame(q.game);
        if (refused) return reply.code(400).send(refused);
        const found = await app.store.admin.searchGames({ status: q.status, from: day("from", q.from), to: day("to", q.to, true), game: q.game, winnerTeam: q.winner, player: q.player, limit: q.limit, offset: q.offset });
        return { total: found.total, games: found.games.map(historyRow) };
      },
    );

    admin.get<{ Querystring: { game?: string; from?: string; to?: string; player?: string } }>(
      "/api/admin/stats",
      {
        schema: {
          tags: TAGS,
          security,
          summary: "Over the finished games of one game, or of every game (game left out): what they cover per game, win rates by each game's facets, wins by team, game length and activity per day",
          description: `Reads the newest ${STATS_LIMIT} finished games matching the filters (\`read\` of \`finished\`); \`covers\` says per game how many were counted and how many left out.`,
          querystring: { type: "object", additionalProperties: false, properties: { game: historyQuery.properties.game, from: historyQuery.properties.from, to: historyQuery.properties.to, player: historyQuery.properties.player } },
          response: { 200: statisticsBody, 400: errorBody, ...authErrors },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const refused = unknownGame(q.game);
        if (refused) return reply.code(400).send(refused);
        const found = await app.store.admin.searchGames({ status: "finished", from: day("from", q.from), to: day("to", q.to, true), game: q.game, player: q.player, limit: STATS_LIMIT });
        const modules = q.game ? [gameById(q.game)] : games();
        return { game: q.game ?? null, finished: found.total, read: found.games.length, ...computeStatistics(modules, found.games) };
      },
    );

    admin.get(
      "/api/admin/nodes",
      { schema: { tags: TAGS, security, summary: "The nodes serving games (this node until the cluster lands) and their load", response: { 200: { type: "array", items: nodeBody }, ...authErrors } } },
      async () => [
        {
          id: app.adminAuth.nodeId,
          self: true,
          games: app.host.size,
          sockets: opts.connections.size,
          uptimeSeconds: Math.round(process.uptime()),
          heapUsedBytes: process.memoryUsage().heapUsed,
          ready: app.host.accepts,
        },
      ],
    );
  });
}

function sessionBodyOf() {
  return { type: "object", required: ["token", "name", "expiresAt"], properties: { token: { type: "string" }, name: { type: "string" }, expiresAt: { type: "string" } } } as const;
}
