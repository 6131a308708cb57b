// Watches the project's servers that `npm run bench:peers` starts (apps/server/dist/main.js of the given
// checkout) and, for each, over the same window as the bench (its warm-up after the server is ready,
// then its measured seconds), reads what the database did: the log writer's flushes and entries (the
// node's /metrics: run the bench with METRICS_TOKEN set, 16+ characters), commands accepted, the node's
// CPU split into its main thread and its other threads (on PGlite: the database worker), and on
// PostgreSQL the database's transactions, rows inserted and updated (HOT or not) and its backends' CPU.
// Prints one JSON line per server. A bench tool, not a test:
//   node packages/db/bench/peers-probe.mjs <checkout root> [warm-up s, default 8] [window s, default 20]
// started beside `METRICS_TOKEN=... BENCH_PEERS_TARGETS=... node benches/peers/src/main.mjs`; stop it with Ctrl-C.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";

const root = resolve(process.argv[2] ?? ".");
const WARMUP = Number(process.argv[3] ?? 8);
const WINDOW = Number(process.argv[4] ?? 20);
const MAIN = `${root}/apps/server/dist/main.js`;
const ADMIN = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const cpuOfStat = (file) => {
  try {
    const f = readFileSync(file, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
};
const envOf = (pid) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
const metric = (text, name) => {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`) && !l.includes("le="));
  return line ? Number(line.split(" ").at(-1)) : Number.NaN;
};

async function snapshot(pid, env, admin) {
  const res = await fetch(`http://127.0.0.1:${env.PORT}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
  const text = res.ok ? await res.text() : "";
  // No accepted command yet: the counter's line is not there.
  const accepted = res.ok ? Number(text.split("\n").find((l) => l.startsWith('bang_commands_total{result="accepted"}'))?.split(" ").at(-1) ?? 0) : Number.NaN;
  const s = {
    accepted,
    flushes: metric(text, "bang_log_flush_entries_count"),
    entries: metric(text, "bang_log_flush_entries_sum"),
    flushSeconds: metric(text, "bang_log_flush_seconds_sum"),
    processCpu: cpuOfStat(`/proc/${pid}/stat`),
    mainCpu: cpuOfStat(`/proc/${pid}/task/${pid}/stat`),
  };
  const db = env.DATABASE_URL?.split("/").at(-1);
  if (admin && db) {
    const { rows } = await admin.query(`SELECT xact_commit::float8 AS xacts, tup_inserted::float8 AS ins, tup_updated::float8 AS upd FROM pg_stat_database WHERE datname = $1`, [db]);
    Object.assign(s, rows[0] ?? {});
    const backends = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [db]);
    s.pgCpu = backends.rows.reduce((t, r) => t + (cpuOfStat(`/proc/${r.pid}/stat`) || 0), 0);
    s.backends = backends.rows.length;
    // Per-table counters live in the database itself.
    const c = new pg.Client(`${ADMIN}/${db}`);
    await c.connect();
    const t = await c.query(`SELECT relname, n_tup_ins::float8 AS ins, n_tup_upd::float8 AS upd, n_tup_hot_upd::float8 AS hot FROM pg_stat_user_tables`);
    await c.end();
    s.tables = Object.fromEntries(t.rows.map((r) => [r.relname, r]));
  }
  return s;
}

async function follow(pid) {
  const env = envOf(pid);
  if (!env.METRICS_TOKEN) console.error(`probe: server ${pid} has no METRICS_TOKEN: no flush figures`);
  const admin = env.DATABASE_URL ? new pg.Client(`${ADMIN}/postgres`) : null;
  await admin?.connect();
  try {
    for (let i = 0; i < 600; i++) {
      if (await fetch(`http://127.0.0.1:${env.PORT}/readyz`).then((r) => r.ok).catch(() => false)) break;
      await sleep(100);
    }
    // The bench's window starts its warm-up after the driver process has started (late on a loaded machine).
    const needle = `127.0.0.1:${env.PORT}`;
    for (let i = 0; i < 600; i++) {
      const driver = readdirSync("/proc").some((d) => {
        try {
          const cmd = /^\d+$/.test(d) ? readFileSync(`/proc/${d}/cmdline`, "utf8") : "";
          return cmd.includes("driver.mjs") && cmd.includes(needle);
        } catch {
          return false;
        }
      });
      if (driver) break;
      await sleep(100);
    }
    await sleep(WARMUP * 1000 + 500);
    const a = await snapshot(pid, env, admin);
    await sleep(WINDOW * 1000);
    const b = await snapshot(pid, env, admin);
    const d = (k) => b[k] - a[k];
    const commands = d("accepted");
    const out = {
      pid,
      db: env.DATABASE_URL ? "postgresql" : "pglite",
      commandsPerSecond: +(commands / WINDOW).toFixed(0),
      flushesPerSecond: +(d("flushes") / WINDOW).toFixed(0),
      entriesPerFlush: +(d("entries") / d("flushes")).toFixed(2),
      flushMs: +((d("flushSeconds") * 1000) / d("flushes")).toFixed(2),
      nodeMainCpuMsPerCommand: +(d("mainCpu") / commands).toFixed(3),
      nodeOtherThreadsCpuMsPerCommand: +((d("processCpu") - d("mainCpu")) / commands).toFixed(3),
      load: readFileSync("/proc/loadavg", "utf8").split(" ")[0],
    };
    if (admin) {
      Object.assign(out, {
        pgCpuMsPerCommand: +(d("pgCpu") / commands).toFixed(3),
        transactionsPerCommand: +(d("xacts") / commands).toFixed(3),
        rowsInsertedPerCommand: +(d("ins") / commands).toFixed(3),
        rowsUpdatedPerCommand: +(d("upd") / commands).toFixed(3),
        backends: b.backends,
        perTable: Object.fromEntries(
          Object.keys(b.tables)
            .map((name) => {
              const x = b.tables[name];
              const y = a.tables[name] ?? { ins: 0, upd: 0, hot: 0 };
              return [name, { ins: x.ins - y.ins, upd: x.upd - y.upd, hot: x.hot - y.hot }];
            })
            .filter(([, v]) => v.ins + v.upd > 0),
        ),
      });
    }
    console.log(JSON.stringify(out));
  } catch (error) {
    console.error(`probe: server ${pid}: ${error.message}`);
  } finally {
    await admin?.end();
  }
}

const seen = new Set();
for (;;) {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || seen.has(d)) continue;
    try {
      if (!readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0").includes(MAIN)) continue;
    } catch {
      continue;
    }
    seen.add(d);
    void follow(Number(d));
  }
  await sleep(200);
}
