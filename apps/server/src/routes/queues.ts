import type { FastifyInstance } from "fastify";

const queueBody = {
  type: "object",
  required: ["id", "mode", "minSeats", "maxSeats", "ratingWindow", "widenPerSecond", "botsAfterSeconds", "maxWaitSeconds", "readySeconds", "turnSeconds", "waiting"],
  properties: {
    id: { type: "string" },
    mode: { type: "string" },
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
  },
} as const;

/** GET /api/queues: the public queues (join one over the WebSocket with queueJoin) and how many wait in each. */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/queues",
    { schema: { tags: ["matchmaking"], summary: "The public matchmaking queues", response: { 200: { type: "array", items: queueBody } } } },
    async () => Promise.all(app.matchmaker.definitions().map(async (q) => ({ ...q, waiting: await app.matchmaker.waiting(q.id) }))),
  );
}
