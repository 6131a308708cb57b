// `npm run bench:peers` (not a test): this project's server against boardgame.io 0.50 and Colyseus
// 0.18, each hosting the same dice game module (@bang/game-dice: create, apply, view, toAct, bots) and
// played by the same tables: T tables of 5 seats at once, every seat a client of that server driven
// by the module's heuristic bot, nobody thinking. Runs are interleaved (project on PostgreSQL,
// boardgame.io, Colyseus, project on PGlite, then again, ROUNDS times), each on a freshly started
// server, each in a fresh driver process at a lower CPU priority. Per run: commands/s, latency p50/p99
// (send → the resulting update received by the sender), server CPU per command (/proc/<pid>/stat), the
// driver's CPU per command (and its user part: its JavaScript, as its system part is mostly socket writes), the
// load average; then the medians over rounds and the ratios project/peer, as markdown tables.
//   BENCH_PEERS_TABLES   list of T (default 50; e.g. 10,50,200)
//   BENCH_PEERS_SECONDS  measuring window per run, s (default 20), after BENCH_PEERS_WARMUP_SECONDS
//                        (default 5 + T/20: the tables form before the window)
//   BENCH_PEERS_ROUNDS   rounds (default 3)
//   BENCH_PEERS_TARGETS  which of project-pg,bgio,colyseus,project-pglite (default all, in that order)
//   BENCH_PEERS_BOT      heuristic (default) or random
//   BENCH_LOADGEN_NICE   the driver's niceness, 0 to 19 (default 10); BENCH_PG the PostgreSQL server
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { runDriver } from "./run-driver.mjs";
import { mediansByTarget, ratio } from "./stats.mjs";
import { KIND, startTarget, TARGETS } from "./targets.mjs";

function list(name, fallback) {
  return (process.env[name] ?? fallback).split(",").map((s) => s.trim()).filter(Boolean);
}
function positive(name, fallback, { integer = true, zero = false } = {}) {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0 || (!zero && v === 0) || (integer && !Number.isInteger(v))) {
    console.error(`${name} must be a ${integer ? "whole " : ""}number ${zero ? ">= 0" : "> 0"}, got ${process.env[name]}`);
    process.exit(2);
  }
  return v;
}

const TABLES = list("BENCH_PEERS_TABLES", "50").map((t) => {
  const n = Number(t);
  if (!(Number.isInteger(n) && n > 0)) {
    console.error(`BENCH_PEERS_TABLES must list whole numbers > 0, got ${process.env.BENCH_PEERS_TABLES}`);
    process.exit(2);
  }
  return n;
});
const SECONDS = positive("BENCH_PEERS_SECONDS", 20, { integer: false });
/** Warm-up before the window: given, or 5 s + 1 s per 20 tables (200 tables take a while to form). */
const WARMUP_GIVEN = process.env.BENCH_PEERS_WARMUP_SECONDS === undefined ? null : positive("BENCH_PEERS_WARMUP_SECONDS", 5, { integer: false, zero: true });
const warmupFor = (tables) => WARMUP_GIVEN ?? 5 + Math.ceil(tables / 20);
const ROUNDS = positive("BENCH_PEERS_ROUNDS", 3);
const NICE = positive("BENCH_LOADGEN_NICE", 10, { zero: true });
const BOT = process.env.BENCH_PEERS_BOT ?? "heuristic";
const targets = list("BENCH_PEERS_TARGETS", TARGETS.join(","));
for (const t of targets) {
  if (!TARGETS.includes(t)) {
    console.error(`BENCH_PEERS_TARGETS: unknown target ${t} (targets: ${TARGETS.join(", ")})`);
    process.exit(2);
  }
}
if (!["heuristic", "random"].includes(BOT) || NICE > 19) {
  console.error("BENCH_PEERS_BOT must be heuristic or random, BENCH_LOADGEN_NICE 0 to 19");
  process.exit(2);
}
/** Extra node flags for the driver (for example `--cpu-prof --cpu-prof-dir=/tmp/p`), split on spaces. */
const DRIVER_NODE_ARGS = (process.env.BENCH_PEERS_DRIVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
const DRIVER = fileURLToPath(new URL("./driver.mjs", import.meta.url));

/** Runs driver.mjs for one run (niced), resolving with its JSON line. */
const drive = (config) => runDriver(DRIVER, config, { nice: NICE, nodeArgs: DRIVER_NODE_ARGS });

const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : "-");
const stamp = Date.now();
console.log(`bench:peers: T = ${TABLES.join(", ")} tables of 5 seats (${BOT} bots, nobody thinking), ${WARMUP_GIVEN ?? "5 + T/20"} s warm-up + ${SECONDS} s measured per run, ${ROUNDS} rounds of ${targets.join(" → ")}`);
console.log(`machine: ${process.version}, ${cpus().length} cores shared by the server, the driver (nice ${NICE}) and PostgreSQL; load average now ${(await import("./proc.mjs")).loadAverage()}`);

