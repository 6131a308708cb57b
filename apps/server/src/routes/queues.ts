import type { FastifyInstance } from "fastify";
import { errorBody } from "./error-body.js";

const queueBody = {
  type: "object",
  required: ["id", "game", "minSeats", "maxSeats", "ratingWindow", "widenPerSecond", "botsAfterSeconds", "maxWaitSeconds", "readySeconds", "turnSeconds", "waiting", "waits"],
  properties: {
    id: { type: "string" },
    game: { type: "string", description: "the game the queue's tables play (GET /api/games/catalog)" },
    minSeats: { type: "integer" },
    maxSeats: { type: "integer" },
    ratingWindow: { type: "number" },
    widenPerSecond: { type: "number" },
    botsAfterSeconds: { type: ["number", "null"] },
    maxWaitSeconds: { type: ["number", "null"] },
    readySeconds: { type: "number" },
    turnSeconds: { type: "integer" },
    botKind: { type: "string" },
    waiting: { type: "integer", description: "players queued now" },
    waits: {
      type: "object",
      description: "waits in seconds (millisecond precision); a wait runs from joining to the table being found. No player is named.",
      required: ["longestSeconds", "windowSeconds", "matched", "medianSeconds", "p90Seconds"],
      properties: {
        longestSeconds: { type: ["number", "null"], description: "the oldest queued player's wait now; null when nobody is queued" },
        windowSeconds: { type: "number", description: "how far back the recent waits go (900: the last 15 minutes)" },
        matched: { type: "integer", description: "players whose game started in the window" },
        medianSeconds: { type: ["number", "null"], description: "median wait of those players (nearest rank); null when none" },
        p90Seconds: { type: ["number", "null"], description: "90th percentile of their waits (nearest rank); null when none" },
      },
    },
  },
} as const;

/** GET /api/queues: the public queues (join one over the WebSocket with queueJoin), how many wait in each and their waits. */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/queues",
    { schema: { tags: ["matchmaking"], summary: "The public matchmaking queues", querystring: { type: "object", additionalProperties: false, properties: {} }, response: { 200: { type: "array", items: queueBody }, 400: errorBody, 503: errorBody } } },
    async (req, reply) => {
      try {
        return await Promise.all(app.matchmaker.definitions().map(async (q) => ({ ...q, ...(await app.matchmaker.summary(q.id)) })));
      } catch (err) {
        // The queue store (Redis in a cluster) does not answer: a stable, retryable refusal, not a 500.
        req.log.warn({ err }, "the queue store did not answer");
        return reply.code(503).send({ code: "RETRY", message: "the queues cannot be read now; try again" });
      }
    },
  );
}
