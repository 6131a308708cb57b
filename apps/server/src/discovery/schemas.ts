/** JSON schemas of the players' pages' public routes (OpenAPI through @fastify/swagger). */

export const publicSeat = {
  type: "object",
  required: ["seat", "id", "name", "bot"],
  properties: { seat: { type: "integer" }, id: { type: "string" }, name: { type: "string" }, bot: { type: ["string", "null"], description: "the bot kind; null for a person" } },
} as const;

const game = { type: "string", minLength: 1, maxLength: 32, description: "a game id (GET /api/games/catalog); 400 UNKNOWN_GAME for another" } as const;
const limit = { type: "integer", minimum: 1, maximum: 200, default: 50 } as const;
const offset = { type: "integer", minimum: 0, maximum: 100_000, default: 0 } as const;

export const liveQuery = { type: "object", additionalProperties: false, properties: { game, limit, offset } } as const;

export const liveBody = {
  type: "object",
  required: ["total", "games"],
  properties: {
    total: { type: "integer" },
    games: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "game", "name", "players", "createdAt", "ageSeconds", "spectatorsAllowed"],
        properties: {
          id: { type: "string" },
          game: { type: "string" },
          name: { type: "string", description: "the game's name" },
          players: { type: "array", items: publicSeat },
          createdAt: { type: "string" },
          ageSeconds: { type: "integer", description: "how long it has run, in seconds" },
          spectatorsAllowed: { type: "boolean" },
        },
      },
    },
  },
} as const;

/** A game id or a table code: the game id's characters (a table code's are a subset, in any case). */
export const refParams = {
  type: "object",
  required: ["ref"],
  additionalProperties: false,
  properties: { ref: { type: "string", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9._:-]+$", description: "a game id, or a table code (any case)" } },
} as const;

export const lookupBody = {
  type: "object",
  required: ["kind", "game", "status", "gameId"],
  properties: {
    kind: { type: "string", enum: ["game", "table"] },
    game: { type: "string" },
    status: { type: "string", description: "a game: running, finished or abandoned; a table: open, playing or finished" },
    gameId: { type: ["string", "null"], description: "the game (of a table: once started)" },
    code: { type: ["string", "null"], description: "the table's code (of a game: the table it was started from, if any)" },
    seats: { type: "integer", description: "a table: its seats" },
    free: { type: "integer", description: "a table: its seats nobody took yet" },
  },
} as const;

export const playerParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", minLength: 1, maxLength: 64 } },
} as const;

export const playerBody = {
  type: "object",
  required: ["id", "name", "since", "ratings", "games"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    since: { type: "string", description: "when the player was created (ISO 8601)" },
    ratings: {
      type: "array",
      items: {
        type: "object",
        required: ["game", "mu", "sigma", "ordinal", "games"],
        properties: { game: { type: "string" }, mu: { type: "number" }, sigma: { type: "number" }, ordinal: { type: "number" }, games: { type: "integer", description: "rated games counted" } },
      },
    },
    games: {
      type: "object",
      required: ["running", "finished", "abandoned"],
      properties: { running: { type: "integer" }, finished: { type: "integer" }, abandoned: { type: "integer" } },
    },
  },
} as const;

export const playerGamesQuery = {
  type: "object",
  additionalProperties: false,
  properties: { status: { type: "string", enum: ["running", "finished", "abandoned"] }, game, limit, offset },
} as const;

export const playerGamesBody = {
  type: "object",
  required: ["total", "games"],
  properties: {
    total: { type: "integer" },
    games: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "game", "status", "createdAt", "finishedAt", "players", "winner", "outcome"],
        properties: {
          id: { type: "string" },
          game: { type: "string" },
          status: { type: "string", enum: ["running", "finished", "abandoned"] },
          createdAt: { type: "string" },
          finishedAt: { type: ["string", "null"] },
          players: { type: "array", items: publicSeat },
          winner: { type: ["object", "null"], properties: { team: { type: "string" }, players: { type: "array", items: { type: "string" } } } },
          outcome: { type: "string", enum: ["running", "won", "lost", "abandoned", "ended"], description: "how it went for this player (ended: finished without a winner)" },
        },
      },
    },
  },
} as const;
