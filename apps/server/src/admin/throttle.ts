import { randomUUID } from "node:crypto";

/** Tunables of the sign-in throttle. */
export interface ThrottleOptions {
  /** Wrong passwords allowed before the first lockout. */
  freeFailures: number;
  /** First lockout, in ms; each further failure doubles it. */
  baseLockMs: number;
  /** Longest lockout, in ms. */
  maxLockMs: number;
  /** A key with no failure for this long is forgotten, in ms. */
  forgetAfterMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { freeFailures: 3, baseLockMs: 1_000, maxLockMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };

/**
 * Slows down password guessing: after `freeFailures` wrong passwords for a key (an account name, or an
 * IP address), every attempt for that key is refused for a lockout that doubles with each further
 * failure (1 s, 2 s, 4 s... up to 15 min); a key with no failure for `forgetAfterMs` starts afresh.
 * And one password check at a time per key, so guesses sent in parallel cannot all pass the lockout
 * test before the first failure counts. In memory (one node: MemorySignInThrottle) or in Redis, shared
 * by the nodes of a cluster (RedisSignInThrottle). Methods reject (ThrottleUnavailable) only when the
 * store does not answer (Redis).
 */
export interface SignInThrottle {
  /** Ms until every one of `keys` may try again (0: now). */
  retryAfterMs(keys: readonly string[]): Promise<number>;
  /**
   * Takes the check of `keys` for at most `ms`, in one atomic step with the lockout test: refused while
   * one of them is locked (`locked`, with the wait) or being checked (`checking`). A sign-in checks a
   * password only while it holds the claim, so no check ever runs during a lockout.
   */
  claim(keys: readonly string[], ms: number): Promise<ThrottleClaim>;
  /** Gives back a claim; a claim that expired and was taken by another check meanwhile stays theirs. */
  release(keys: readonly string[], token: string): Promise<void>;
  /** Counts a wrong password against every key; resolves with the new lockout in ms (0: none yet). */
  failed(keys: readonly string[]): Promise<number>;
  /** A right password: forgets the account's failures (the IP's stay, a guesser may hold one account). */
  succeeded(key: string): Promise<void>;
}

/** The outcome of SignInThrottle.claim: the claim's token (to release it), or why not and how long to wait. */
export type ThrottleClaim = { ok: true; token: string } | { ok: false; reason: "locked"; retryAfterMs: number } | { ok: false; reason: "checking" };

/** The throttle's store did not answer (the cluster's Redis): the sign-in cannot be checked now. */
export class ThrottleUnavailable extends Error {
  constructor(options: { cause: unknown }) {
    super("the sign-in throttle's store (Redis) does not answer: try again", options);
    this.name = "ThrottleUnavailable";
  }
}

/** The lockout after `failures` wrong passwords in a row, in ms (0: none). */
export function lockoutMs(failures: number, options: ThrottleOptions): number {
  const over = failures - options.freeFailures;
  return over > 0 ? Math.min(options.maxLockMs, options.baseLockMs * 2 ** (over - 1)) : 0;
}

interface Record {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** The SignInThrottle of a single node, in memory; the clock is injected for tests. */
export class MemorySignInThrottle implements SignInThrottle {
  private readonly records = new Map<string, Record>();
  private readonly claimed = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfterMs(keys: readonly string[]): Promise<number> {
    return this.waitMs(keys, this.now());
  }

  async claim(keys: readonly string[], ms: number): Promise<ThrottleClaim> {
    // No await before the claim is taken: the lock test and the claim are one step.
    const now = this.now();
    const wait = this.waitMs(keys, now);
    if (wait > 0) return { ok: false, reason: "locked", retryAfterMs: wait };
    if (keys.some((k) => (this.claimed.get(k)?.until ?? 0) > now)) return { ok: false, reason: "checking" };
    const token = randomUUID();
    for (const k of keys) this.claimed.set(k, { token, until: now + ms });
    return { ok: true, token };
  }

  async release(keys: readonly string[], token: string): Promise<void> {
    for (const k of keys) if (this.claimed.get(k)?.token === token) this.claimed.delete(k);
  }

  async failed(keys: readonly string[]): Promise<number> {
    const now = this.now();
    this.sweep(now);
    let lock = 0;
    for (const key of keys) {
      const r = this.live(key, now) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
      r.failures += 1;
      r.lastFailure = now;
      const ms = lockoutMs(r.failures, this.options);
      if (ms > 0) {
        r.lockedUntil = now + ms;
        lock = Math.max(lock, ms);
      }
      this.records.set(key, r);
    }
    return lock;
  }

  async succeeded(key: string): Promise<void> {
    this.records.delete(key);
  }

  private waitMs(keys: readonly string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const r = this.live(key, now);
      if (r) wait = Math.max(wait, r.lockedUntil - now);
    }
    return Math.max(0, wait);
  }

  /** The key's record, unless it is forgotten (no failure for forgetAfterMs, and no lock left). */
  private live(key: string, now: number): Record | undefined {
    const r = this.records.get(key);
    if (r && now - r.lastFailure > this.options.forgetAfterMs && r.lockedUntil <= now) {
      this.records.delete(key);
      return undefined;
    }
    return r;
  }

  private sweep(now: number): void {
    if (this.records.size < 10_000) return;
    for (const key of [...this.records.keys()]) this.live(key, now);
    for (const [key, { until }] of this.claimed) if (until <= now) this.claimed.delete(key);
  }
}
