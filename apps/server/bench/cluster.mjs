// Benchmark of the cluster (`npm run bench:cluster`; not a test). For 1, 2 and 3 node processes on
// loopback, with the local Redis (a fresh key prefix per run) and a fresh database on the local
// PostgreSQL, drives the nodes with the bot load generator (@bang/bots runLoad: real WebSocket clients
// through @bang/client, each seat a client choosing from its own view): BENCH_TABLES tables at once,
// spread evenly over the nodes, for BENCH_SECONDS, nobody thinking. New games are placed on the least
// loaded node, so with N nodes about (N-1)/N of the commands are routed to another node.
// A first run with one node WITHOUT Redis (the single-node default) shows the cluster layer's own cost.
// Then, on 2 nodes, the extra latency of a routed command: BENCH_ROUTED_GAMES games of 4 seats, 2
// clients on each node, comparing the command -> ack time of the clients on the game's owner node
// (local) with that of the clients on the other node (routed through Redis).
// Latency is from a command sent to its answer; the load generator shares the machine's cores.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import { runLoad } from "@bang/bots";
import { gameById } from "@bang/games";
import { BangClient, createGuest, newCommandId } from "@bang/client";

const num = (name, fallback) => Number(process.env[name] ?? fallback);
/** The game every table plays (the figures are the dice game's). */
const GAME = "dice";
const TABLES = num("BENCH_TABLES", 24);
const SECONDS = num("BENCH_SECONDS", 20);
const ROUTED_GAMES = num("BENCH_ROUTED_GAMES", 12);
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

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

/** Nearest-rank percentile of `xs` (ms). */
function percentile(xs, q) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: `${PG}/postgres` });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Starts `n` nodes on one fresh database and Redis prefix; resolves once every /readyz answers 200. */
async function startCluster(n, { redis = true } = {}) {
  const db = `bang_bench_cluster_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${db}"`);
  const prefix = `bench:cluster:${randomBytes(4).toString("hex")}:`;
  const secret = randomBytes(24).toString("hex");
  const nodes = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ID: `n${i + 1}`, DATABASE_URL: `${PG}/${db}`, ...(redis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}), TOKEN_SECRET: secret, BOT_DELAY_MS: "0", GUEST_RATE_LIMIT: "1000000", TABLE_JOIN_RATE_LIMIT: "1000000", TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000", SOCKETS_PER_ADDRESS: "1000000", API_RATE_LIMIT: "1000000", GAMES_PER_PLAYER: "1000", LOG_LEVEL: "error" },
    });
    const url = `http://127.0.0.1:${port}`;
    for (let t = 0; ; t++) {
      const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (t > 300) throw new Error(`node ${i + 1} did not start`);
      await sleep(100);
    }
    nodes.push({ id: `n${i + 1}`, url, child });
  }
  return {
    nodes,
    prefix,
    async stop() {
      await Promise.all(nodes.map((node) => new Promise((r) => (node.child.once("exit", r), node.child.kill("SIGTERM")))));
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await admin(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    },
  };
}

/** Throughput on `n` nodes: TABLES tables at once, spread over the nodes, for SECONDS. */
async function throughput(n, redis = true) {
  const cluster = await startCluster(n, { redis });
  try {
    const share = (i) => Math.floor(TABLES / n) + (i < TABLES % n ? 1 : 0);
    // Warm-up (JIT, connection pools).
    await Promise.all(cluster.nodes.map((node) => runLoad({ url: node.url, game: GAME, tables: 1, players: 5 })));
    const runs = await Promise.all(cluster.nodes.map((node, i) => runLoad({ url: node.url, game: GAME, durationMs: SECONDS * 1000, concurrent: share(i), players: 5, seed: 1000 * (i + 1) })));
    const elapsed = Math.max(...runs.map((r) => r.elapsedMs)) / 1000;
    const finished = runs.reduce((s, r) => s + r.finished, 0);
    const commands = runs.reduce((s, r) => s + r.commands, 0);
    return {
      nodes: redis ? n : "1 (no Redis)",
      gamesPerSecond: +(finished / elapsed).toFixed(1),
      commandsPerSecond: Math.round(commands / elapsed),
      finished,
      failed: runs.reduce((s, r) => s + r.failed, 0),
      // Each driver's percentiles (one per node); the worst one is reported.
      p50Ms: +Math.max(...runs.map((r) => r.latencyMs.p50)).toFixed(1),
      p99Ms: +Math.max(...runs.map((r) => r.latencyMs.p99)).toFixed(1),
      errors: runs.flatMap((r) => r.errors),
    };
  } finally {
    await cluster.stop();
  }
}

