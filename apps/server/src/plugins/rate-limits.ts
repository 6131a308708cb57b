import rateLimit, { normalizeIP, type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { rateLimitedMessage } from "./early-refusals.js";
import { HttpRefusal } from "./errors.js";
import { ExactLocalStore } from "./rate-store.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Per-client budgets of the HTTP routes that cost the node: `replay` counts every replay (a route's
     * `config.rateLimit`), `coldReplay` only the replays of games this node has not replayed yet, the
     * costly ones (checked by the route with `spend`).
     */
    rateLimits: {
      replay: RateLimitOptions;
      coldReplay: (req: FastifyRequest) => Promise<void>;
      guests: RateLimitOptions;
      lookup: RateLimitOptions;
      /** Table joins by code of `playerId` from `address`: 0 within budget, else ms before one is allowed. */
      tableJoin: (playerId: string, address: string) => Promise<number>;
      /**
       * Games opened over a socket (spectate, resume, history) that this node did not hold (each a load
       * from the store and a replay) by `playerId` from `address`: 0 within budget, else ms to wait.
       */
      coldOpen: (playerId: string, address: string) => Promise<number>;
    };
  }
}

/** A request-shaped carrier for a budget counted outside an HTTP route (@fastify/rate-limit reads `routeOptions`). */
interface KeyedCheck {
  budgetKey: string;
  routeOptions: { config: Record<string, never> };
}

/**
 * Routes outside the budget of every route (API_RATE_LIMIT): a load balancer's probes, the metrics
 * (behind their token) and the WebSocket upgrade (sockets have budgets of their own, gateway/connection.ts).
 */
const UNCOUNTED_ROUTES: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics", "/ws"]);

/**
 * Is `req` made by an admin (ADMIN_TOKEN or an admin session's bearer token; read when asked, so that
 * it may be built before the admin plugin)? Admins step through replays on their dashboard: no budget
 * counts their requests.
 */
function adminOf(app: FastifyInstance): (req: FastifyRequest) => boolean {
  return (req) => {
    const auth = req.headers.authorization;
    return auth?.startsWith("Bearer ") === true && app.adminAuth.isAdminToken(auth.slice(7));
  };
}

/** Does no budget count `req`: a route of UNCOUNTED_ROUTES or an admin's request? */
function uncounted(req: FastifyRequest, isAdmin: (req: FastifyRequest) => boolean): boolean {
  return UNCOUNTED_ROUTES.has(req.routeOptions.url ?? "") || isAdmin(req);
}

/**
 * The requests of `app` that no HTTP budget counts (probes, metrics, the WebSocket upgrade, admins):
 * the early refusals must let them through too (plugins/early-refusals.ts).
 */
export function exemptFromBudgets(app: FastifyInstance): (req: FastifyRequest) => boolean {
  const isAdmin = adminOf(app);
  return (req) => uncounted(req, isAdmin);
}

/** The window every HTTP budget counts over, in ms. */
export const RATE_WINDOW_MS = 60_000;

/**
 * The options of @fastify/rate-limit for this node: no global limit (routes opt in through
 * `config.rateLimit`), a client is its address (`req.ip`: X-Forwarded-For behind a trusted proxy; an
 * IPv6 client by its /64), counted in Redis under `prefix` when `redis` is given so that a budget holds
 * across the nodes of a cluster (in memory otherwise, ExactLocalStore: the library's LocalStore over-refuses
 * a burst that arrives in one tick). Redis failing lets requests through rather than
 * refusing everyone. Over budget: 429 RATE_LIMITED with `retryAfterMs` and a `retry-after` header; an
 * answer within budget gets no extra header. `onRefused` hears of every refusal with the ms left in
 * its window (the node's early refusals, plugins/early-refusals.ts).
 */
