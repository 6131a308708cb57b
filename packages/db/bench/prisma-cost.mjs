// The PGlite worker's CPU per Prisma statement outside a transaction: N guests created
// (players.createGuest, an INSERT) and N players read back (prisma.player.findUnique, a SELECT), one
// after the other, on a new PGlite folder. Prints the worker's CPU (the process but its main thread),
// the main thread's and the wall time per call, for each kind. Compares builds: pass another checkout's
// packages/db/dist as the second argument. A bench tool, not a test:
//   node packages/db/bench/prisma-cost.mjs [statements of each kind, default 500] [dist]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const N = Number(process.argv[2] ?? 500);
const dist = process.argv[3] ?? new URL("../dist", import.meta.url).pathname;
const { openDatabase, createPlayerRepository } = await import(`${dist}/index.js`);
const cpuOfStat = (file) => {
  const f = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
};
const total = () => cpuOfStat(`/proc/${process.pid}/stat`);
const main = () => cpuOfStat(`/proc/${process.pid}/task/${process.pid}/stat`);
const dir = mkdtempSync(join(tmpdir(), "bang-prisma-cost-"));
const db = await openDatabase({ url: null, dataDir: dir });
const players = createPlayerRepository(db);
const ids = [];
for (let i = 0; i < 30; i++) ids.push((await players.createGuest(`warm ${i}`)).id);
/** Runs `step` N times; the worker's and the main thread's CPU and the wall time per run, in ms. */
async function measure(step) {
  const t0 = total();
  const m0 = main();
  const w0 = performance.now();
  for (let i = 0; i < N; i++) await step(i);
  const wall = performance.now() - w0;
  const m = main() - m0;
  const per = (x) => +(x / N).toFixed(3);
  return { workerCpuMs: per(total() - t0 - m), mainCpuMs: per(m), wallMs: per(wall) };
}
const insert = await measure(async (i) => ids.push((await players.createGuest(`guest ${i}`)).id));
const select = await measure((i) => db.prisma.player.findUnique({ where: { id: ids[i] } }));
console.log(JSON.stringify({ dist, n: N, createGuest: insert, findUnique: select, load: readFileSync("/proc/loadavg", "utf8").split(" ")[0] }));
await db.close();
rmSync(dir, { recursive: true, force: true });
