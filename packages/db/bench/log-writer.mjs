// Benchmark: command-log entries appended per second through the batched log writer, with 100
// concurrent games that each send their next command only once the previous one is acknowledged
// (as the server does). Median of 5 runs per backend, each run on a new, empty database.
// Not a test: run `npm run bench -w packages/db` (builds first) and read the table.
// Also the event loop's delay while writing (p99 and max, median over the runs).
// Env: BENCH_ENTRIES_PER_GAME (default 40), BENCH_RUNS (5), BENCH_PG_URL (admin url of the local
// PostgreSQL, default postgresql://postgres@127.0.0.1:5432/postgres), BENCH_BACKENDS (pglite,postgresql).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createGameRepository, createLogWriter, openDatabase } from "../dist/index.js";

const GAMES = 100;
const PER_GAME = Number(process.env.BENCH_ENTRIES_PER_GAME ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgresql").split(",");
const setup = { seed: 1, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] };
const command = { type: "roll", by: "a" };

/** A new empty database: { open, dispose }. */
async function store(backend) {
  if (backend === "pglite") {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bang-db-bench-"));
    return { open: () => openDatabase({ url: null, dataDir: dir }), dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `bang_db_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(ADMIN_URL);
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: url.toString() }),
    dispose: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function run(db) {
  const games = createGameRepository(db);
  const ids = [];
  for (let g = 0; g < GAMES; g++) {
    ids.push((await games.createGame({ game: "dice", setup, seats: setup.players.map((p, seat) => ({ seat, name: p.id, botKind: "random" })) })).id);
  }
  const writer = createLogWriter(db);
  // How long the event loop is held up while the log is written (PGlite in the main thread stalls it):
  // the gaps between the ticks of a 1 ms interval, beyond its 1 ms.
  const gaps = [];
  let tick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    gaps.push(now - tick - 1);
    tick = now;
  }, 1);
  const t0 = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      for (let seq = 1; seq <= PER_GAME; seq++) await writer.append(id, { seq, playerId: "a", clientCommandId: `c${seq}`, command });
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(ticker);
  gaps.sort((a, b) => a - b);
  const { flushes, entries } = writer.stats;
  await writer.close();
  return { perSecond: entries / seconds, flushes, entries, seconds, lagP99Ms: gaps[Math.floor(gaps.length * 0.99)] ?? NaN, lagMaxMs: gaps.at(-1) ?? NaN };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const backend of BACKENDS) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await store(backend);
    const db = await s.open();
    try {
      results.push(await run(db));
    } finally {
      await db.close();
      await s.dispose();
    }
  }
  rows.push({
    backend,
    "entries/s (median)": Math.round(median(results.map((r) => r.perSecond))),
    "entries/s (min..max)": `${Math.round(Math.min(...results.map((r) => r.perSecond)))}..${Math.round(Math.max(...results.map((r) => r.perSecond)))}`,
    "entries/flush (median)": Math.round(median(results.map((r) => r.entries / r.flushes))),
    "event loop lag p99 ms (median)": Number(median(results.map((r) => r.lagP99Ms)).toFixed(1)),
    "event loop lag max ms (median)": Number(median(results.map((r) => r.lagMaxMs)).toFixed(1)),
    "entries per run": GAMES * PER_GAME,
  });
}
console.table(rows);
console.log(`node ${process.version}, ${GAMES} concurrent games x ${PER_GAME} entries, ${RUNS} runs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
