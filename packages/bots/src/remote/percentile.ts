/**
 * Percentiles of latency samples, by the nearest-rank method: the p-th percentile of n samples is the
 * smallest sample such that at least p% of the samples are less than or equal to it. It is always one
 * of the samples (no interpolation), so a p99 of few samples is their maximum.
 */

/** Summary of latency samples, in ms; null fields when there is no sample. */
export interface LatencySummary {
  samples: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

function checkRank(p: number): void {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be between 0 and 100, got ${p}`);
}

/** The p-th percentile (0 <= p <= 100) of samples already sorted in ascending order; NaN when empty. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  checkRank(p);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * n));
  return sorted[rank - 1]!;
}

/** The p-th percentile (0 <= p <= 100) of `values`, in any order; NaN when empty. Does not change `values`. */
export function percentile(values: readonly number[], p: number): number {
  checkRank(p);
  return percentileOfSorted(Float64Array.from(values).sort(), p);
}

/** Count, p50, p90, p99, max and mean of latency samples (sorted once). */
export function summarizeLatencies(values: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return { samples: 0, p50: null, p90: null, p99: null, max: null, mean: null };
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    samples: sorted.length,
    p50: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    max: sorted[sorted.length - 1]!,
    mean: sum / sorted.length,
  };
}
