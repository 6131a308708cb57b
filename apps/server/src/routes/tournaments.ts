import type { TournamentRecord } from "@bang/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { gameById } from "@bang/games";
import { isBracketFormat } from "../tournaments/bracket.js";
import { rankedSeats, standingsOf, TournamentError, type TournamentInput } from "../tournaments/service.js";
import { errorBody } from "./error-body.js";
import { unknownGame } from "./unknown-game.js";

const idParams = { type: "object", required: ["id"], properties: { id: { type: "string", minLength: 1, maxLength: 64 } } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } as const;
/** An object kept whole (the library's records: their nested fields are brackets-model's). */
const record = { type: "object", additionalProperties: true } as const;
const bracketBody = {
  type: "object",
  required: ["id", "status", "format", "matches", "viewer"],
  properties: {
    id: { type: "string" },
    status: { type: "string" },
    format: { type: "string", enum: ["single_elimination", "double_elimination", "round_robin"] },
    matches: {
      type: "array",
      items: {
        type: "object",
        required: ["matchId", "groupId", "roundId", "number", "status", "players", "winner", "gameId"],
        properties: {
          matchId: { type: "integer" },
          groupId: { type: "integer" },
          roundId: { type: "integer" },
          number: { type: "integer" },
          status: { type: "string", enum: ["locked", "waiting", "ready", "running", "completed", "archived"] },
          players: { type: "array", items: { type: ["string", "null"] }, minItems: 2, maxItems: 2, description: "player ids (null: not known yet, or a bye)" },
          winner: { type: ["string", "null"] },
          gameId: { type: ["string", "null"], description: "the match's game" },
        },
      },
    },
    viewer: {
      type: "object",
      description: "brackets-manager's data of the stage, as brackets-viewer's render() takes it; participants are named by player id",
      required: ["stages", "matches", "matchGames", "participants"],
      properties: { stages: { type: "array", items: record }, matches: { type: "array", items: record }, matchGames: { type: "array", items: record }, participants: { type: "array", items: record } },
    },
  },
} as const;

function bearer(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  return auth?.startsWith("Bearer ") ? auth.slice(7) : null;
}

/** The view of a tournament every caller gets: settings, players, tables with results, standings. */
function view(t: TournamentRecord) {
  return {
    id: t.id,
    name: t.name,
    game: t.game,
    tableSize: t.tableSize,
    format: t.format,
    rounds: t.rounds,
    rated: t.rated,
    noShow: t.noShow,
    startsAt: t.startsAt.toISOString(),
    status: t.status,
    currentRound: t.currentRound,
    createdBy: t.createdBy,
    players: t.players.map((p) => ({ playerId: p.playerId, name: p.name, seed: p.seed, checkedIn: p.checkedIn, status: p.status })),
    tables: t.games.map((g) => ({ round: g.round, final: g.round === t.rounds + 1, tableNo: g.tableNo, gameId: g.gameId, seats: g.seats, result: g.result })),
    standings: standingsOf(t),
  };
}

/**
 * Tournaments over HTTP. Organiser routes need `Authorization: Bearer <organiser token>`
 * (ORGANISER_TOKENS), else 403 NOT_ORGANISER; player routes need the player's guest token. Every
 * refusal is {code, message} and changes nothing.
 */
