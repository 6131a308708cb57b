// Benchmark of one server node (`npm run bench:server`; not a test). Starts the real server on a fresh
// PostgreSQL database (the local one), then drives it with the bot load generator (@bang/bots runLoad,
// real WebSocket clients through @bang/client) in two phases:
//   capacity   BENCH_GAMES tables of 5 client seats at once, each client thinking BENCH_THINK_MS
//              before each decision, like people: concurrent games, sockets, commands/s, latency (over
//              the whole run, while the tables form, and at the plateau of 1,000 live games), and heap
//              per live game (retained: measured after a full collection forced through the inspector);
//   throughput BENCH_TP_TABLES tables at once for BENCH_TP_SECONDS, no thinking: the node's ceiling.
// Latency is from a command sent to its resulting event received by the sender.
// BENCH_DB=pglite runs the server on embedded PGlite (a temp DATA_DIR) instead of PostgreSQL.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { cpus, setPriority } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { DEFAULT_THINK_JITTER, runLoad, summarizeLatencies } from "@bang/bots";
import { waitReady } from "./ready.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
/** The game every table plays (the figures are the dice game's, 5 seats a table). */
const GAME = "dice";
const GAMES = env("BENCH_GAMES", 1000);
const THINK_MS = env("BENCH_THINK_MS", 2000);
const TP_TABLES = env("BENCH_TP_TABLES", 50);
const TP_SECONDS = env("BENCH_TP_SECONDS", 30);
/** Seconds over which the capacity phase's tables arrive (5 players each). */
const RAMP_SECONDS = env("BENCH_RAMP_SECONDS", 20);
/**
 * The load generator's niceness (0 to 19, default 10). Its 5,000 clients stand for people on other
 * machines: at a lower CPU priority it takes only what the server and PostgreSQL leave, instead of
 * descheduling them when both cores are wanted at once. Its own delay is reported (event loop lag).
 */
const LOADGEN_NICE = env("BENCH_LOADGEN_NICE", 10);
if (!(Number.isInteger(LOADGEN_NICE) && LOADGEN_NICE >= 0 && LOADGEN_NICE <= 19)) {
  console.error(`BENCH_LOADGEN_NICE must be an integer from 0 to 19, got ${process.env.BENCH_LOADGEN_NICE}`);
  process.exit(2);
}

/** Renices every thread of this process (Linux niceness is per thread; threads made later inherit it). */
function niceAllThreads(nice) {
  let tids = [process.pid];
  try {
    tids = readdirSync("/proc/self/task").map(Number);
  } catch {
    // No /proc: the main thread only.
  }
  for (const tid of tids) {
    try {
      setPriority(tid, nice);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
/** The server's database: "postgresql" (default, a fresh database on BENCH_PG) or "pglite" (embedded, in a temp DATA_DIR). */
const DB_KIND = process.env.BENCH_DB ?? "postgresql";
if (DB_KIND !== "postgresql" && DB_KIND !== "pglite") {
  console.error(`BENCH_DB must be postgresql or pglite, got ${DB_KIND}`);
  process.exit(2);
}
/** The server's METRICS_TOKEN for this run (the bench scrapes /metrics). */
const METRICS_TOKEN = `bench-${process.pid}-metrics-token-0123456789`;

/** The 1-minute load average (Linux; else "n/a"). */
function readLoadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ")[0];
  } catch {
    return "n/a";
  }
}

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
  const lines = (await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()).split("\n");
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

/**
 * CPU seconds (user + system) the process `pid` has used so far, from /proc/<pid>/stat (Linux; else
 * NaN). Per command, it is the node's cost whatever else the machine runs (wall-clock figures are not).
 */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build that matters). */
const CLOCK_TICKS = env("BENCH_CLK_TCK", 100);

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

/**
 * The server's inspector (it runs with --inspect on a free port): forces a full garbage collection and
 * reads the heap left, so a measure of retained memory does not depend on when V8 last collected.
 */
function inspectorOf(wsUrl) {
  const socket = new WebSocket(wsUrl);
  const opened = new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  opened.catch(() => undefined); // a call awaits it and gets the error
  let nextId = 1;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.id)?.resolve(message);
    waiting.delete(message.id);
  });
  const failAll = (error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  socket.on("error", (error) => failAll(error));
  socket.on("close", () => failAll(new Error("the inspector connection closed")));
  const call = async (method, params = {}) => {
    await opened;
    const id = nextId++;
    const answer = new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      setTimeout(() => reject(new Error(`${method}: no answer within 60 s`)), 60_000).unref();
    });
    socket.send(JSON.stringify({ id, method, params }));
    const message = await answer;
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result;
  };
  return {
    /** Used heap in bytes after a forced full collection, and how long the collection paused, in ms. */
    async retainedHeap() {
      const t0 = performance.now();
      await call("HeapProfiler.collectGarbage");
      const pauseMs = performance.now() - t0;
      const { result } = await call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
      return { bytes: result.value, pauseMs };
    },
    close: () => socket.close(),
  };
}

