// The statistics of `npm run bench:peers`: what one run measured, reduced to the figures of its table
// (commands/s, latency percentiles, server CPU per command), the medians over rounds, and the ratios of
// the project to a peer. Pure functions, unit tested (test/stats.test.mjs).

/**
 * The p-th percentile (0 <= p <= 100) of `values` by the nearest-rank method (always one of the values,
 * no interpolation: the p99 of few samples is their maximum); NaN when there is none. Throws a
 * RangeError for p outside 0..100. Does not change `values`.
 * @param {readonly number[]} values
 * @param {number} p
 * @returns {number}
 */
export function percentile(values, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be between 0 and 100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
}

/**
 * The median of `values` (the mean of the two middle ones for an even count); NaN when empty. NaN
 * values (a run that failed) are left out.
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The CPU time a process has used, in ms (user + system, every thread), from the text of its
 * /proc/<pid>/stat and the clock ticks per second (`getconf CLK_TCK`, 100 on Linux). The command name
 * (field 2) may hold spaces and parentheses: the fields are counted after its last ")". Throws an Error
 * for a text that is not a stat line.
 * @param {string} statText
 * @param {number} [ticksPerSecond]
 * @returns {number}
 */
export function cpuMsOfStat(statText, ticksPerSecond = 100) {
  const close = statText.lastIndexOf(")");
  if (close < 0) throw new Error("cpuMsOfStat: not a /proc/<pid>/stat line");
  // After ")": field 3 (state) is the first; utime and stime are fields 14 and 15.
  const fields = statText.slice(close + 2).trim().split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("cpuMsOfStat: no utime/stime in the stat line");
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/**
 * The figures of one run from what it recorded over its measuring window of `windowMs` ms: every
 * command completed with the time it was sent (`sentAt`, ms on the driver's clock) and its latency
 * (send → the resulting update received by its sender), and the server's CPU ms at the window's start
 * and end. Only commands sent inside [from, from + windowMs) count: the tables forming before it and the
 * games finishing after it are left out. Rates are per second of the window.
 * @param {{ samples: { sentAt: number, ms: number }[], from: number, windowMs: number, serverCpuMs: [number, number], driverCpuMs?: [number, number] }} run
 * @returns {{ commands: number, commandsPerSecond: number, p50Ms: number, p99Ms: number, serverCpuMsPerCommand: number, driverCpuMsPerCommand: number }}
 */
export function summarizeRun({ samples, from, windowMs, serverCpuMs, driverCpuMs }) {
  if (!(windowMs > 0)) throw new RangeError(`summarizeRun: windowMs must be positive, got ${windowMs}`);
  const to = from + windowMs;
  const latencies = [];
  for (const s of samples) if (s.sentAt >= from && s.sentAt < to) latencies.push(s.ms);
  const commands = latencies.length;
  const perCommand = (pair) => (pair && commands > 0 ? (pair[1] - pair[0]) / commands : Number.NaN);
  return {
    commands,
    commandsPerSecond: commands / (windowMs / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    serverCpuMsPerCommand: perCommand(serverCpuMs),
    driverCpuMsPerCommand: perCommand(driverCpuMs),
  };
}

/**
 * The project's figure over a peer's, as printed ("1.25x"): above 1 the project does more of a
 * higher-is-better figure (commands/s). "-" when either is missing or the peer's is 0.
 * @param {number} project
 * @param {number} peer
 * @returns {string}
 */
export function ratio(project, peer) {
  if (!Number.isFinite(project) || !Number.isFinite(peer) || peer === 0) return "-";
  return `${(project / peer).toFixed(2)}x`;
}

/**
 * The medians over rounds of each figure of each target: `runs` holds one summary per round and
 * target (fields as summarizeRun's, plus `loadAverage`); the result one per target, in the order the
 * targets first appear, with `rounds` (how many runs) and `loadAverages` (each run's, for the table).
 * @param {{ target: string, loadAverage: number, [figure: string]: number | string }[]} runs
 * @returns {{ target: string, rounds: number, loadAverages: number[], [figure: string]: number | string | number[] }[]}
 */
export function mediansByTarget(runs) {
  const byTarget = new Map();
  for (const run of runs) {
    if (!byTarget.has(run.target)) byTarget.set(run.target, []);
    byTarget.get(run.target).push(run);
  }
  const figures = ["commandsPerSecond", "p50Ms", "p99Ms", "serverCpuMsPerCommand", "driverCpuMsPerCommand", "commands"];
  return [...byTarget].map(([target, list]) => ({
    target,
    rounds: list.length,
    loadAverages: list.map((r) => r.loadAverage),
    ...Object.fromEntries(figures.map((f) => [f, median(list.map((r) => r[f]))])),
  }));
}
