#!/usr/bin/env node
/**
 * Starts one game server node from the environment (see config.ts): the embedded PGlite in DATA_DIR by
 * default, PostgreSQL with DATABASE_URL. SIGTERM and SIGINT drain the node gracefully: SIGTERM (an
 * orchestrator, a balancer in front) after SHUTDOWN_DELAY_MS of /readyz 503, SIGINT (Ctrl-C) at once.
 */
import { buildNode } from "./app.js";
import { loadConfig } from "./config.js";
import { openStore } from "./persistence/prisma-store.js";

const config = loadConfig();
const store = await openStore(config);
const node = await buildNode(config, store);
// A deep accept backlog: after a node restart every client reconnects at once.
await node.app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });

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