const db = `bang_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
if (DB_KIND === "postgresql") await admin.query(`CREATE DATABASE ${db}`);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// BENCH_NODE_ARGS: extra node flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** The server's environment: DATABASE_URL set for PostgreSQL, left out for PGlite (DATA_DIR then). */
function serverEnv() {
  const env = { ...process.env };
  if (DB_KIND === "postgresql") env.DATABASE_URL = `${PG}/${db}`;
  else delete env.DATABASE_URL;
  return env;
}
const server = spawn(process.execPath, ["--inspect=127.0.0.1:0", ...nodeArgs, fileURLToPath(new URL("../dist/main.js", import.meta.url))], {
  env: { ...serverEnv(), PORT: String(port), BOT_DELAY_MS: "0", GUEST_RATE_LIMIT: "1000000", TABLE_JOIN_RATE_LIMIT: "1000000", TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000", SOCKETS_PER_ADDRESS: "1000000", API_RATE_LIMIT: "1000000", GAMES_PER_PLAYER: "1000", LOG_LEVEL: "warn", DATA_DIR: `/tmp/${db}`, METRICS_TOKEN },
  stdio: ["ignore", "inherit", "pipe"],
});
// The inspector announces its address on stderr; every other line the server writes there is passed on.
let announce;
const inspectorUrl = new Promise((resolve, reject) => {
  announce = resolve;
  server.once("exit", (code) => reject(new Error(`the server exited (${code}) before its inspector answered`)));
  setTimeout(() => reject(new Error("the server's inspector did not announce its address within 30 s")), 30_000).unref();
});
inspectorUrl.catch(() => undefined); // awaited below; a rejection before then must not crash the bench
server.stderr.setEncoding("utf8");
createInterface({ input: server.stderr }).on("line", (line) => {
  const found = /Debugger listening on (ws:\/\/\S+)/.exec(line);
  if (found) announce(found[1]);
  else if (!/^(Debugger attached|Debugger ending|For help, see)/.test(line)) process.stderr.write(`${line}\n`);
});
// After the spawn: the server keeps the default priority.
if (LOADGEN_NICE > 0) niceAllThreads(LOADGEN_NICE);
const stop = async () => {
  const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  const kill = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(kill);
  if (DB_KIND === "postgresql") await admin.query(`DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
  await admin.end();
  rmSync(`/tmp/${db}`, { recursive: true, force: true });
};

