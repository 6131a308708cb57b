import type { FastifyInstance } from "fastify";

/**
 * Liveness and readiness: /readyz turns 503 as soon as the node's shutdown begins (through the
 * SHUTDOWN_DELAY_MS it keeps serving and the drain, until the listener closes), and on a cluster while
 * the node has not reached Redis for longer than a lease (it owns no game then).
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
  app.get("/metrics", { schema: { tags: ["health"], summary: "Prometheus metrics", hide: false } }, async (_req, reply) => {
    reply.header("content-type", app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
}
