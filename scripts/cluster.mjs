#!/usr/bin/env node
// Starts the cluster topology of docker-compose.yml without Docker: three server nodes on loopback
// ports (CLUSTER_PORT, CLUSTER_PORT+1, CLUSTER_PORT+2; default 8081-8083) against the local Redis
// (REDIS_URL, default redis://127.0.0.1:6379) and PostgreSQL (DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/bang_cluster, created when missing). The nodes share one
// TOKEN_SECRET (given, or generated for this run). Clients may connect to any node. Ctrl-C (SIGINT) or
// SIGTERM drains the nodes (their games are stored) and exits; a node that dies alone leaves the others
// serving (they take its games over). Run `npm run cluster` (builds first).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const main = fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url));
if (!existsSync(main)) {
  console.error("apps/server/dist/main.js is missing: run `npm run build` first (npm run cluster does).");
  process.exit(1);
}
const env = process.env;
const basePort = Number(env.CLUSTER_PORT ?? 8081);
const nodes = Number(env.CLUSTER_NODES ?? 3);
const databaseUrl = env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/bang_cluster";
const redisUrl = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const tokenSecret = env.TOKEN_SECRET ?? randomBytes(24).toString("hex");

// Creates the database when it does not exist yet (pg comes with the server's workspace).
const pg = createRequire(new URL("../apps/server/package.json", import.meta.url))("pg");
const target = new URL(databaseUrl);
const name = decodeURIComponent(target.pathname.slice(1));
const admin = new URL(databaseUrl);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.toString() });
try {
  await client.connect();
  const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (found.rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    console.log(`created database ${name}`);
  }
} catch (error) {
  console.error(`PostgreSQL at ${admin.host} is not reachable or refused: ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const children = [];
for (let i = 0; i < nodes; i++) {
  const id = `n${i + 1}`;
  const port = basePort + i;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, NODE_ID: id, PORT: String(port), HOST: env.HOST ?? "127.0.0.1", DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TOKEN_SECRET: tokenSecret },
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.setEncoding("utf8").on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) console.log(`[${id}] ${line}`);
    });
  }
  child.once("exit", (code, signal) => {
    console.log(`[${id}] exited (${code ?? signal})`);
    if (stopping) return;
    // One node down (killed, crashed): the others take its games over once its leases expire, which is
    // what a cluster is for; this script ends only when every node is gone (or on Ctrl-C).
    const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    if (alive.length > 0) console.log(`${alive.length} node(s) still serve; ${id}'s games move to them after its leases expire`);
    else {
      console.log("every node is down");
      process.exit(1);
    }
  });
  children.push(child);
  console.log(`[${id}] http://127.0.0.1:${port}`);
}

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`stopping the nodes (${signal})...`);
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() => process.exit(0));
}
process.once("SIGINT", () => stop("SIGINT"));
process.once("SIGTERM", () => stop("SIGTERM"));
