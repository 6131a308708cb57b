// The servers `npm run bench:peers` compares, each started fresh for each run (fresh database, fresh
// memory), at the default CPU priority, with NODE_ENV=production:
//   project-pg      this project's node (apps/server/dist/main.js) on a new PostgreSQL database,
//                   with the per-address budgets lifted as `npm run bench:server` lifts them
//   project-pglite  the same on embedded PGlite (DATABASE_URL unset, a new DATA_DIR): the default
//   bgio            boardgame.io 0.50 hosting the dice module (bgio/server.mjs)
//   colyseus        Colyseus 0.18 hosting it in a room (colyseus/server.mjs)
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const TARGETS = ["project-pg", "bgio", "colyseus", "project-pglite"];
/** The kind of driver each target is played with (driver.mjs). */
export const KIND = { "project-pg": "project", "project-pglite": "project", bgio: "bgio", colyseus: "colyseus" };

const PROJECT_MAIN = fileURLToPath(new URL("../../../apps/server/dist/main.js", import.meta.url));
const PEER_MAIN = { bgio: fileURLToPath(new URL("./bgio/server.mjs", import.meta.url)), colyseus: fileURLToPath(new URL("./colyseus/server.mjs", import.meta.url)) };
/** Where the project's PostgreSQL databases are made (trust auth, as the tests and bench:server). */
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
/** Extra node flags for every server process (for example `--cpu-prof --cpu-prof-dir=/tmp/p`), split on spaces. */
const SERVER_NODE_ARGS = (process.env.BENCH_PEERS_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The project server's environment: bench:server's (budgets lifted for 5 × T clients on 127.0.0.1). */
function projectEnv(port, dataDir, databaseUrl) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BOT_DELAY_MS: "0",
    GUEST_RATE_LIMIT: "1000000",
    TABLE_JOIN_RATE_LIMIT: "1000000",
    TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000",
    SOCKETS_PER_ADDRESS: "1000000",
    API_RATE_LIMIT: "1000000",
    REPLAY_RATE_LIMIT: "1000000",
    REPLAY_COLD_RATE_LIMIT: "1000000",
    LOOKUP_RATE_LIMIT: "1000000",
    GAMES_PER_PLAYER: "1000",
    LOG_LEVEL: "warn",
    CHECKPOINT_DISABLE: "1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

async function waitFor(check, what, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ends `child` (SIGTERM, SIGKILL after 10 s) and waits for its exit. */
async function end(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(kill);
}

/**
 * Starts target `name` (one of TARGETS) on a free port and resolves once it answers: { url, pid,
 * pgNeedle (the database name on PostgreSQL, whose backends' CPU is read), stop() } (stop ends it and
 * removes its database or data folder). Its stderr is passed on; a server that exits early rejects.
 */
export async function startTarget(name, tag) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child;
  let cleanup = async () => {};
  let pgNeedle = null;
  if (name === "project-pg" || name === "project-pglite") {
    const db = `bang_peers_${tag}`;
    const dataDir = `/tmp/${db}`;
    let databaseUrl = null;
    if (name === "project-pg") {
      const admin = new pg.Client({ connectionString: `${PG}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${db}`);
      await admin.end();
      databaseUrl = `${PG}/${db}`;
      pgNeedle = ` ${db} `;
    }
    child = spawn(process.execPath, [...SERVER_NODE_ARGS, PROJECT_MAIN], { env: projectEnv(port, dataDir, databaseUrl), stdio: ["ignore", "ignore", "inherit"] });
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const admin = new pg.Client({ connectionString: `${PG}/postgres` });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      }
    };
  } else if (PEER_MAIN[name]) {
    child = spawn(process.execPath, [...SERVER_NODE_ARGS, PEER_MAIN[name]], { env: { ...process.env, NODE_ENV: "production", PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  } else {
    throw new Error(`unknown target ${name} (targets: ${TARGETS.join(", ")})`);
  }
  const exitedEarly = new Promise((_, reject) => child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before it was ready`))));
  exitedEarly.catch(() => undefined);
  const ready = name.startsWith("project")
    ? () => fetch(`${url}/readyz`).then((r) => r.ok)
    : // boardgame.io's Lobby API lists its games; Colyseus answers its matchmaking route.
      () => fetch(name === "bgio" ? `${url}/games` : `${url}/matchmake/`).then((r) => r.status < 500);
  try {
    await Promise.race([waitFor(ready, name), exitedEarly]);
  } catch (error) {
    await end(child);
    await cleanup();
    throw error;
  }
  return {
    url,
    pid: child.pid,
    pgNeedle,
    stop: async () => {
      await end(child);
      await cleanup();
    },
  };
}
