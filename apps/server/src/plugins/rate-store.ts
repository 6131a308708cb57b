/**
 * The in-memory store of @fastify/rate-limit for a single node, made exact under concurrent bursts.
 *
 * The library's LocalStore hands every caller the one record it keeps per key (`{current, ttl}`), and
 * the library reads `current` only after an `await`: requests of one key that arrive in the same tick
 * all read the count of the last of them, so a burst of N at a budget of N is refused whole (40 at once
 * against 20: 0 accepted). This store keeps the library's LocalStore (its LRU, window and options) and
 * gives each caller a copy of the record as it was at that caller's increment.
 */
import { createRequire } from "node:module";
import type { FastifyRateLimitStore, RateLimitOptions } from "@fastify/rate-limit";

/** What a store answers a caller: the key's count including this request, and ms left in its window. */
type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
/** The library's LocalStore as it is built (store/LocalStore.js: not in its typings). */
interface LibraryLocalStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): LibraryLocalStore;
}
type LibraryLocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => LibraryLocalStore;

const LocalStore = createRequire(import.meta.url)("@fastify/rate-limit/store/LocalStore.js") as LibraryLocalStoreCtor;

/** A copy of the answer, so that a later increment of the same key cannot change what this caller reads. */
const snapshot =
  (cb: Callback): Callback =>
  (error, result) =>
    cb(error, result && { current: result.current, ttl: result.ttl });

/**
 * The `store` option of @fastify/rate-limit on a single node (plugins/rate-limits.ts): the library's
 * LocalStore whose answers are copies (see the file's comment). Route budgets and createRateLimit get a
 * child of it, as with the library's own store.
 */
export class ExactLocalStore implements FastifyRateLimitStore {
  private readonly inner: LibraryLocalStore;

  constructor(options: RateLimitOptions | { inner: LibraryLocalStore }) {
    this.inner =
      "inner" in options ? options.inner : new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, options.cache);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.incr(key, snapshot(cb), timeWindow, max);
  }

  /** The key's count without spending (the library's `{ increment: false }`). */
  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.read(key, snapshot(cb), timeWindow, max);
  }

  child(routeOptions: object): ExactLocalStore {
    return new ExactLocalStore({ inner: this.inner.child(routeOptions) });
  }
}