/** Command -> ack latency of clients on the owner node (local) and on the other node (routed). */
async function routedLatency() {
  const cluster = await startCluster(2);
  const redis = new Redis(REDIS_URL);
  const local = [];
  const routed = [];
  try {
    const playGame = async (g) => {
      const clients = [];
      for (let i = 0; i < 4; i++) {
        const node = i % 2;
        const guest = await createGuest(cluster.nodes[node].url, `p${g}-${i}`);
        const client = new BangClient({ url: cluster.nodes[node].url, token: guest.token, heartbeatMs: 0 });
        await client.connect();
        clients.push({ client, node, id: guest.player.id, bot: gameById(GAME).bots.heuristic(g * 10 + i) });
      }
      const [host, ...others] = clients;
      const table = await host.client.createTable({ game: GAME, seats: 4, botKind: "heuristic", turnSeconds: 600 });
      for (const p of others) await p.client.joinTable(table.code);
      for (const p of others) await p.client.setReady(table.code, true);
      const { gameId } = await host.client.startGame(table.code);
      const lease = await redis.get(`${cluster.prefix}lease:{${gameId}}`);
      const owner = cluster.nodes.findIndex((n) => lease?.endsWith(`:${n.id}`));
      await Promise.all(
        clients.map(
          (p) =>
            new Promise((resolve, reject) => {
              let busy = false;
              const tick = async () => {
                const view = p.client.view(gameId);
                if (!view || busy) return;
                if (view.waitingFor.length === 0) return resolve(); // game over
                if (!view.waitingFor.includes(p.id)) return;
                busy = true;
                const { by: _by, ...command } = p.bot.choose(view, p.id);
                const t0 = performance.now();
                try {
                  await p.client.send(gameId, command, { id: newCommandId() });
                  (p.node === owner ? local : routed).push(performance.now() - t0);
                } catch (error) {
                  if (!["NOT_YOUR_TURN", "WRONG_PHASE"].includes(error.code)) return reject(error);
                }
                busy = false;
                queueMicrotask(tick);
              };
              p.client.on("state", (id) => id === gameId && queueMicrotask(tick));
              queueMicrotask(tick);
            }),
        ),
      );
      await Promise.all(clients.map((p) => p.client.close().catch(() => undefined)));
    };
    for (let g = 0; g < ROUTED_GAMES; g += 4) await Promise.all(Array.from({ length: Math.min(4, ROUTED_GAMES - g) }, (_, k) => playGame(g + k)));
  } finally {
    redis.disconnect();
    await cluster.stop();
  }
  const stats = (xs) => ({ commands: xs.length, p50Ms: +percentile(xs, 0.5).toFixed(2), p99Ms: +percentile(xs, 0.99).toFixed(2) });
  const l = stats(local);
  const r = stats(routed);
  return { local: l, routed: r, extraP50Ms: +(r.p50Ms - l.p50Ms).toFixed(2), extraP99Ms: +(r.p99Ms - l.p99Ms).toFixed(2) };
}

const results = { machine: `${process.version}, ${cpus().length} cores shared by the nodes, Redis, PostgreSQL and the load generator`, tables: TABLES, seconds: SECONDS, throughput: [] };
for (const [n, redis] of [[1, false], [1, true], [2, true], [3, true]]) {
  console.log(`throughput on ${n} node(s)${redis ? " with Redis" : ", single-node mode (no REDIS_URL)"}: ${TABLES} tables at once for ${SECONDS} s...`);
  const r = await throughput(n, redis);
  results.throughput.push(r);
  console.log(`  ${r.gamesPerSecond} games/s, ${r.commandsPerSecond} commands/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${r.finished} finished, ${r.failed} failed)`);
}
console.log(`routed vs local commands on 2 nodes: ${ROUTED_GAMES} games...`);
results.routing = await routedLatency();
console.log(JSON.stringify(results, null, 2));
process.exit(0);
