// Benchmark of the public replay endpoint (`npm run bench:replay`; not a test): the server's CPU time
// per GET /api/games/:id/replay. Starts the built server on a fresh database of the local PostgreSQL
// (BOT_DELAY_MS=0, the replay budgets lifted: REPLAY_RATE_LIMIT, REPLAY_COLD_RATE_LIMIT), plays
// BENCH_REPLAY_TABLES finished dice games of 8 seats (one client seat, the server's bots on the others)
// and replays the longest:
//   spectator   the same replay asked again and again by an anonymous client (the issue 18 attack);
//   admin       an admin stepping through every position `at` = 0..n of that game (the admin page);
//   distinct    the last view of each finished game once (a cache holds nothing yet for most).
// CPU is the server process's user + system time (/proc/<pid>/stat, Linux), divided by the requests;
// requests are sent one at a time, so nothing else runs on the server meanwhile.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { runLoad } from "@bang/bots";

const num = (name, fallback) => Number(process.env[name] ?? fallback);
const TABLES = num("BENCH_REPLAY_TABLES", 6);
const REQUESTS = num("BENCH_REPLAY_REQUESTS", 300);
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef";
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = num("BENCH_CLK_TCK", 100);

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The CPU time (user + system) process `pid` has used so far, in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

const db = `bang_bench_replay_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${db}`);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [fileURLToPath(new URL("../dist/main.js", import.meta.url))], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: `${PG}/${db}`, BOT_DELAY_MS: "0", GUEST_RATE_LIMIT: "1000000", TABLE_JOIN_RATE_LIMIT: "1000000", TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000", SOCKETS_PER_ADDRESS: "1000000", API_RATE_LIMIT: "1000000", GAMES_PER_PLAYER: "1000", LOG_LEVEL: "warn", ADMIN_TOKEN, REPLAY_RATE_LIMIT: "1000000", REPLAY_COLD_RATE_LIMIT: "1000000", DATA_DIR: `/tmp/${db}` },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = async () => {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await admin.query(`DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
  await admin.end();
};

try {
  for (let t = 0; ; t++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (t > 600) throw new Error("the server did not start");
    await sleep(100);
  }
  const games = [];
  await runLoad({ url, game: "dice", players: 8, humans: 1, tables: TABLES, concurrent: 2, turnSeconds: 600, onTable: (o) => o.ok && games.push(o.result) });
  if (games.length === 0) throw new Error("no game finished");
  const longest = games.reduce((a, b) => (b.seq > a.seq ? b : a));

  /** Sends `paths` one at a time; the server's CPU ms per request (and checks every answer is 200). */
  async function measure(paths, token) {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const before = cpuMs(server.pid);
    const started = performance.now();
    for (const path of paths) {
      const res = await fetch(`${url}${path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    }
    const wall = performance.now() - started;
    return { requests: paths.length, cpuMsPerRequest: +((cpuMs(server.pid) - before) / paths.length).toFixed(2), wallMsPerRequest: +(wall / paths.length).toFixed(2) };
  }
  const replay = (id, at) => `/api/games/${id}/replay${at === undefined ? "" : `?at=${at}`}`;
  // One request first, so that the node's code is warm (JIT) in every phase alike.
  await measure([replay(games[0].gameId)]);
  const spectator = await measure(Array.from({ length: REQUESTS }, () => replay(longest.gameId)));
  const stepping = await measure(Array.from({ length: longest.seq + 1 }, (_, at) => replay(longest.gameId, at)), ADMIN_TOKEN);
  const distinct = await measure(games.filter((g) => g !== games[0]).map((g) => replay(g.gameId)));
  console.log(JSON.stringify({ game: "dice", seats: 8, entries: longest.seq, games: games.length, spectator, adminStepping: stepping, distinctGames: distinct }, null, 2));
} finally {
  await stop();
}