let inspector = null;
try {
  await waitReady(url);
  // Warm up, then the baseline heap with no game.
  await runLoad({ url, game: GAME, tables: 4, concurrent: 4, players: 5 });
  await new Promise((r) => setTimeout(r, 2000));
  inspector = inspectorOf(await inspectorUrl);
  const baselineRetained = await inspector.retainedHeap();
  const baseline = await metrics(url);

  console.log(`capacity: ${GAMES} tables of 5 client seats arriving over ${RAMP_SECONDS} s, ${THINK_MS} ms of thinking per decision (±${DEFAULT_THINK_JITTER * 100}%)...`);
  const samples = [];
  let last = baseline;
  // Retained heap at the plateau: one forced full collection, when the live games first fall below 99%
  // of the peak after reaching it (the end of the plateau, ~1,000 games still live). The plateau's
  // latency is read before it, so that the measure's own pause is not counted as the server's.
  let retained = null;
  let measuring = false;
  const sampler = setInterval(async () => {
    try {
      const m = await metrics(url);
      samples.push({ ...m, rate: (m.commands - last.commands) / 2 });
      last = m;
      const peak = Math.max(...samples.map((x) => x.games));
      if (!retained && !measuring && peak >= GAMES * 0.9 && m.games < peak * 0.99) {
        measuring = true;
        const at = performance.now();
        const heap = await inspector.retainedHeap();
        retained = { ...heap, at, games: (await metrics(url)).games };
      }
    } catch {}
  }, 2000);
  // Tables join over RAMP_SECONDS (as people arrive), not all in the same millisecond.
  // The load generator's own event loop delay: client latencies include it (it shares the cores).
  stealShare();
  const driverLag = monitorEventLoopDelay({ resolution: 10 });
  driverLag.enable();
  // Every command's send time and latency, for the percentiles of each phase.
  const sentAt = [];
  const latency = [];
  const capacity = await runLoad({
    url,
    game: GAME,
    tables: GAMES,
    concurrent: GAMES,
    players: 5,
    thinkMs: THINK_MS,
    commandTimeoutMs: 60_000,
    rampMs: (RAMP_SECONDS * 1000) / GAMES,
    onLatency: (ms, at) => {
      latency.push(ms);
      sentAt.push(at);
    },
  });
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
  // Steady state, the target's condition: every table formed (the peak of live games reached), then
  // one longest pause (1.5 × THINK_MS) so that no command still waits in the queue the arrivals left.
  const steadyFrom = (samples.find((x) => x.games >= peakGames)?.at ?? plateauStart.at) + 1.5 * THINK_MS;
  const plateauEnd = (retained ? samples.filter((x) => x.at <= retained.at).at(-1) : plateau.at(-1)) ?? afterCapacity;
  const clientLatency = (from, to, doneBefore = Infinity) =>
    summarizeLatencies(latency.filter((ms, i) => sentAt[i] >= from && sentAt[i] < to && sentAt[i] + ms < doneBefore));
  // Up to 2 s before the forced collection, and only commands done before it: none waited for it.
  const steadyTo = Math.max(steadyFrom, retained ? Math.min(plateauEnd.at, retained.at - 2000) : plateauEnd.at);
  const atPlateau = clientLatency(steadyFrom, steadyTo, retained?.at);
  const whileForming = clientLatency(0, steadyFrom);
  const steadyStartSample = samples.filter((x) => x.at <= steadyFrom).at(-1) ?? plateauStart;
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
    // The target's condition: commands sent in the steady state (see steadyFrom) with ~1,000 games live.
    latencySteady: {
      seconds: Math.round((steadyTo - steadyFrom) / 1000),
      commands: atPlateau.samples,
      p50Ms: atPlateau.p50,
      p99Ms: atPlateau.p99,
      maxMs: atPlateau.max,
      serverP99AtMostMs: serverQuantile(steadyStartSample, plateauEnd, 0.99),
    },
    // The arrival of 5,000 players in RAMP_SECONDS, and the queue it leaves.
    latencyWhileTablesForm: { commands: whileForming.samples, p50Ms: whileForming.p50, p99Ms: whileForming.p99 },
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
    // Each 2 s window, as games live / server p99 / log flush p99 / event loop lag p99 (ms; the
    // first two are bucket bounds): when the tail happens, and whether the store or the loop is why.
    serverP99ByWindow: samples
      .slice(1)
      .map((s, i) => `${s.games}/${quantileBetween(samples[i], s, 0.99)}/${quantileBetween(samples[i], s, 0.99, "flushBuckets")}/${Math.round(s.lagP99 * 1000)}`)
      .join(" "),
    heapRetainedPerLiveGameKB: retained ? Math.round((retained.bytes - baselineRetained.bytes) / retained.games / 1024) : null,
    heapRetainedMeasuredAtGames: retained?.games ?? null,
    forcedCollectionPauseMs: retained ? Math.round(retained.pauseMs) : null,
    heapPerLiveGameKB: Math.round(heapPerGame / 1024),
    heapFloorPerLiveGameKB: Math.round(heapFloorPerGame / 1024),
    errors: capacity.errors,
  };
  // Printed at once: the throughput phase may be skipped (BENCH_TP_SECONDS=0) or fail.
  console.log(JSON.stringify({ machine: `${process.version}, ${cpus().length} cores (server and load generator share them; load generator at nice ${LOADGEN_NICE})`, capacity: capacityResults }, null, 2));

  if (TP_SECONDS > 0 && TP_TABLES > 0) {
    console.log(`throughput: ${TP_TABLES} tables at once for ${TP_SECONDS} s, no thinking...`);
    const beforeThroughput = await metrics(url);
    const cpuBefore = cpuSecondsOf(server.pid);
    const loadBefore = readLoadAverage();
    // The server's event loop lag p99 of each 2 s window (prom-client resets its histogram per scrape).
    const lags = [];
    const lagSampler = setInterval(() => {
      metrics(url)
        .then((m) => lags.push(m.lagP99 * 1000))
        .catch(() => undefined);
    }, 2000);
    const throughput = await runLoad({ url, game: GAME, durationMs: TP_SECONDS * 1000, concurrent: TP_TABLES, players: 5 });
    clearInterval(lagSampler);
    const cpuUsed = cpuSecondsOf(server.pid) - cpuBefore;
    const afterThroughput = await metrics(url);
    const accepted = afterThroughput.commands - beforeThroughput.commands;
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
      // The node's own CPU (user + system, /proc) per accepted command and as a share of one core: its
      // cost per command, which other processes on the machine do not inflate as they do wall time.
      serverCpuMsPerCommand: Number(((cpuUsed * 1000) / accepted).toFixed(3)),
      serverCpuPercentOfOneCore: Math.round((cpuUsed * 100) / (throughput.elapsedMs / 1000)),
      serverEventLoopLagP99MedianMs: Math.round(median(lags)),
      serverEventLoopLagP99MaxMs: Math.round(Math.max(...lags)),
      database: DB_KIND,
      loadAverageBeforeAfter: `${loadBefore} / ${readLoadAverage()}`,
      errors: throughput.errors,
    };
    console.log(JSON.stringify({ throughput: throughputResults }, null, 2));
  }
} finally {
  inspector?.close();
  await stop();
}
