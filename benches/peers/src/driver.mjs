// One run of `npm run bench:peers`, in a process of its own (started niced by main.mjs: the clients
// stand for people on other machines and take only what the server leaves). Plays `tables` tables of 5
// bot seats at once on one target for warmupSeconds + seconds (then lets the running games finish),
// reads the server's CPU time (and PostgreSQL's backends of its database, if named) at the edges of
// the measuring window, and prints one JSON line: the run's figures (see stats.mjs summarizeRun).
// Usage: node driver.mjs '{"kind":"project"|"bgio"|"colyseus","url":...,"serverPid":...,...}'
import { runLoad } from "@bang/bots";
import { playBgioTable } from "./bgio/driver.mjs";
import { playColyseusTable } from "./colyseus/driver.mjs";
import { cpuMsOf, cpuMsOfMatching, loadAverage } from "./proc.mjs";
import { runTables } from "./seat.mjs";
import { summarizeRun } from "./stats.mjs";

const config = JSON.parse(process.argv[2] ?? "{}");
const { kind, url, serverPid, pgNeedle = null, tables, warmupSeconds, seconds, botKind = "heuristic", seed = 1 } = config;
const PLAYERS = 5;
/** Seeds of two tables are this far apart: their seats' bots never share a seed. */
const SEED_STRIDE = 8;

const samples = [];
const onSample = (sentAt, ms) => samples.push({ sentAt, ms });
/** The driver's CPU time so far, ms: user + system, and user alone (its JavaScript; system is mostly its socket writes). */
const driverCpuMs = () => {
  const u = process.cpuUsage();
  return { total: (u.user + u.system) / 1000, user: u.user / 1000 };
};
const reading = () => {
  const driver = driverCpuMs();
  return { at: performance.now(), server: cpuMsOf(serverPid), pg: pgNeedle ? cpuMsOfMatching(pgNeedle) : Number.NaN, driver: driver.total, driverUser: driver.user };
};

const durationMs = (warmupSeconds + seconds) * 1000;
let start = null;
let end = null;
let load = Number.NaN;
setTimeout(() => (start = reading()), warmupSeconds * 1000);
setTimeout(() => {
  end = reading();
  load = loadAverage();
}, durationMs);

let outcome;
if (kind === "project") {
  const summary = await runLoad({ url, game: "dice", durationMs, concurrent: tables, players: PLAYERS, botKind, seed, onLatency: (ms, sentAt) => onSample(sentAt, ms) });
  outcome = { tablesPlayed: summary.tables, finished: summary.finished, failed: summary.failed, firstError: summary.errors[0] ? `${summary.errors[0].code}: ${summary.errors[0].message}` : null };
} else {
  const play = kind === "bgio" ? playBgioTable : kind === "colyseus" ? playColyseusTable : null;
  if (!play) throw new Error(`driver: unknown kind ${kind}`);
  const result = await runTables({ concurrent: tables, durationMs, playTable: (index) => play({ url, players: PLAYERS, seed: seed + index * SEED_STRIDE, botKind, onSample }) });
  outcome = { tablesPlayed: result.tables, finished: result.finished, failed: result.failed, firstError: result.firstError ? String(result.firstError.message ?? result.firstError) : null };
}
if (!start || !end) throw new Error("driver: the run ended before its measuring window closed");
const figures = summarizeRun({ samples, from: start.at, windowMs: end.at - start.at, serverCpuMs: [start.server, end.server], driverCpuMs: [start.driver, end.driver] });
const pgCpuMsPerCommand = pgNeedle && figures.commands > 0 ? (end.pg - start.pg) / figures.commands : null;
const driverUserCpuMsPerCommand = figures.commands > 0 ? (end.driverUser - start.driverUser) / figures.commands : null;
process.stdout.write(`${JSON.stringify({ ...figures, pgCpuMsPerCommand, driverUserCpuMsPerCommand, loadAverage: load, windowSeconds: (end.at - start.at) / 1000, ...outcome })}\n`);
process.exit(0);
