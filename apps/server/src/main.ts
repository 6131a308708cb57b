#!/usr/bin/env node
/**
 * Starts one game server node from the environment (see config.ts): the embedded PGlite in DATA_DIR by
 * default, PostgreSQL with DATABASE_URL. SIGTERM and SIGINT drain the node gracefully: SIGTERM (an
 * orchestrator, a balancer in front) after SHUTDOWN_DELAY_MS of /readyz 503, SIGINT (Ctrl-C) at once.
 */
import { pathToFileURL } from "node:url";
import { isAbsolute, resolve } from "node:path";
import { createAdminSetupRepository } from "@bang/db";
import { loadGameModules } from "@bang/games";
import { firstRunMessage, prepareFirstRun } from "./admin/first-run.js";
import { buildNode, type Node } from "./app.js";
import { loadConfig, type Config } from "./config.js";
import type { GameStore } from "./persistence/store.js";
import { openStore } from "./persistence/prisma-store.js";

/**
 * Starts the node; a refusal to start (a bad variable, a game module that does not load, a queue of a
 * game the node lacks, an unreachable database) is one line naming its cause, and exit code 1 (the
 * stack too with LOG_LEVEL debug or trace).
 */
async function start() {
  try {
    const config = loadConfig();
    // Extra game modules first: stored games of those games are restored with the node's.
    await loadGameModules(config.GAME_MODULES.map((s) => (s.startsWith(".") || isAbsolute(s) ? pathToFileURL(resolve(s)).href : s)));
    const store = await openStore(config);
    const node = await buildNode(config, store);
    // The first-run link before the node listens: whoever sees it listening can use it (and a test or
    // a supervisor reading the output finds it there by then).
    await announceFirstRun(node, store, config);
    // A deep accept backlog: after a node restart every client reconnects at once.
    await node.app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
    return { config, node };
  } catch (error) {
    const verbose = ["debug", "trace"].includes(process.env.LOG_LEVEL ?? "");
    console.error(`bang server: cannot start: ${error instanceof Error ? (verbose ? error.stack : error.message) : String(error)}`);
    process.exit(1);
  }
}

/**
 * No admin account yet: says how to get in, on stdout (never in the JSON logs), the link only once
 * (admin/first-run.ts). A failure to check is logged and the node serves on.
 */
async function announceFirstRun(node: Node, store: GameStore, config: Config): Promise<void> {
  try {
    const message = firstRunMessage(await prepareFirstRun(createAdminSetupRepository(store.db), config.ADMIN_SETUP_TTL_S), config.WEB_URL);
    if (message) process.stdout.write(`${message}\n`);
  } catch (err) {
    node.app.log.warn({ err }, "could not check for the first-run admin setup");
  }
}

const { config, node } = await start();

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    node
      .shutdown(`server shutting down (${signal})`, { delayMs: signal === "SIGTERM" ? config.SHUTDOWN_DELAY_MS : 0 })
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        node.app.log.error({ err }, "shutdown failed");
        process.exit(1);
      });
  });
}
