// CPU per log flush on PostgreSQL: 3,000 flushes one after the other (commitLog, 10 games x 1 entry each,
// one pooled connection) on a new database; prints the PostgreSQL backend's CPU (from /proc, by the
// backends of that database), this process's CPU and the wall time, per flush. Compares builds: pass
// another checkout's packages/db/dist as the argument (default: this package's dist).
// `node packages/db/bench/flush-cpu.mjs [dist]` after `npm run build`; BENCH_PG: the server.
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
const dist = process.argv[2] ?? new URL("../dist", import.meta.url).pathname;
const { openDatabase, createGameRepository, commitLog } = await import(`${dist}/index.js`);
const ADMIN = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
const name = `bang_prep_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client(`${ADMIN}/postgres`);
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const db = await openDatabase({ url: `${ADMIN}/${name}`, poolSize: 1 });
const games = createGameRepository(db);
const ids = [];
for (let i = 0; i < 10; i++) ids.push((await games.createGame({ game: "dice", setup: { seed: 1, players: [{ id: "a" }] }, seats: [{ seat: 0, botKind: "random", name: "b" }] })).id);
const cpuOf = async () => {
  const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [name]);
  let t = 0;
  for (const { pid } of rows) { try { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); t += Number(f[11]) + Number(f[12]); } catch {} }
  return t * 10; // ms (100 Hz)
};
const FLUSHES = 3000;
let seq = 0;
const flush = async () => { seq++; const batch = new Map(ids.map((id) => [id, [{ seq, playerId: "a", clientCommandId: `c${seq}`, command: { type: "roll", by: "a" } }]])); const f = await commitLog(db, batch); if (f.size) throw new Error([...f.values()][0].message); };
for (let i = 0; i < 50; i++) await flush();
const cpu0 = await cpuOf(); const t0 = process.cpuUsage(); const w0 = performance.now();
for (let i = 0; i < FLUSHES; i++) await flush();
const wall = performance.now() - w0; const node = process.cpuUsage(t0); const cpu1 = await cpuOf();
console.log(JSON.stringify({ dist, pgCpuMsPerFlush: +((cpu1 - cpu0) / FLUSHES).toFixed(3), nodeCpuMsPerFlush: +((node.user + node.system) / 1000 / FLUSHES).toFixed(3), wallMsPerFlush: +(wall / FLUSHES).toFixed(3), load: readFileSync("/proc/loadavg", "utf8").split(" ")[0] }));
await db.close(); await admin.query(`DROP DATABASE ${name} WITH (FORCE)`); await admin.end();
