// Benchmark of one server node (`npm run bench:server`; not a test). Starts the real server on a fresh
// PostgreSQL database (the local one), then drives it with the bot load generator (@bang/bots runLoad,
// real WebSocket clients through @bang/client) in two phases:
//   capacity   BENCH_GAMES tables of 5 client seats at once, each client thinking BENCH_THINK_MS
//              before each decision, like people: concurrent games, sockets, commands/s, latency, and
//              heap per live game (sampled from the node's own /metrics);
//   throughput BENCH_TP_TABLES tables at once for BENCH_TP_SECONDS, no thinking: the node's ceiling.
// Latency is from a command sent to its resulting event received by the sender.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { runLoad } from "@bang/bots";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const GAMES = env("BENCH_GAMES", 1000);
const THINK_MS = env("BENCH_THINK_MS", 2000);
const TP_TABLES = env("BENCH_TP_TABLES", 50);
const TP_SECONDS = env("BENCH_TP_SECONDS", 30);
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The buckets {le, count} of histogram `name` (the series matching `label`, if given) in a scrape. */
function histogram(lines, name, label = "") {
  return lines
    .filter((l) => l.startsWith(`${name}_bucket{`) && l.includes(label))
    .map((l) => ({ le: Number(l.match(/le="([^"]+)"/)[1]), count: Number(l.split(" ").at(-1)) }));
}

async function metrics(url) {
  const lines = (await (await fetch(`${url}/metrics`)).text()).split("\n");
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(" ").at(-1)) : NaN;
  };
  const accepted = lines.find((l) => l.startsWith('bang_commands_total{result="accepted"}'));
  return {
    at: performance.now(),
    buckets: histogram(lines, "bang_command_latency_seconds"),
    flushBuckets: histogram(lines, "bang_log_flush_seconds"),
    batchBuckets: histogram(lines, "bang_log_flush_entries"),
    gcBuckets: histogram(lines, "nodejs_gc_duration_seconds", 'kind="major"'),
    lagP99: value("nodejs_eventloop_lag_p99_seconds"),
    games: value("bang_games_live"),
    sockets: value("bang_sockets_connected"),
    heap: value("nodejs_heap_size_used_bytes"),
    commands: accepted ? Number(accepted.split(" ").at(-1)) : 0,
  };
}

/**
 * The upper bound (in the histogram's unit times `scale`) of the bucket holding quantile q of the
 * observations between two scrapes of histogram `key` (a field of metrics()).
 */
function quantileBetween(before, after, q, key = "buckets", scale = 1000) {
  const counts = after[key].map((b, i) => ({ le: b.le, count: b.count - (before[key][i]?.count ?? 0) }));
  const total = counts.at(-1)?.count ?? 0;
  const hit = counts.find((b) => b.count >= q * total);
  return hit ? hit.le * scale : NaN;
}
const serverQuantile = (before, after, q) => quantileBetween(before, after, q);
/** Observations of histogram `key` between two scrapes that were above `le`. */
const countAbove = (before, after, key, le) => {
  const i = after[key].findIndex((b) => b.le === le);
  const d = (b) => (b[key].at(-1)?.count ?? 0) - (b[key][i]?.count ?? 0);
  return d(after) - d(before);
};

/** CPU time stolen by the hypervisor, as a share of all CPU time since the last call (Linux; else NaN). */
let lastCpu = null;
function stealShare() {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const prev = lastCpu;
    lastCpu = { total, steal: f[7] ?? 0 };
    return prev ? (lastCpu.steal - prev.steal) / Math.max(1, lastCpu.total - prev.total) : NaN;
  } catch {
    return NaN;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

const db = `bang_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${db}`);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// BENCH_NODE_ARGS: extra node flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, fileURLToPath(new URL("../dist/main.js", import.meta.url))], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: `${PG}/${db}`, BOT_DELAY_MS: "0", LOG_LEVEL: "warn", DATA_DIR: `/tmp/${db}` },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = async () => {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await admin.query(`DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
  await admin.end();
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("the server did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
  // Warm up, then the baseline heap with no game.
  await runLoad({ url, tables: 4, concurrent: 4, players: 5 });
  await new Promise((r) => setTimeout(r, 2000));
  const baseline = await metrics(url);

  console.log(`capacity: ${GAMES} tables of 5 client seats, ${THINK_MS} ms of thinking per decision...`);
  const samples = [];
  let last = baseline;
  const sampler = setInterval(async () => {
    try {
      const m = await metrics(url);
      samples.push({ ...m, rate: (m.commands - last.commands) / 2 });
      last = m;
    } catch {}
  }, 2000);
  // Tables join over ~20 s (as people arrive), not all in the same millisecond.
  // The load generator's own event loop delay: client latencies include it (it shares the cores).
  stealShare();
  const driverLag = monitorEventLoopDelay({ resolution: 10 });
  driverLag.enable();
  const capacity = await runLoad({ url, tables: GAMES, concurrent: GAMES, players: 5, thinkMs: THINK_MS, commandTimeoutMs: 60_000, rampMs: 20_000 / GAMES });
  clearInterval(sampler);
  driverLag.disable();
  const steal = stealShare();
  const afterCapacity = await metrics(url);
  const peakGames = Math.max(...samples.map((s) => s.games));
  const plateau = samples.filter((s) => s.games >= peakGames * 0.9);
  // Used heap is a sawtooth between collections: its median over the plateau counts garbage not yet
  // collected, its floor (the lowest sample, just after a collection) is closer to what games retain.
  const heapPerGame = (median(plateau.map((s) => s.heap)) - baseline.heap) / median(plateau.map((s) => s.games));
  const floor = plateau.reduce((a, b) => (b.heap < a.heap ? b : a), plateau[0]);
  const heapFloorPerGame = (floor.heap - baseline.heap) / floor.games;
  // The plateau's own server tail, apart from the ramp-up (tables joining) and the wind-down.
  const plateauStart = samples[Math.max(0, samples.indexOf(plateau[0]) - 1)] ?? baseline;
  const plateauEnd = plateau.at(-1) ?? afterCapacity;
  const capacityResults = {
    tablesStarted: capacity.tables,
    finished: capacity.finished,
    failed: capacity.failed,
    peakConcurrentGames: peakGames,
    peakSockets: Math.max(...samples.map((s) => s.sockets)),
    plateauSeconds: Math.round((plateauEnd.at - plateauStart.at) / 1000),
    commandsPerSecondMedianAtPlateau: median(plateau.map((s) => s.rate)),
    latencyP50Ms: capacity.latencyMs.p50,
    latencyP99Ms: capacity.latencyMs.p99,
    serverLatencyP50AtMostMs: serverQuantile(baseline, afterCapacity, 0.5),
    serverLatencyP99AtMostMs: serverQuantile(baseline, afterCapacity, 0.99),
    serverLatencyP99AtPlateauAtMostMs: serverQuantile(plateauStart, plateauEnd, 0.99),
    logFlushP50AtMostMs: quantileBetween(baseline, afterCapacity, 0.5, "flushBuckets"),
    logFlushP99AtMostMs: quantileBetween(baseline, afterCapacity, 0.99, "flushBuckets"),
    logBatchEntriesP50AtMost: quantileBetween(baseline, afterCapacity, 0.5, "batchBuckets", 1),
    majorGcPausesOver100Ms: countAbove(baseline, afterCapacity, "gcBuckets", 0.1),
    serverEventLoopLagP99MaxMs: Math.round(Math.max(...samples.map((s) => s.lagP99)) * 1000),
    loadGeneratorEventLoopLagP99Ms: Math.round(driverLag.percentile(99) / 1e6),
    cpuStolenByHypervisorPercent: Math.round(steal * 1000) / 10,
    // The server's p99 bound in each 2 s window (games live / p99 ms): when the tail happens.
    serverP99ByWindow: samples.slice(1).map((s, i) => `${s.games}/${quantileBetween(samples[i], s, 0.99)}`).join(" "),
    heapPerLiveGameKB: Math.round(heapPerGame / 1024),
    heapFloorPerLiveGameKB: Math.round(heapFloorPerGame / 1024),
    errors: capacity.errors,
  };
  // Printed at once: the throughput phase may be skipped (BENCH_TP_SECONDS=0) or fail.
  console.log(JSON.stringify({ machine: `${process.version}, ${cpus().length} cores (server and load generator share them)`, capacity: capacityResults }, null, 2));

  if (TP_SECONDS > 0 && TP_TABLES > 0) {
    console.log(`throughput: ${TP_TABLES} tables at once for ${TP_SECONDS} s, no thinking...`);
    const beforeThroughput = await metrics(url);
    const throughput = await runLoad({ url, durationMs: TP_SECONDS * 1000, concurrent: TP_TABLES, players: 5 });
    const afterThroughput = await metrics(url);
    const throughputResults = {
      finished: throughput.finished,
      failed: throughput.failed,
      gamesPerSecond: Number(throughput.gamesPerSecond.toFixed(2)),
      commandsPerSecondClients: Math.round(throughput.commandsPerSecond),
      commandsPerSecondAllSeats: Math.round(throughput.gameCommands / (throughput.elapsedMs / 1000)),
      latencyP50Ms: throughput.latencyMs.p50,
      latencyP99Ms: throughput.latencyMs.p99,
      serverLatencyP50AtMostMs: serverQuantile(beforeThroughput, afterThroughput, 0.5),
      serverLatencyP99AtMostMs: serverQuantile(beforeThroughput, afterThroughput, 0.99),
      logFlushP99AtMostMs: quantileBetween(beforeThroughput, afterThroughput, 0.99, "flushBuckets"),
      errors: throughput.errors,
    };
    console.log(JSON.stringify({ throughput: throughputResults }, null, 2));
  }
} finally {
  await stop();
}
