/** JSON schemas of the admin API (OpenAPI through @fastify/swagger). */

import { MODES } from "@bang/engine";
import { errorBody } from "../routes/error-body.js";

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

const seat = {
  type: "object",
  required: ["id", "name", "bot", "replaced", "alive", "life"],
  properties: { id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"] }, replaced: { type: "boolean" }, alive: { type: "boolean" }, life: { type: "integer" } },
} as const;

export const liveGame = {
  type: "object",
  required: ["id", "mode", "node", "phase", "turnNumber", "turnOf", "seq", "players", "createdAt", "ageSeconds", "tableCode"],
  properties: {
    id: { type: "string" },
    mode: { type: "string" },
    tableCode: { type: ["string", "null"] },
    node: { type: "string" },
    phase: { type: "string" },
    turnNumber: { type: "integer" },
    turnOf: { type: "string" },
    seq: { type: "integer" },
    players: { type: "array", items: seat },
    createdAt: { type: ["string", "null"] },
    ageSeconds: { type: ["integer", "null"] },
  },
} as const;

export const liveQuery = {
  type: "object",
  additionalProperties: false,
  properties: { mode: { type: "string", enum: [...MODES] }, player: { type: "string", maxLength: 64 } },
} as const;

export const historyQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: ["finished", "abandoned", "running"], default: "finished" },
    from: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "UTC day YYYY-MM-DD" },
    to: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "UTC day YYYY-MM-DD, inclusive" },
    mode: { type: "string", enum: [...MODES] },
    winner: { type: "string", enum: ["law", "outlaws", "renegade", "deputy", "outlaw"] },
    player: { type: "string", maxLength: 64 },
    limit: { type: "integer", minimum: 1, maximum: 500, default: 50 },
    offset: { type: "integer", minimum: 0, default: 0 },
  },
} as const;

export const historyGame = {
  type: "object",
  required: ["id", "mode", "status", "players", "createdAt", "finishedAt", "winner", "lastSeq"],
  properties: {
    id: { type: "string" },
    mode: { type: "string" },
    status: { type: "string" },
    tableCode: { type: ["string", "null"] },
    players: {
      type: "array",
      items: { type: "object", required: ["seat", "id", "name", "bot"], properties: { seat: { type: "integer" }, id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"] } } },
    },
    createdAt: { type: "string" },
    finishedAt: { type: ["string", "null"] },
    winner: { type: ["object", "null"], properties: { team: { type: "string" }, players: { type: "array", items: { type: "string" } } } },
    lastSeq: { type: "integer" },
  },
} as const;

const rateRow = { type: "object", required: ["key", "played", "won", "rate"], properties: { key: { type: "string" }, played: { type: "integer" }, won: { type: "integer" }, rate: { type: "number" } } } as const;

export const statisticsBody = {
  type: "object",
  required: ["games", "byRole", "byCharacter", "byTeam", "length", "activity"],
  properties: {
    games: { type: "integer" },
    byRole: { type: "array", items: rateRow },
    byCharacter: { type: "array", items: rateRow },
    byTeam: { type: "array", items: { type: "object", properties: { team: { type: "string" }, games: { type: "integer" } } } },
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
  required: ["gameId", "status", "seats", "entries", "log"],
  properties: {
    gameId: { type: "string" },
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
      description: "The game log (GameLog: setup with its seed, entries) that `bang replay FILE` reads",
      required: ["setup", "entries"],
      properties: { setup: { type: "object", additionalProperties: true }, entries: { type: "array", items: { type: "object", additionalProperties: true } } },
    },
  },
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
