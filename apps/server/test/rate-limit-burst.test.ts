/**
 * An HTTP budget on a single node (plugins/rate-limits.ts, in memory) counts a burst exactly: N requests
 * of one client at once against a budget of B accept exactly B, and the N - B others are 429
 * RATE_LIMITED with `retry-after` and the project's body. The library's own LocalStore refused all of
 * them (every request read the count of the last one: plugins/rate-store.ts). Also the budgets spent
 * outside routes (createRateLimit: table joins, cold opens), and a second client keeps its own count.
 */
import rateLimit from "@fastify/rate-limit";
import { ERROR_CODES } from "@bang/protocol";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { sendError } from "../src/plugins/errors.js";
import { rateLimitOptions } from "../src/plugins/rate-limits.js";

const BUDGET = 20;
const BURST = 50;

let app: FastifyInstance;
afterAll(() => app?.close());

/** A node's rate-limit options without Redis, one budgeted route and a global budget of API size. */
async function node(): Promise<FastifyInstance> {
  app = Fastify();
  app.setErrorHandler(sendError);
  await app.register(rateLimit, { ...rateLimitOptions(null, "test:"), global: true, max: 1_000 });
  app.get("/costly", { config: { rateLimit: { max: BUDGET, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get("/other", async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe("HTTP budgets on one node under a burst", () => {
  it(`${BURST} requests at once against a budget of ${BUDGET}: exactly ${BUDGET} accepted, ${BURST - BUDGET} refused 429 RATE_LIMITED with retry-after and the project's body`, async () => {
    const a = await node();
    const answers = await Promise.all(Array.from({ length: BURST }, () => a.inject({ method: "GET", url: "/costly", remoteAddress: "203.0.113.9" })));
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(BUDGET);
    expect(refused).toHaveLength(BURST - BUDGET);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      const retryAfter = Number(r.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = r.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(["code", "message", "retryAfterMs"]);
      expect(body.code).toBe("RATE_LIMITED");
      expect(ERROR_CODES).toContain(body.code);
      expect(body.retryAfterMs).toBeGreaterThan(0);
    }
    // Within budget the answers are as they were before budgets: no extra header.
    expect(accepted[0]!.headers["x-ratelimit-remaining"]).toBeUndefined();
    // Another client, and the global budget of the same client, count apart.
    expect((await a.inject({ method: "GET", url: "/costly", remoteAddress: "203.0.113.10" })).statusCode).toBe(200);
    const others = await Promise.all(Array.from({ length: BURST }, () => a.inject({ method: "GET", url: "/other", remoteAddress: "203.0.113.9" })));
    expect(others.map((r) => r.statusCode)).toEqual(Array(BURST).fill(200));
  });

  it(`a budget spent outside routes (createRateLimit, as table joins and cold opens): ${BURST} at once, exactly ${BUDGET} within it`, async () => {
    const a = await node();
    const check = a.createRateLimit({ max: BUDGET, timeWindow: 60_000, keyGenerator: (req) => `join:${(req as unknown as { key: string }).key}` });
    const carrier = (key: string) => ({ key, routeOptions: { config: {} } }) as unknown as FastifyRequest;
    const results = await Promise.all(Array.from({ length: BURST }, () => check(carrier("player-1"))));
    const counted = results.flatMap((r) => (r.isAllowed ? [] : [r]));
    expect(counted).toHaveLength(BURST);
    expect(counted.filter((r) => !r.isExceeded)).toHaveLength(BUDGET);
    // Each caller reads its own count: 1..BUDGET within, then past it, in the order spent.
    expect(counted.map((r) => r.remaining)).toEqual([...Array.from({ length: BUDGET }, (_, i) => BUDGET - 1 - i), ...Array(BURST - BUDGET).fill(0)]);
    expect(counted.filter((r) => r.isExceeded).every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
    const other = await check(carrier("player-2"));
    expect(!other.isAllowed && other.isExceeded).toBe(false);
  });
});