export function rateLimitOptions(redis: Redis | null, prefix: string, onRefused?: (req: FastifyRequest, ttlMs: number) => void) {
  return {
    global: false,
    timeWindow: RATE_WINDOW_MS,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${prefix}rate:` } : { store: ExactLocalStore }),
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    addHeaders: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false, "retry-after": true },
    errorResponseBuilder: (req: FastifyRequest, context: { ttl: number }) => {
      const ttl = Math.max(0, context.ttl);
      onRefused?.(req, ttl);
      return new HttpRefusal(429, "RATE_LIMITED", rateLimitedMessage(ttl), ttl);
    },
  };
}

/**
 * A budget a handler spends itself (@fastify/rate-limit's createRateLimit) when it is about to do the
 * costly part of its work: resolves within budget, rejects with 429 RATE_LIMITED past it. `name` keeps
 * its count apart from the route budgets' (same client key otherwise: the address). Admins (`exempt`)
 * spend nothing.
 */
function spend(app: FastifyInstance, name: string, max: number, exempt: (req: FastifyRequest) => boolean): (req: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({ max, timeWindow: RATE_WINDOW_MS, keyGenerator: (req) => `${name}:${normalizeIP(req.ip)}` });
  return async (req) => {
    if (exempt(req)) return;
    const budget = await check(req);
    if (budget.isAllowed || !budget.isExceeded) return;
    throw new HttpRefusal(429, "RATE_LIMITED", `too many replays of games not replayed yet from your address: retry in ${Math.ceil(budget.ttl / 1000)} seconds`, budget.ttl);
  };
}

/**
 * A budget of `max` a minute per key, counted by @fastify/rate-limit's store (Redis on a cluster) for
 * requests that are not HTTP routes (WebSocket messages): resolves with 0 within budget, else the
 * milliseconds before the key has budget again (each call spends one).
 */
function keyedBudget(app: FastifyInstance, name: string, max: number): (key: string) => Promise<number> {
  const check = app.createRateLimit({ max, timeWindow: RATE_WINDOW_MS, keyGenerator: (req) => `${name}:${(req as unknown as KeyedCheck).budgetKey}` });
  return async (key) => {
    const carrier: KeyedCheck = { budgetKey: key, routeOptions: { config: {} } };
    const budget = await check(carrier as unknown as FastifyRequest);
    return budget.isAllowed || !budget.isExceeded ? 0 : Math.max(1, budget.ttl);
  };
}

/**
 * The node's budgets per client (@fastify/rate-limit), after the services (it needs the cluster's Redis)
 * and before the routes that use them, each a minute long: every route, API_RATE_LIMIT requests per
 * address (admins, probes, metrics and the WebSocket upgrade aside; a route with a budget of its own
 * counts in that one instead); `replay`, REPLAY_RATE_LIMIT replays, and
 * `coldReplay`, REPLAY_COLD_RATE_LIMIT replays of games this node has not replayed yet (admins:
 * `isAdmin`, not counted); `guests`, GUEST_RATE_LIMIT new guests; `lookup`, LOOKUP_RATE_LIMIT lookups
 * (table codes must not be scanned); `tableJoin`, TABLE_JOIN_RATE_LIMIT joins by code per player and
 * TABLE_JOIN_ADDRESS_RATE_LIMIT per address (WebSocket messages, not routes); `coldOpen`,
 * REPLAY_COLD_RATE_LIMIT games a socket opens that the node did not hold, per player and per address.
 */
export const rateLimits = fp(
  async (app: FastifyInstance) => {
    const isAdmin = adminOf(app);
    // Every other route: API_RATE_LIMIT requests a minute per address, probes and sockets aside.
    await app.register(rateLimit, {
      // A client refused is answered from memory until its window ends (plugins/early-refusals.ts).
      ...rateLimitOptions(app.cluster?.redis ?? null, app.config.REDIS_PREFIX, (req, ttl) => app.earlyRefusals.remember(req, ttl)),
      global: true,
      max: app.config.API_RATE_LIMIT,
      // Also asked for the budgets spent outside routes (keyedBudget's carrier: no headers, no route).
      allowList: (req: FastifyRequest) => req.headers !== undefined && uncounted(req, isAdmin),
    });
    const joinsOfPlayer = keyedBudget(app, "join-player", app.config.TABLE_JOIN_RATE_LIMIT);
    const joinsOfAddress = keyedBudget(app, "join-address", app.config.TABLE_JOIN_ADDRESS_RATE_LIMIT);
    const coldOpensOfPlayer = keyedBudget(app, "cold-open-player", app.config.REPLAY_COLD_RATE_LIMIT);
    const coldOpensOfAddress = keyedBudget(app, "cold-open-address", app.config.REPLAY_COLD_RATE_LIMIT);
    app.decorate("rateLimits", {
      replay: { max: app.config.REPLAY_RATE_LIMIT, timeWindow: RATE_WINDOW_MS, allowList: isAdmin },
      coldReplay: spend(app, "cold-replay", app.config.REPLAY_COLD_RATE_LIMIT, isAdmin),
      guests: { max: app.config.GUEST_RATE_LIMIT, timeWindow: RATE_WINDOW_MS },
      lookup: { max: app.config.LOOKUP_RATE_LIMIT, timeWindow: RATE_WINDOW_MS },
      tableJoin: async (playerId, address) => Math.max(await joinsOfPlayer(playerId), await joinsOfAddress(normalizeIP(address))),
      coldOpen: async (playerId, address) => Math.max(await coldOpensOfPlayer(playerId), await coldOpensOfAddress(normalizeIP(address))),
    });
  },
  { name: "bang-rate-limits", dependencies: ["bang-services", "bang-early-refusals"] },
);