const runs = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const tables of TABLES) {
    for (const target of targets) {
      const server = await startTarget(target, `${stamp}_${round}_${tables}_${target.replace("-", "_")}`);
      try {
        const r = await drive({ kind: KIND[target], url: server.url, serverPid: server.pid, pgNeedle: server.pgNeedle, tables, warmupSeconds: warmupFor(tables), seconds: SECONDS, botKind: BOT });
        runs.push({ target, tables, round, ...r });
        const failures = r.failed ? `, ${r.failed} failed tables (${r.firstError})` : "";
        console.log(
          `round ${round} T=${tables} ${target}: ${fmt(r.commandsPerSecond)} commands/s, p50 ${fmt(r.p50Ms, 1)} ms, p99 ${fmt(r.p99Ms, 1)} ms, server CPU ${fmt(r.serverCpuMsPerCommand, 2)} ms/command` +
            `${r.pgCpuMsPerCommand != null ? ` (+ PostgreSQL ${fmt(r.pgCpuMsPerCommand, 2)})` : ""}, driver ${fmt(r.driverCpuMsPerCommand, 2)} (user ${fmt(r.driverUserCpuMsPerCommand, 3)}), load ${r.loadAverage}${failures}`,
        );
      } catch (error) {
        console.log(`round ${round} T=${tables} ${target}: FAILED: ${error.message}`);
      } finally {
        await server.stop();
      }
    }
  }
}

// The tables: per T, each target's medians over rounds, and the ratios project/peer.
for (const tables of TABLES) {
  const atT = runs.filter((r) => r.tables === tables);
  const medians = mediansByTarget(atT.map((r) => ({ ...r, pgCpuMsPerCommand: r.pgCpuMsPerCommand ?? Number.NaN })));
  console.log(`\n### ${tables} tables (medians of ${ROUNDS} rounds)\n`);
  console.log("| target | commands/s | p50 ms | p99 ms | server CPU ms/command | driver CPU ms/command | load average of each run |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const m of medians) {
    console.log(`| ${m.target} | ${fmt(m.commandsPerSecond)} | ${fmt(m.p50Ms, 1)} | ${fmt(m.p99Ms, 1)} | ${fmt(m.serverCpuMsPerCommand, 2)} | ${fmt(m.driverCpuMsPerCommand, 2)} | ${m.loadAverages.join(", ")} |`);
  }
  const by = Object.fromEntries(medians.map((m) => [m.target, m]));
  const pairs = [
    ["project-pg", "bgio"],
    ["project-pg", "colyseus"],
    ["project-pglite", "bgio"],
    ["project-pglite", "colyseus"],
  ].filter(([a, b]) => by[a] && by[b]);
  if (pairs.length > 0) {
    console.log("\n| project / peer | commands/s | p99 | server CPU per command | commands/s per round (interleaved) |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const [a, b] of pairs) {
      const perRound = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const x = atT.find((r) => r.target === a && r.round === round);
        const y = atT.find((r) => r.target === b && r.round === round);
        if (x && y) perRound.push(ratio(x.commandsPerSecond, y.commandsPerSecond));
      }
      console.log(`| ${a} / ${b} | ${ratio(by[a].commandsPerSecond, by[b].commandsPerSecond)} | ${ratio(by[a].p99Ms, by[b].p99Ms)} | ${ratio(by[a].serverCpuMsPerCommand, by[b].serverCpuMsPerCommand)} | ${perRound.join(", ")} |`);
    }
  }
}
console.log(`\nruns (JSON): ${JSON.stringify(runs.map(({ firstError, ...r }) => r))}`);
