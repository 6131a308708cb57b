/**
 * Queue waits as `GET /api/queues` shows them: the longest current wait (the oldest queued player's)
 * and the typical recent wait (median and 90th percentile of the waits of the players whose game
 * started in the last RECENT_WAITS_WINDOW_MS). A player's wait runs from joining the queue to the
 * table being found (the ready check that led to their game opening); a failed ready check puts them
 * back with their original join time, so the wait they finally get counts every attempt. Aggregates
 * only: no player id or name.
 */

/** How far back the recent waits go: the players whose game started in the last 15 minutes. */
export const RECENT_WAITS_WINDOW_MS = 15 * 60_000;

/** At most this many recent waits are kept per queue (the newest). */
export const RECENT_WAITS_MAX = 500;

/** A queue's waits, in seconds (millisecond precision). */
export interface QueueWaits {
  /** The oldest queued player's wait now; null when nobody is queued (players in a ready check are not queued). */
  longestSeconds: number | null;
  /** The window of the recent waits, in seconds. */
  windowSeconds: number;
  /** Players whose game started in the window (each counted once, bots never). */
  matched: number;
  /** Median of those players' waits (nearest rank); null when none. */
  medianSeconds: number | null;
  /** 90th percentile of those waits (nearest rank); null when none. */
  p90Seconds: number | null;
}

/**
 * The `q`-th percentile (0 < q <= 1) of `values` by the nearest-rank method: the smallest value with at
 * least `q` of the values at or below it (so always one of the values). Null for no values.
 */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/**
 * The waits of a queue at `now` (epoch ms) from the join times of the players queued (`joinedAt`,
 * epoch ms) and the recent waits recorded (milliseconds).
 */
export function queueWaits(joinedAt: readonly number[], recentMs: readonly number[], now: number): QueueWaits {
  const median = percentile(recentMs, 0.5);
  const p90 = percentile(recentMs, 0.9);
  return {
    longestSeconds: joinedAt.length === 0 ? null : seconds(Math.max(0, now - Math.min(...joinedAt))),
    windowSeconds: RECENT_WAITS_WINDOW_MS / 1000,
    matched: recentMs.length,
    medianSeconds: median === null ? null : seconds(median),
    p90Seconds: p90 === null ? null : seconds(p90),
  };
}
