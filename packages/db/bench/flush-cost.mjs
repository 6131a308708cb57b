// The database's CPU per log flush as a function of its size: for each batch size n, F flushes one
// after the other of n games x 1 entry (commitLog, as the writer sends them), on a new PostgreSQL
// database or a new PGlite folder. Prints, per size, the CPU per flush and per entry of the database
// (PostgreSQL: its backends, from /proc; PGlite: the node process but its main thread, i.e. the worker
// that runs PGlite), this process's main thread, and the wall time; then a least-squares fit of the
// database's CPU per flush as fixed + per-entry * n. A bench tool, not a test.
//   node packages/db/bench/flush-cost.mjs [pg|pglite] [sizes, default 1,4,16,50] [flushes per size, 600] [dist]
// `dist` is a build of packages/db (default this package's dist), to compare two builds;
// BENCH_PG the PostgreSQL server; BENCH_VARIANT=nofk drops the log's foreign key to Game first
// (to price it), BENCH_VARIANT=json stores the command as json instead of jsonb.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const kind = process.argv[2] ?? "pg";
const sizes = (process.argv[3] ?? "1,4,16,50").split(",").map(Number);
const FLUSHES = Number(process.argv[4] ?? 600);
const dist = process.argv[5] ?? new URL("../dist", import.meta.url).pathname;
const variant = process.env.BENCH_VARIANT ?? "";
const { openDatabase, createGameRepository, commitLog } = await import(`${dist}/index.js`);
const ADMIN = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";

/** CPU ms (user + system) of a /proc stat file. */
const cpuOfStat = (file) => {
  try {
    const f = readFileSync(file, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};

let db;
let cleanup;
let dbCpu;
const name = `bang_cost_${randomBytes(4).toString("hex")}`;
if (kind === "pg") {
  const admin = new pg.Client(`${ADMIN}/postgres`);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  db = await openDatabase({ url: `${ADMIN}/${name}`, poolSize: 1 });
  dbCpu = async () => {
    const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [name]);
    let t = 0;
    for (const { pid } of rows) t += cpuOfStat(`/proc/${pid}/stat`);
    return t;
  };
  cleanup = async () => {
    await db.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), "bang-cost-"));
  db = await openDatabase({ url: null, dataDir: dir });
  // Every thread of this process but the main one: the PGlite worker (and V8's helpers, idle here).
  dbCpu = async () => cpuOfStat(`/proc/${process.pid}/stat`) - cpuOfStat(`/proc/${process.pid}/task/${process.pid}/stat`);
  cleanup = async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
const exec = (text) => (db.kind === "postgresql" ? db.pool.query(text) : db.pglite.exec(text));
if (variant.includes("nofk")) await exec(`ALTER TABLE "CommandLogEntry" DROP CONSTRAINT "CommandLogEntry_gameId_fkey"`);
if (variant.includes("json")) await exec(`ALTER TABLE "CommandLogEntry" ALTER COLUMN command TYPE json`);

const games = createGameRepository(db);
const mainCpu = () => cpuOfStat(`/proc/${process.pid}/task/${process.pid}/stat`);
const results = [];
for (const n of sizes) {
  const ids = [];
  const players = Array.from({ length: 5 }, () => ({ id: randomUUID() }));
  for (let i = 0; i < n; i++) {
    ids.push((await games.createGame({ game: "dice", setup: { seed: "k".repeat(64), players }, seats: players.map((p, seat) => ({ seat, botKind: "random", name: `bot ${seat}` })) })).id);
  }
  let seq = 0;
  const flush = async () => {
    seq++;
    const batch = new Map(ids.map((id) => [id, [{ seq, playerId: players[seq % 5].id, clientCommandId: randomUUID(), command: { type: "resolve", by: players[seq % 5].id, keep: [0, 2, 4] } }]]));
    const f = await commitLog(db, batch);
    if (f.size) throw new Error([...f.values()][0].message);
  };
  for (let i = 0; i < 30; i++) await flush();
  const d0 = await dbCpu();
  const m0 = mainCpu();
  const w0 = performance.now();
  for (let i = 0; i < FLUSHES; i++) await flush();
  const wall = performance.now() - w0;
  const m1 = mainCpu();
  const d1 = await dbCpu();
  const dbMs = (d1 - d0) / FLUSHES;
  results.push({ n, dbCpuMsPerFlush: +dbMs.toFixed(3), dbCpuMsPerEntry: +(dbMs / n).toFixed(4), mainCpuMsPerFlush: +((m1 - m0) / FLUSHES).toFixed(3), wallMsPerFlush: +(wall / FLUSHES).toFixed(3) });
}
// Least squares: dbCpuMsPerFlush = fixed + perEntry * n.
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const xs = results.map((r) => r.n);
const ys = results.map((r) => r.dbCpuMsPerFlush);
const mx = mean(xs);
const my = mean(ys);
const perEntry = xs.length > 1 ? xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0) : Number.NaN;
console.log(JSON.stringify({ kind, variant, dist, flushes: FLUSHES, results, fit: { fixedMs: +(my - perEntry * mx).toFixed(3), perEntryMs: +perEntry.toFixed(4) }, load: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") }));
await cleanup();
