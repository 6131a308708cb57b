/**
 * Early refusals (plugins/early-refusals.ts) on a Fastify app with the node's budget options: once a
 * budget refused a client, its next requests of that budget are answered 429 RATE_LIMITED (the project's
 * body, `retry-after`) by the first hook, without asking the budget again and before the body or the
 * query is validated; the same client's other budgets, other clients, exempt requests and unknown
 * routes are answered as before.
 */
import rateLimit from "@fastify/rate-limit";
import { ERROR_CODES } from "@bang/protocol";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { earlyRefusals, MAX_REMEMBERED_REFUSALS, RefusalLedger } from "../src/plugins/early-refusals.js";
import { sendError } from "../src/plugins/errors.js";
import { rateLimitOptions } from "../src/plugins/rate-limits.js";

const BUDGET = 3;
const GLOBAL = 5;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * An app as a node builds it: early refusals first, then the budgets (every route GLOBAL a minute,
 * `/costly` BUDGET of its own), `/healthz` exempt. `refusedByBudget` counts the refusals the budgets
 * themselves made (each one fills the ledger).
 */
async function node(): Promise<{ app: FastifyInstance; refusedByBudget: () => number }> {
  const a = Fastify();
  app = a;
  let byBudget = 0;
  a.setErrorHandler(sendError);
  await a.register(earlyRefusals, { exempt: (req) => req.routeOptions.url === "/healthz" });
  await a.register(rateLimit, {
    ...rateLimitOptions(null, "test:", (req, ttl) => {
      byBudget++;
      a.earlyRefusals.remember(req, ttl);
    }),
    global: true,
    max: GLOBAL,
    allowList: (req) => req.headers !== undefined && req.routeOptions.url === "/healthz",
  });
  const body = { type: "object", required: ["name"], additionalProperties: false, properties: { name: { type: "string", minLength: 1 } } };
  a.post("/costly", { config: { rateLimit: { max: BUDGET, timeWindow: 60_000 } }, schema: { body } }, async () => ({ ok: true }));
  a.get("/other", { schema: { querystring: { type: "object", properties: { limit: { type: "integer", minimum: 1 } } } } }, async () => ({ ok: true }));
  a.get("/healthz", async () => ({ ok: true }));
  await a.ready();
  return { app: a, refusedByBudget: () => byBudget };
}

/** The project's 429: RATE_LIMITED, `retryAfterMs` within the window, a `retry-after` header in seconds. */
function expectRateLimited(r: LightMyRequestResponse, what: string): void {
  expect(r.statusCode, `${what}: ${r.body}`).toBe(429);
  const body = r.json<Record<string, unknown>>();
  expect(Object.keys(body).sort(), what).toEqual(["code", "message", "retryAfterMs"]);
  expect(body.code, what).toBe("RATE_LIMITED");
  expect(ERROR_CODES).toContain(body.code);
  expect(body.message, what).toMatch(/retry in \d+ seconds?/);
  expect(body.retryAfterMs, what).toBeGreaterThan(0);
  expect(body.retryAfterMs, what).toBeLessThanOrEqual(60_000);
  expect(Number(r.headers["retry-after"]), what).toBe(Math.ceil((body.retryAfterMs as number) / 1000));
}

describe("early refusals", () => {
  it("once over a budget, a bad body, bad JSON and a good body are all 429 RATE_LIMITED from the first hook; the budget is asked only for the first refusal", async () => {
    const { app: a, refusedByBudget } = await node();
    const post = (payload: string, remoteAddress = "203.0.113.9") =>
      a.inject({ method: "POST", url: "/costly", remoteAddress, headers: { "content-type": "application/json" }, payload });
    for (let i = 0; i < BUDGET; i++) expect((await post('{"name":"a"}')).statusCode).toBe(200);
    expectRateLimited(await post('{"name":"a"}'), "first refusal");
    expect(refusedByBudget()).toBe(1);
    for (const payload of ['{"name":""}', '{"name":"a","extra":1}', "{not json", '{"name":"a"}']) expectRateLimited(await post(payload), payload);
    // Answered early: the budget's hook was not reached again.
    expect(refusedByBudget()).toBe(1);
    // Another client under budget: validated as usual, then served.
    expect((await post('{"name":""}', "203.0.113.10")).json()).toMatchObject({ code: "INVALID_MESSAGE" });
    expect((await post("{not json", "203.0.113.10")).statusCode).toBe(400);
    expect((await post('{"name":"b"}', "203.0.113.10")).statusCode).toBe(200);
    // The same client's other budget (every other route) counts apart: its bad query is a 400.
    expect((await a.inject({ method: "GET", url: "/other?limit=0", remoteAddress: "203.0.113.9" })).statusCode).toBe(400);
    expect((await a.inject({ method: "GET", url: "/other", remoteAddress: "203.0.113.9" })).statusCode).toBe(200);
  });

  it("over the budget of every route, the client's bad query is 429, not 400; exempt routes and unknown routes answer as before", async () => {
    const { app: a, refusedByBudget } = await node();
    const get = (url: string) => a.inject({ method: "GET", url, remoteAddress: "198.51.100.1" });
    for (let i = 0; i < GLOBAL; i++) expect((await get("/other")).statusCode).toBe(200);
    expectRateLimited(await get("/other"), "first refusal");
    expectRateLimited(await get("/other?limit=0"), "bad query");
    expectRateLimited(await get("/other?limit=zz"), "bad query");
    expect(refusedByBudget()).toBe(1);
    expect((await get("/healthz")).statusCode).toBe(200);
    expect((await get("/no-such-route")).statusCode).toBe(404);
  });
});

describe("the refusal ledger", () => {
  /** A request as the ledger reads it: a route without a budget of its own, from `ip`. */
  const from = (ip: string) => ({ ip, method: "GET", routeOptions: { url: "/x", config: {} } }) as unknown as Parameters<RefusalLedger["remember"]>[0];

  it(`remembers a refusal for its window only, nothing for a window of 0, and at most ${MAX_REMEMBERED_REFUSALS} clients (the oldest forgotten)`, async () => {
    const ledger = new RefusalLedger();
    ledger.remember(from("192.0.2.1"), 0);
    expect(ledger.refusedFor(from("192.0.2.1"))).toBe(0);
    ledger.remember(from("192.0.2.1"), 60_000);
    expect(ledger.refusedFor(from("192.0.2.1"))).toBeGreaterThan(59_000);
    expect(ledger.refusedFor(from("192.0.2.2"))).toBe(0);
    ledger.remember(from("192.0.2.3"), 30);
    // Polled, not timed: the refusal ends once its 30 ms have passed, however slow the machine.
    for (let i = 0; i < 200 && ledger.refusedFor(from("192.0.2.3")) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ledger.refusedFor(from("192.0.2.3"))).toBe(0);
    for (let i = 0; i < MAX_REMEMBERED_REFUSALS; i++) ledger.remember(from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`), 60_000);
    expect(ledger.size).toBe(MAX_REMEMBERED_REFUSALS);
    expect(ledger.refusedFor(from("192.0.2.1"))).toBe(0);
    expect(ledger.refusedFor(from("10.0.0.0"))).toBeGreaterThan(0);
    ledger.remember(from("192.0.2.4"), 60_000);
    expect(ledger.size).toBe(MAX_REMEMBERED_REFUSALS);
    expect(ledger.refusedFor(from("10.0.0.0"))).toBe(0);
    expect(ledger.refusedFor(from("10.0.0.1"))).toBeGreaterThan(0);
    expect(ledger.refusedFor(from("192.0.2.4"))).toBeGreaterThan(0);
  });
});
