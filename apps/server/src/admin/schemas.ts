/** JSON schemas of the admin API (OpenAPI through @fastify/swagger); the client SDK's shapes (packages/client admin.ts). */

import { errorBody } from "../routes/error-body.js";
import { offsetQuery } from "../routes/paging.js";

export { errorBody };

const authErrors = { 401: errorBody } as const;

export const gameIdParams = { type: "object", required: ["id"], additionalProperties: false, properties: { id: { type: "string", minLength: 1, maxLength: 64 } } } as const;

export const signInBody = {
  type: "object",
  required: ["name", "password"],
  additionalProperties: false,
  properties: { name: { type: "string", minLength: 1, maxLength: 64 }, password: { type: "string", minLength: 1, maxLength: 256 } },
} as const;

export const sessionBody = {
  type: "object",
  required: ["token", "name", "expiresAt"],
  properties: { token: { type: "string" }, name: { type: "string" }, expiresAt: { type: "string" } },
} as const;

/** A game id (a registered module's; the route answers 400 UNKNOWN_GAME for another). */
const gameId = { type: "string", minLength: 1, maxLength: 32, description: "a game id (GET /api/games/catalog)" } as const;

const seat = {
  type: "object",
  required: ["id", "name", "bot", "replaced", "out", "status"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    bot: { type: ["string", "null"] },
    replaced: { type: "boolean" },
    out: { type: "boolean", description: "out of the game (the game module's summary)" },
    status: { type: "string", description: "a status line in the game's words (the game module's summary)" },
  },
} as const;

export const liveGame = {
  type: "object",
  required: ["id", "game", "node", "phase", "turnNumber", "waitingFor", "seq", "players", "createdAt", "ageSeconds", "tableCode"],
  properties: {
    id: { type: "string" },
    game: { type: "string" },
    tableCode: { type: ["string", "null"] },
    node: { type: "string" },
    phase: { type: "string", description: "the game's phase: its statechart's state" },
    turnNumber: { type: "integer" },
    waitingFor: { type: "array", items: { type: "string" }, description: "names of the seats the game waits for" },
    seq: { type: "integer" },
    players: { type: "array", items: seat },
    createdAt: { type: ["string", "null"] },
    ageSeconds: { type: ["integer", "null"] },
  },
} as const;

export const liveQuery = {
  type: "object",
  additionalProperties: false,
  properties: { game: gameId, player: { type: "string", maxLength: 64 } },
} as const;

export const historyQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: ["finished", "abandoned", "running"], default: "finished" },
    from: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "UTC day YYYY-MM-DD" },
    to: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "UTC day YYYY-MM-DD, inclusive" },
    game: gameId,
    winner: { type: "string", minLength: 1, maxLength: 64, description: "the winning team, in the game's words" },
    player: { type: "string", maxLength: 64 },
    limit: { type: "integer", minimum: 1, maximum: 500, default: 50 },
    offset: offsetQuery,
  },
} as const;

