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

interface Record {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/**
 * Slows down password guessing: after `freeFailures` wrong passwords for a key (an account name, or an
 * IP address), every attempt for that key is refused for a lockout that doubles with each further
 * failure (1 s, 2 s, 4 s... up to 15 min). A success clears the key. In memory, per node; the clock is
 * injected for tests.
 */
export class SignInThrottle {
  private readonly records = new Map<string, Record>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Ms until any of `keys` may try again (0: now). */
  retryAfterMs(keys: readonly string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const r = this.records.get(key);
      if (r) wait = Math.max(wait, r.lockedUntil - now);
    }
    return Math.max(0, wait);
  }

  /** Counts a wrong password against every key; returns the new lockout in ms (0: none yet). */
  failed(keys: readonly string[]): number {
    const now = this.now();
    this.sweep(now);
    let lock = 0;
    for (const key of keys) {
      const r = this.records.get(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
      r.failures += 1;
      r.lastFailure = now;
      const over = r.failures - this.options.freeFailures;
      if (over > 0) {
        const ms = Math.min(this.options.maxLockMs, this.options.baseLockMs * 2 ** (over - 1));
        r.lockedUntil = now + ms;
        lock = Math.max(lock, ms);
      }
      this.records.set(key, r);
    }
    return lock;
  }

  /** A right password: forgets the account's failures (the IP's stay, a guesser may hold one account). */
  succeeded(key: string): void {
    this.records.delete(key);
  }

  private sweep(now: number): void {
    if (this.records.size < 10_000) return;
    for (const [key, r] of this.records) if (now - r.lastFailure > this.options.forgetAfterMs && r.lockedUntil <= now) this.records.delete(key);
  }
}
