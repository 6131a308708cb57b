/**
 * An HTTP budget holds across the nodes of a cluster: two Fastify instances with the node's rate-limit
 * options (plugins/rate-limits.ts) on the same Redis prefix count one client's requests together, and
 * the one over budget is 429 RATE_LIMITED with the project's body and a retry-after, on whichever node
 * it lands. Another client, or another prefix (deployment), has its own count. On the real Redis.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterKeys } from "../../src/cluster/keys.js";
import type { Redis } from "../../src/cluster/redis.js";
import { sendError } from "../../src/plugins/errors.js";
import { rateLimitOptions } from "../../src/plugins/rate-limits.js";
import { connectTestRedis, removeKeys, uniqueKeys } from "./support.js";

let redis: Redis;
let keys: ClusterKeys;
const nodes: FastifyInstance[] = [];

/** A node with one budgeted route (3 a minute) and the node's error handler. */
async function node(prefix: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(sendError);
  await app.register(rateLimit, rateLimitOptions(redis, prefix));
  app.get("/costly", { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get("/free", async () => ({ ok: true }));
  await app.ready();
  nodes.push(app);
  return app;
}

beforeAll(async () => {
  redis = await connectTestRedis("rate-limit-test");
  keys = uniqueKeys("rate");
});
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  if (!redis) return;
  await removeKeys(redis, keys);
  await redis.quit();
});

describe("HTTP budgets across nodes", () => {
  it("one client's requests count on every node; over budget: 429 RATE_LIMITED with retry-after, anywhere", async () => {
    const [a, b] = [await node(keys.prefix), await node(keys.prefix)];
    const from = (app: FastifyInstance, ip = "203.0.113.7", url = "/costly") => app.inject({ method: "GET", url, remoteAddress: ip });
    expect((await from(a)).statusCode).toBe(200);
    expect((await from(b)).statusCode).toBe(200);
    const third = await from(a);
    expect(third.statusCode).toBe(200);
    // Within budget, no extra header: the answer is as it was before budgets existed.
    expect(third.headers["x-ratelimit-remaining"]).toBeUndefined();
    for (const app of [b, a]) {
      const over = await from(app);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      const body = over.json<{ code: string; message: string; retryAfterMs: number }>();
      expect(body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/retry in/) });
      expect(body.retryAfterMs).toBeGreaterThan(0);
      expect(body.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    // Another client has its own budget; a route without one is not counted.
    expect((await from(b, "203.0.113.8")).statusCode).toBe(200);
    expect((await from(b, "203.0.113.7", "/free")).statusCode).toBe(200);
    // Another deployment (prefix) on the same Redis counts apart.
    expect((await from(await node(`${keys.prefix}other:`))).statusCode).toBe(200);
  });

  it("a burst at once over two nodes counts exactly: 12 requests against a budget of 3, 3 accepted", async () => {
    const [a, b] = [await node(keys.prefix), await node(keys.prefix)];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).inject({ method: "GET", url: "/costly", remoteAddress: "203.0.113.20" })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429 && r.json<{ code: string }>().code === "RATE_LIMITED")).toHaveLength(9);
  });
});
