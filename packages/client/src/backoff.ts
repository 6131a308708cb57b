/** How the client waits between reconnect attempts: exponential backoff with jitter. */
export interface ReconnectOptions {
  /** Delay before the first attempt after a drop, in ms. */
  initialDelayMs: number;
  /** Largest delay between two attempts, in ms. */
  maxDelayMs: number;
  /** 0..1: the share of each delay drawn at random (0: none; 0.5: between half and all of it). */
  jitter: number;
  /** Attempts in a row before the client gives up and closes (default: never gives up). */
  maxAttempts: number;
}

export const DEFAULT_RECONNECT: ReconnectOptions = {
  initialDelayMs: 250,
  maxDelayMs: 10_000,
  jitter: 0.5,
  maxAttempts: Number.POSITIVE_INFINITY,
};

/**
 * The delay before reconnect attempt `attempt` (0 for the first): `initialDelayMs * 2^attempt`, capped at
 * `maxDelayMs`, minus a random share of up to `jitter` of it, so that many clients dropped at once do
 * not all come back at the same instant. Never more than `maxDelayMs`.
 */
export function backoffDelay(attempt: number, options: ReconnectOptions, random: () => number = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, attempt));
  const jitter = Math.min(1, Math.max(0, options.jitter));
  return Math.max(0, Math.round(base * (1 - jitter * random())));
}
