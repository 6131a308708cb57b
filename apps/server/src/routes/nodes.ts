import type { FastifyInstance } from "fastify";
import { errorBody } from "./error-body.js";

const node = {
  type: "object",
  properties: {
    nodeId: { type: "string" },
    url: { type: "string" },
    startedAt: { type: "number", description: "epoch ms" },
    load: { type: "number", description: "games running on the node" },
    expiresInMs: { type: "number", description: "time before the node drops out without a heartbeat" },
    self: { type: "boolean" },
  },
  required: ["nodeId", "url", "startedAt", "load", "expiresInMs", "self"],
} as const;

const startedAt = Date.now();

/**
 * GET /api/nodes: the live nodes of the cluster (membership, for the dashboard), this one marked
 * `self`; a single node lists itself. 503 RETRY when the cluster's Redis does not answer.
 */
export async function nodeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/nodes",
    {
      schema: {
        tags: ["cluster"],
        summary: "Live nodes of the cluster",
        querystring: { type: "object", additionalProperties: false, properties: {} },
        response: { 200: { type: "array", items: node }, 503: errorBody },
      },
    },
    async (_req, reply) => {
      const cluster = app.cluster;
      if (!cluster) {
        const url = app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`;
        return [{ nodeId: app.config.NODE_ID, url, startedAt, load: app.host.size, expiresInMs: 0, self: true }];
      }
      try {
        return (await cluster.liveNodes()).map((n) => ({ ...n, self: n.nodeId === cluster.nodeId }));
      } catch {
        return reply.code(503).send({ code: "RETRY", message: "the cluster's membership is unreachable: try again" });
      }
    },
  );
}