export const historyGame = {
  type: "object",
  required: ["id", "game", "status", "players", "createdAt", "finishedAt", "winner", "lastSeq"],
  properties: {
    id: { type: "string" },
    game: { type: "string" },
    status: { type: "string" },
    tableCode: { type: ["string", "null"] },
    players: {
      type: "array",
      items: { type: "object", required: ["seat", "id", "name", "bot"], properties: { seat: { type: "integer" }, id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"] } } },
    },
    createdAt: { type: "string" },
    finishedAt: { type: ["string", "null"] },
    winner: {
      type: ["object", "null"],
      description: "the winning team in the game's words, its players' ids and their names (same order)",
      properties: { team: { type: "string" }, players: { type: "array", items: { type: "string" } }, names: { type: "array", items: { type: "string" } } },
    },
    lastSeq: { type: "integer" },
  },
} as const;

const rateRow = { type: "object", required: ["key", "played", "won", "rate"], properties: { key: { type: "string" }, played: { type: "integer" }, won: { type: "integer" }, rate: { type: "number" } } } as const;

export const statisticsBody = {
  type: "object",
  required: ["game", "finished", "read", "covers", "games", "byFacet", "byTeam", "length", "activity"],
  properties: {
    game: { type: ["string", "null"], description: "the game asked for; null: every game" },
    finished: { type: "integer", description: "finished games matching the filters in the store" },
    read: { type: "integer", description: "of those, the newest ones read (at most 5,000)" },
    covers: {
      type: "array",
      description: "per game (every game hosted when none was asked for): finished games counted, and those left out (no module on this node, a setup that no longer deals)",
      items: { type: "object", required: ["game", "name", "games", "skipped"], properties: { game: { type: "string" }, name: { type: "string" }, games: { type: "integer" }, skipped: { type: "integer" } } },
    },
    games: { type: "integer", description: "finished games counted, over every game covered" },
    byFacet: {
      type: "array",
      description: "win rates grouped by each of a game's facets (its module's facets), per game",
      items: { type: "object", required: ["game", "facet", "rows"], properties: { game: { type: "string" }, facet: { type: "string" }, rows: { type: "array", items: rateRow } } },
    },
    byTeam: { type: "array", items: { type: "object", required: ["game", "team", "games"], properties: { game: { type: "string" }, team: { type: "string" }, games: { type: "integer" } } } },
    length: {
      type: "object",
      properties: {
        averageCommands: { type: "number" },
        averageMinutes: { type: "number" },
        buckets: { type: "array", items: { type: "object", properties: { commands: { type: "string" }, games: { type: "integer" } } } },
      },
    },
    activity: { type: "array", items: { type: "object", properties: { day: { type: "string" }, games: { type: "integer" } } } },
  },
} as const;

export const timelineBody = {
  type: "object",
  required: ["gameId", "game", "status", "seats", "entries", "log"],
  properties: {
    gameId: { type: "string" },
    game: { type: "string" },
    status: { type: "string" },
    seats: { type: "array", items: { type: "object", properties: { seat: { type: "integer" }, id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"] } } } },
    entries: {
      type: "array",
      items: {
        type: "object",
        required: ["seq", "by", "at", "command", "events"],
        properties: { seq: { type: "integer" }, by: { type: "string" }, at: { type: ["string", "null"] }, command: { type: "object", additionalProperties: true }, events: { type: "array", items: { type: "object", additionalProperties: true } } },
      },
    },
    log: {
      type: "object",
      description: "The game log (GameLog: its game, setup with its seed, entries with their forced draws) that `bang replay FILE` reads",
      required: ["game", "setup", "entries"],
      properties: { game: { type: "string" }, setup: { type: "object", additionalProperties: true }, entries: { type: "array", items: { type: "object", additionalProperties: true } } },
    },
  },
} as const;

/** Any JSON object, kept whole (a game's view or state: the game's module owns its shape). */
const gameObject = { type: "object", additionalProperties: true } as const;

export const presenceBody = {
  type: "object",
  required: ["gameId", "node", "turnMs", "seats"],
  properties: {
    gameId: { type: "string" },
    node: { type: "string", description: "the node that owns the game and answered" },
    turnMs: { type: "integer", description: "the table's turn time, ms: a timer's full length" },
    seats: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "name", "bot", "connected", "away", "replaced", "remainingMs"],
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          bot: { type: ["string", "null"], description: "the bot kind of a bot seat; null for a person" },
          connected: { type: "boolean", description: "a socket of the player is open on some node" },
          away: { type: "boolean", description: "the bot plays for the person now (timed out, disconnected past the grace, or given to the bot)" },
          replaced: { type: "boolean", description: "an admin gave the seat to the bot for the rest of the game" },
          remainingMs: { type: ["integer", "null"], description: "time left on the seat's timer, ms; null when the game does not wait for the person" },
        },
      },
    },
  },
} as const;

const seenEntry = {
  type: "object",
  required: ["seq", "by", "command", "events"],
  properties: { seq: { type: "integer" }, by: { type: "string" }, command: gameObject, events: { type: "array", items: gameObject } },
} as const;

export const playerViewBody = {
  type: "object",
  required: ["gameId", "game", "at", "lastSeq", "as", "view", "entries"],
  properties: {
    gameId: { type: "string" },
    game: { type: "string" },
    at: { type: "integer", description: "entries applied (0: the deal)" },
    lastSeq: { type: "integer" },
    as: { type: "string", description: "the player whose view this is" },
    view: { ...gameObject, description: "the player's own view after entry `at` (the game module's view for that player)" },
    entries: { type: "array", items: seenEntry, description: "entries 1..at as the player knew them after entry `at`" },
  },
} as const;

export const rawStateBody = {
  type: "object",
  required: ["gameId", "game", "at", "lastSeq", "state"],
  properties: { gameId: { type: "string" }, game: { type: "string" }, at: { type: "integer" }, lastSeq: { type: "integer" }, state: { ...gameObject, description: "the full state as the game's module keeps it (every secret)" } },
} as const;

export const nodeBody = {
  type: "object",
  required: ["id", "self", "games", "sockets", "uptimeSeconds", "heapUsedBytes", "ready"],
  properties: {
    id: { type: "string" },
    self: { type: "boolean" },
    games: { type: "integer" },
    sockets: { type: "integer" },
    uptimeSeconds: { type: "integer" },
    heapUsedBytes: { type: "integer" },
    ready: { type: "boolean" },
  },
} as const;

export const okBody = { type: "object", required: ["ok"], properties: { ok: { type: "boolean" } } } as const;

export { authErrors };
