// Statements per game: starts the real server (apps/server/dist/main.js) on a fresh database of the
// local PostgreSQL with query-counter.mjs preloaded, plays one warm-up table, then BENCH_QUERY_TABLES
// tables (default 20, 5 at once, 5 seats of the dice game, nobody thinking) with the bot load
// generator, and prints the statements the node sent to PostgreSQL for them, per game, by statement.
// `node apps/server/bench/queries.mjs` after `npm run build`. BENCH_PG: the PostgreSQL server.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { runLoad } from "@bang/bots";
import { waitReady } from "./ready.mjs";

const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
const TABLES = Number(process.env.BENCH_QUERY_TABLES ?? 20);
const GAME = process.env.BENCH_GAME ?? "dice";
const db = `bang_queries_${randomBytes(4).toString("hex")}`;
const file = join(tmpdir(), `${db}.json`);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${db}`);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", fileURLToPath(new URL("./query-counter.mjs", import.meta.url)), fileURLToPath(new URL("../dist/main.js", import.meta.url))], {
  env: { ...process.env, DATABASE_URL: `${PG}/${db}`, PORT: String(port), BENCH_QUERY_FILE: file, BOT_DELAY_MS: "0", GUEST_RATE_LIMIT: "1000000", TABLE_JOIN_RATE_LIMIT: "1000000", TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000", SOCKETS_PER_ADDRESS: "1000000", API_RATE_LIMIT: "1000000", GAMES_PER_PLAYER: "1000", LOG_LEVEL: "warn", SHUTDOWN_DELAY_MS: "0" },
  stdio: ["ignore", "inherit", "inherit"],
});

/** The counts so far (the server writes them on SIGUSR2). */
async function snapshot() {
  rmSync(file, { force: true });
  server.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error("the server did not write its query counts");
}

try {
  await waitReady(url);
  await runLoad({ url, game: GAME, tables: 1, players: 5 });
  // The log writer and the finish are asynchronous to the clients: let them land before counting.
  await new Promise((r) => setTimeout(r, 1000));
  const before = await snapshot();
  const load = await runLoad({ url, game: GAME, tables: TABLES, concurrent: Math.min(5, TABLES), players: 5 });
  await new Promise((r) => setTimeout(r, 1000));
  const after = await snapshot();
  const rows = Object.entries(after)
    .map(([sql, n]) => ({ sql, n: n - (before[sql] ?? 0) }))
    .filter((r) => r.n > 0)
    .sort((a, b) => b.n - a.n);
  const total = rows.reduce((s, r) => s + r.n, 0);
  const isLog = (sql) => /INSERT INTO "CommandLog"|"lastSeq" =|unnest/.test(sql);
  const logTotal = rows.filter((r) => isLog(r.sql)).reduce((s, r) => s + r.n, 0);
  console.log(JSON.stringify({ games: load.finished, failed: load.failed, gameCommands: load.gameCommands, statements: total, perGame: +(total / load.finished).toFixed(2), perGameBesidesLogWriter: +((total - logTotal) / load.finished).toFixed(2) }, null, 1));
  for (const r of rows) console.log(`${(r.n / load.finished).toFixed(2).padStart(7)}  ${r.sql}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(file, { force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
  await admin.end();
}
