import type { FastifyInstance } from "fastify";
import { liveGame, matchesLive, type LiveFilter } from "../admin/live.js";
import { authErrors, errorBody, gameIdParams, historyGame, historyQuery, liveGame as liveGameSchema, liveQuery, nodeBody, okBody, signInBody, statisticsBody, timelineBody } from "../admin/schemas.js";
import { computeStatistics } from "../admin/stats.js";
import { timelineOf } from "../admin/timeline.js";
import type { Connection } from "../gateway/connection.js";
import type { StoredGame } from "../persistence/store.js";

const TAGS = ["admin"];
const security = [{ bearer: [] }];

/** A stored game as the history lists it. */
function historyRow(g: StoredGame) {
  return {
    id: g.id,
    mode: g.mode,
    status: g.status,
    tableCode: g.tableCode,
    players: g.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind })),
    createdAt: g.createdAt.toISOString(),
    finishedAt: g.finishedAt?.toISOString() ?? null,
    winner: g.winner,
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

/**
 * The admin API. POST /api/admin/sessions signs in (open, throttled); everything else sits behind one
 * onRequest role check (AdminAuth.requireAdmin): live games, end a game, replace a player by the bot,
 * a game's timeline with its log for `bang replay`, history, statistics and nodes.
 */
export async function adminRoutes(app: FastifyInstance, opts: { connections: Set<Connection> }): Promise<void> {
  app.post<{ Body: { name: string; password: string } }>(
    "/api/admin/sessions",
    {
      schema: {
        tags: TAGS,
        summary: "Sign in as an admin: a session token with an expiry",
        description: "After 3 wrong passwords for a name or from an IP, attempts are refused (429 RATE_LIMITED) for 1 s, then 2 s, 4 s... up to 15 min.",
        body: signInBody,
        response: { 201: sessionBodyOf(), 401: errorBody, 429: errorBody },
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
          .send({ code: "RATE_LIMITED", message: `too many wrong passwords: try again in ${seconds} s`, retryAfterMs: result.retryAfterMs });
      }
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
      { schema: { tags: TAGS, security, summary: "Running games of this node (filter by mode, search by player)", querystring: liveQuery, response: { 200: { type: "array", items: liveGameSchema }, ...authErrors } } },
      async (req) => {
        const stored = new Map((await app.store.listGames({ status: "running", limit: 500 })).map((g) => [g.id, g.createdAt]));
        const now = Date.now();
        return app.host
          .all()
          .filter((r) => !r.over)
          .map((r) => liveGame(r, app.adminAuth.nodeId, stored.get(r.id) ?? null, now))
          .filter((g) => matchesLive(g, req.query))
          .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
      },
    );

    admin.post<{ Params: { id: string } }>(
      "/api/admin/games/:id/end",
      { schema: { tags: TAGS, security, summary: "End a running game without a winner (stored as abandoned)", params: gameIdParams, response: { 200: okBody, 404: errorBody, ...authErrors } } },
      async (req, reply) => {
        const room = app.host.get(req.params.id);
        const code = room?.tableCode ?? null;
        if (!(await app.host.endGame(req.params.id, `an admin (${req.admin!.name}) ended the game`))) {
          return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no running game ${req.params.id} on this node` });
        }
        await app.store.flush();
        await app.store.admin.abandonGame(req.params.id);
        if (code) app.tables.finished(code);
        req.log.info({ gameId: req.params.id, admin: req.admin!.name }, "game ended by an admin");
        return { ok: true };
      },
    );

    admin.post<{ Params: { id: string; playerId: string } }>(
      "/api/admin/games/:id/players/:playerId/bot",
      {
        schema: {
          tags: TAGS,
          security,
          summary: "Replace a seated player by the bot for the rest of the game",
          params: { type: "object", required: ["id", "playerId"], additionalProperties: false, properties: { id: gameIdParams.properties.id, playerId: { type: "string", minLength: 1, maxLength: 64 } } },
          response: { 200: okBody, 404: errorBody, 409: errorBody, ...authErrors },
        },
      },
      async (req, reply) => {
        const room = app.host.get(req.params.id);
        if (!room || room.over) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no running game ${req.params.id} on this node` });
        if (!room.hasPlayer(req.params.playerId)) return reply.code(409).send({ code: "NOT_SEATED", message: `${req.params.playerId} is no person seated in this game` });
        room.replaceByBot(req.params.playerId);
        await app.store.admin.replaceSeatByBot(room.id, room.seats.find((s) => s.playerId === req.params.playerId)!.index);
        req.log.info({ gameId: room.id, playerId: req.params.playerId, admin: req.admin!.name }, "player replaced by the bot");
        return { ok: true };
      },
    );

    admin.get<{ Params: { id: string } }>(
      "/api/admin/games/:id/timeline",
      { schema: { tags: TAGS, security, summary: "Every log entry of a game with its time, player and events (dice of each roll), and its log as `bang replay` reads it", params: gameIdParams, response: { 200: timelineBody, 404: errorBody, ...authErrors } } },
      async (req, reply) => {
        await app.host.get(req.params.id)?.idle();
        const game = await app.store.getGame(req.params.id);
        if (!game) return reply.code(404).send({ code: "GAME_NOT_FOUND", message: `no game ${req.params.id}` });
        const entries = await app.store.loadLog(game.id);
        return {
          gameId: game.id,
          status: game.status,
          seats: game.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind })),
          entries: timelineOf(game.setup, entries),
          log: { setup: game.setup, entries: entries.map((e) => ({ command: e.command, ...(e.dice ? { dice: e.dice } : {}) })) },
        };
      },
    );

    admin.get<{ Querystring: { status?: StoredGame["status"]; from?: string; to?: string; mode?: string; winner?: string; player?: string; limit?: number; offset?: number } }>(
      "/api/admin/games/history",
      { schema: { tags: TAGS, security, summary: "Stored games with filters (date range of creation, UTC days inclusive; mode; winner team; player)", querystring: historyQuery, response: { 200: { type: "object", required: ["total", "games"], properties: { total: { type: "integer" }, games: { type: "array", items: historyGame } } }, ...authErrors } } },
      async (req) => {
        const q = req.query;
        const found = await app.store.admin.searchGames({ status: q.status, from: day("from", q.from), to: day("to", q.to, true), mode: q.mode, winnerTeam: q.winner, player: q.player, limit: q.limit, offset: q.offset });
        return { total: found.total, games: found.games.map(historyRow) };
      },
    );

    admin.get<{ Querystring: { from?: string; to?: string; mode?: string; player?: string } }>(
      "/api/admin/stats",
      {
        schema: {
          tags: TAGS,
          security,
          summary: "Win rates by role and character, wins by team, game length and activity per day, over finished games",
          querystring: { type: "object", additionalProperties: false, properties: { from: historyQuery.properties.from, to: historyQuery.properties.to, mode: historyQuery.properties.mode, player: historyQuery.properties.player } },
          response: { 200: statisticsBody, ...authErrors },
        },
      },
      async (req) => {
        const q = req.query;
        const found = await app.store.admin.searchGames({ status: "finished", from: day("from", q.from), to: day("to", q.to, true), mode: q.mode, player: q.player, limit: STATS_LIMIT });
        return computeStatistics(found.games);
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
