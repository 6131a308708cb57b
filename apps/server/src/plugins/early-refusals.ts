/**
 * Early refusals (issue 18): a client the HTTP budgets (plugins/rate-limits.ts) have refused is answered
 * 429 RATE_LIMITED again, until its budget's window ends, from the first hook of the request, before
 * the budget's own hook, validation, the body or any other hook do work for it.
 *
 * Why: a flood of requests over budget is almost all refusals (the bench's replay flood: 1,000 to 1,800
 * a second from one address, against 300 served a minute). Asked the whole way each time (the budget's
 * store, on a cluster a Redis round trip; an error object; the error handler), the refusals cost the
 * node more than the requests it serves, and the honest players' commands wait behind them on the
 * node's one thread (docs/benchmarks.md, "Under attack").
 *
 * The answer is the one the budget would give: a fixed window that has refused once refuses every
 * request of the same key until it ends (no `continueExceeding`), so answering from memory until then
 * changes nothing a client sees but the work behind it.
 */
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBody } from "./errors.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The clients the HTTP budgets refused, until their window ends (see plugins/early-refusals.ts). */
    earlyRefusals: RefusalLedger;
  }
}

/** At most this many refused clients are remembered; past it, the oldest refusal is forgotten (the budget still answers for it). */
export const MAX_REMEMBERED_REFUSALS = 10_000;

/** The message of a refusal by an HTTP budget with `ttlMs` left in its window (the budget's and the early one alike). */
export function rateLimitedMessage(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return `too many requests of this kind from your address: retry in ${seconds} second${seconds === 1 ? "" : "s"}`;
}

/**
 * Which budget `req` spends: a route's own (`config.rateLimit`: counted per method and path by
 * @fastify/rate-limit) or the budget every other route shares (`*`).
 */
function budgetOf(req: FastifyRequest): string {
  const route = req.routeOptions;
  return route.config?.rateLimit ? `${req.method} ${route.url}` : "*";
}

/**
 * The refused clients of this node, each by budget and client key (its address, as the budgets count:
 * `normalizeIP(req.ip)`), with the time its window ends. Bounded (MAX_REMEMBERED_REFUSALS); entries
 * past their end are dropped when read.
 */
export class RefusalLedger {
  /** `budget key` → the end of the refusal (ms since the epoch); Map order is insertion order, oldest first. */
  private readonly until = new Map<string, number>();

  /**
   * Remembers that `req`'s budget refused it and will for `ttlMs` more ms (the budget's window left).
   * A ttl of 0 or less remembers nothing.
   */
  remember(req: FastifyRequest, ttlMs: number): void {
    if (!(ttlMs > 0)) return;
    const key = `${budgetOf(req)} ${normalizeIP(req.ip)}`;
    this.until.delete(key);
    if (this.until.size >= MAX_REMEMBERED_REFUSALS) this.until.delete(this.until.keys().next().value!);
    this.until.set(key, Date.now() + ttlMs);
  }

  /** Ms left of the refusal of `req`'s client for `req`'s budget: 0 when it is not refused (or no longer). */
  refusedFor(req: FastifyRequest): number {
    if (this.until.size === 0) return 0;
    const key = `${budgetOf(req)} ${normalizeIP(req.ip)}`;
    const end = this.until.get(key);
    if (end === undefined) return 0;
    const left = end - Date.now();
    if (left > 0) return left;
    this.until.delete(key);
    return 0;
  }

  /** How many refusals are remembered (expired ones may still count until read). */
  get size(): number {
    return this.until.size;
  }
}

/**
 * The plugin: decorates `earlyRefusals` (the budgets fill it, plugins/rate-limits.ts) and answers a
 * remembered client in an `onRequest` hook: 429 with the project's body (RATE_LIMITED, `retryAfterMs`)
 * and a `retry-after` header in seconds, as the budget does. Register it right after CORS (so that a
 * browser can read the refusal) and before every other hook. `exempt` names the requests no budget
 * counts (probes, admins): they are never refused here either.
 */
export const earlyRefusals = fp(
  async (app: FastifyInstance, opts: { exempt: (req: FastifyRequest) => boolean }) => {
    const ledger = new RefusalLedger();
    app.decorate("earlyRefusals", ledger);
    app.addHook("onRequest", (req, reply, done) => {
      // Requests that reach no route (404) are not counted by any budget; neither are the exempt ones.
      if (ledger.size === 0 || req.routeOptions.url === undefined) return done();
      const left = ledger.refusedFor(req);
      if (left === 0 || opts.exempt(req)) return done();
      const body: ErrorBody = { code: "RATE_LIMITED", message: rateLimitedMessage(left), retryAfterMs: left };
      // Sent as text: no serializer, no error object, no error handler.
      reply.code(429).header("retry-after", Math.ceil(left / 1000)).type("application/json; charset=utf-8").send(JSON.stringify(body));
    });
  },
  { name: "bang-early-refusals" },
);