export async function tournamentRoutes(app: FastifyInstance): Promise<void> {
  const organiser = async (req: FastifyRequest, reply: FastifyReply) => {
    const name = app.organisers.nameOf(bearer(req));
    if (!name) return reply.code(403).send({ code: "NOT_ORGANISER", message: "this needs the organiser role: send an organiser's token (ORGANISER_TOKENS) as the bearer token" });
    (req as FastifyRequest & { organiser: string }).organiser = name;
  };
  // Bracket tournaments: the bracket's final ranks once it is over (the library's), see TournamentService.standings.
  const viewOf = async (t: TournamentRecord) => ({ ...view(t), standings: isBracketFormat(t.format) ? await app.tournaments.standings(t.id) : standingsOf(t) });
  const organiserOf = (req: FastifyRequest) => (req as FastifyRequest & { organiser: string }).organiser;
  const playerOf = (req: FastifyRequest) => app.identity.verify(bearer(req) ?? "");
  const guard = async <T>(reply: FastifyReply, task: () => Promise<T>) => {
    try {
      return await task();
    } catch (error) {
      if (error instanceof TournamentError) return reply.code(error.status).send({ code: error.code, message: error.message });
      throw error;
    }
  };

  app.get<{ Querystring: { game: string } }>(
    "/api/tournaments/scoring",
    {
      schema: {
        tags: ["tournaments"],
        summary: "A game's tournament scoring table (its module's scoring lines) and its smallest table (below it, bots fill the seats)",
        querystring: { type: "object", additionalProperties: false, required: ["game"], properties: { game: { type: "string", minLength: 1, maxLength: 32, description: "a game id (GET /api/games/catalog)" } } },
        response: {
          200: {
            type: "object",
            required: ["game", "scoring", "minTable"],
            properties: {
              game: { type: "string" },
              scoring: { type: "array", items: { type: "object", required: ["when", "points"], properties: { when: { type: "string" }, points: { type: "number" } } } },
              minTable: { type: "integer", description: "the game's smallest ranked table: a table with fewer players gets bot seats up to it" },
            },
          },
          400: errorBody,
        },
      },
    },
    async (req, reply) => {
      const refused = unknownGame(req.query.game);
      if (refused) return reply.code(400).send(refused);
      const module = gameById(req.query.game);
      return { game: module.id, scoring: module.scoring, minTable: rankedSeats(module).min };
    },
  );

  app.post<{ Body: TournamentInput }>(
    "/api/tournaments",
    {
      onRequest: organiser,
      schema: {
        tags: ["tournaments"],
        summary: "Create a tournament (organiser)",
        security: [{ bearer: [] }],
        body: {
          type: "object",
          additionalProperties: false,
          required: ["name", "startsAt", "game"],
          properties: {
            name: { type: "string", minLength: 1, maxLength: 80, pattern: "^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$" },
            game: { type: "string", minLength: 1, maxLength: 32, description: "a game id (GET /api/games/catalog); 400 UNKNOWN_GAME for another" },
            tableSize: { type: "integer", minimum: 1, maximum: 16, description: "the table format: within the game's ranked seats (required); a game of 2 seats: 2 (may be left out)" },
            format: { type: "string", enum: ["table", "single_elimination", "double_elimination", "round_robin"], default: "table", description: "a game of 2 seats: single_elimination, double_elimination or round_robin; any other game: table" },
            rounds: { type: "integer", minimum: 1, maximum: 10, default: 3 },
            rated: { type: "boolean", default: false },
            noShow: { type: "string", enum: ["bot", "forfeit"], default: "bot" },
            startsAt: { type: "string", minLength: 10, maxLength: 40, description: "ISO 8601 date and time" },
          },
        },
        response: errors,
      },
    },
    async (req, reply) => guard(reply, async () => reply.code(201).send(await viewOf(await app.tournaments.create(organiserOf(req), req.body)))),
  );

  app.get("/api/tournaments", { schema: { tags: ["tournaments"], summary: "Tournaments, newest first" } }, async () =>
    (await app.tournaments.list()).map((t) => ({ id: t.id, name: t.name, game: t.game, status: t.status, startsAt: t.startsAt.toISOString(), tableSize: t.tableSize, rounds: t.rounds, rated: t.rated })),
  );

  app.get<{ Params: { id: string } }>("/api/tournaments/:id", { schema: { tags: ["tournaments"], summary: "A tournament, live: players, tables, results, standings", params: idParams, response: { 404: errorBody } } }, async (req, reply) =>
    guard(reply, async () => await viewOf(await app.tournaments.get(req.params.id))),
  );

  app.get<{ Params: { id: string } }>("/api/tournaments/:id/standings", { schema: { tags: ["tournaments"], summary: "A tournament's standings", params: idParams, response: { 404: errorBody } } }, async (req, reply) =>
    guard(reply, async () => {
      const t = await app.tournaments.get(req.params.id);
      return { id: t.id, name: t.name, status: t.status, currentRound: t.currentRound, rounds: t.rounds, standings: await app.tournaments.standings(t.id) };
    }),
  );

  app.get<{ Params: { id: string } }>(
    "/api/tournaments/:id/bracket",
    { schema: { tags: ["tournaments"], summary: "A bracket tournament's bracket (a game of 2 seats): every match, its players, game and winner, and the library's data for brackets-viewer; 409 NO_BRACKET otherwise", params: idParams, response: { 200: bracketBody, 404: errorBody, 409: errorBody } } },
    async (req, reply) =>
      guard(reply, async () => {
        const t = await app.tournaments.get(req.params.id);
        const bracket = await app.tournaments.bracket(t.id);
        return { id: t.id, status: t.status, format: bracket.format, matches: bracket.matches, viewer: bracket.viewer };
      }),
  );

  app.get<{ Params: { id: string } }>("/api/tournaments/:id/audit", { onRequest: organiser, schema: { tags: ["tournaments"], summary: "Every organiser change: who, when, what (organiser)", params: idParams, response: errors } }, async (req, reply) =>
    guard(reply, async () => (await app.tournaments.auditLog(req.params.id)).map((a) => ({ ...a, at: a.at.toISOString() }))),
  );

  app.post<{ Params: { id: string } }>("/api/tournaments/:id/open", { onRequest: organiser, schema: { tags: ["tournaments"], summary: "Open registration (organiser)", params: idParams, response: errors } }, async (req, reply) =>
    guard(reply, async () => await viewOf(await app.tournaments.open(organiserOf(req), req.params.id))),
  );

  app.post<{ Params: { id: string } }>("/api/tournaments/:id/registrations", { schema: { tags: ["tournaments"], summary: "Register (player token)", params: idParams, response: errors } }, async (req, reply) =>
    guard(reply, async () => {
      const player = playerOf(req);
      if (!player) return reply.code(401).send({ code: "BAD_TOKEN", message: "send your guest token as the bearer token" });
      return reply.code(201).send(await viewOf(await app.tournaments.register(player, req.params.id)));
    }),
  );

  app.post<{ Params: { id: string }; Body: { playerId?: string } | undefined }>(
    "/api/tournaments/:id/check-in",
    {
      schema: {
        tags: ["tournaments"],
        summary: "Check in (a player with their token; an organiser for `playerId`)",
        params: idParams,
        body: { type: ["object", "null"], additionalProperties: false, properties: { playerId: { type: "string", minLength: 1, maxLength: 64 } } },
        response: errors,
      },
    },
    async (req, reply) =>
      guard(reply, async () => {
        const org = app.organisers.nameOf(bearer(req));
        if (org && req.body?.playerId) return await viewOf(await app.tournaments.checkIn(req.body.playerId, req.params.id, org));
        const player = playerOf(req);
        if (!player) return reply.code(401).send({ code: "BAD_TOKEN", message: "send your guest token (or an organiser's token with playerId) as the bearer token" });
        return await viewOf(await app.tournaments.checkIn(player.id, req.params.id, null));
      }),
  );

  app.post<{ Params: { id: string }; Body: { by: "rating" | "hand"; order?: string[] } }>(
    "/api/tournaments/:id/seed",
    {
      onRequest: organiser,
      schema: {
        tags: ["tournaments"],
        summary: "Seed by rating or by hand (organiser)",
        params: idParams,
        body: { type: "object", additionalProperties: false, required: ["by"], properties: { by: { type: "string", enum: ["rating", "hand"] }, order: { type: "array", maxItems: 1024, items: { type: "string", minLength: 1, maxLength: 64 } } } },
        response: errors,
      },
    },
    async (req, reply) => guard(reply, async () => await viewOf(await app.tournaments.seed(organiserOf(req), req.params.id, req.body.by, req.body.order))),
  );

  app.post<{ Params: { id: string } }>("/api/tournaments/:id/start", { onRequest: organiser, schema: { tags: ["tournaments"], summary: "Start round 1 (organiser)", params: idParams, response: errors } }, async (req, reply) =>
    guard(reply, async () => await viewOf(await app.tournaments.start(organiserOf(req), req.params.id))),
  );

  app.post<{ Params: { id: string }; Body: { gameId: string } }>(
    "/api/tournaments/:id/results",
    {
      onRequest: organiser,
      schema: {
        tags: ["tournaments"],
        summary: "Report the result of one of the tournament's games, read from the stored game (organiser)",
        params: idParams,
        body: { type: "object", additionalProperties: false, required: ["gameId"], properties: { gameId: { type: "string", minLength: 1, maxLength: 64 } } },
        response: errors,
      },
    },
    async (req, reply) => guard(reply, async () => await viewOf(await app.tournaments.report(organiserOf(req), req.params.id, req.body.gameId))),
  );
}
