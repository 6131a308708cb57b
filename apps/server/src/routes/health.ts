import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./error-body.js";

/**
 * Liveness and readiness: /readyz turns 503 as soon as the node's shutdown begins (through the
 * SHUTDOWN_DELAY_MS it keeps serving and the drain, until the listener closes), and on a cluster while
 * the node has not reached Redis for longer than a lease (it owns no game then). /metrics (Prometheus)
 * only to the bearer of METRICS_TOKEN: its figures (games, sockets, latencies) are nobody else's.
 */
export async function healthRoutes(app: FastifyInstance, opts: { draining: () => boolean }): Promise<void> {
  const status = { type: "object", properties: { status: { type: "string" } }, required: ["status"] } as const;
  app.get("/healthz", { schema: { tags: ["health"], summary: "The process is alive", response: { 200: status } } }, async () => ({ status: "ok" }));
  app.get(
    "/readyz",
    { schema: { tags: ["health"], summary: "The node takes new games", response: { 200: status, 503: status } } },
    async (_req, reply) => {
      if (opts.draining() || !app.host.accepts) return reply.code(503).send({ status: "draining" });
      if (app.cluster?.redisLost) return reply.code(503).send({ status: "redis-unreachable" });
      return { status: "ready" };
    },
  );
  const scraper = bearerCheck(app.config.METRICS_TOKEN);
  app.get(
    "/metrics",
    { schema: { tags: ["health"], summary: "Prometheus metrics (bearer METRICS_TOKEN; off when it is unset)", security: [{ bearer: [] }], response: { 401: errorBody, 404: errorBody } } },
    async (req, reply) => {
      if (!scraper) return reply.code(404).send({ code: "NOT_FOUND", message: "metrics are off on this node: set METRICS_TOKEN to scrape them" });
      if (!scraper(req.headers.authorization)) {
        return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ code: "UNAUTHENTICATED", message: "GET /metrics needs the header authorization: Bearer <METRICS_TOKEN>" });
      }
      reply.header("content-type", app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    },
  );
}

/**
 * A check of an `authorization` header against `Bearer <token>`, in constant time (both sides hashed,
 * so neither the token's length nor its first differing byte shows in the timing); null without a token.
 */
export function bearerCheck(token: string | undefined): ((header: string | undefined) => boolean) | null {
  if (!token) return null;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = digest(`Bearer ${token}`);
  return (header) => header !== undefined && timingSafeEqual(digest(header), expected);
}
