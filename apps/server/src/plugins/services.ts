import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { GameHost } from "../games/host.js";
import { createMetrics, type NodeMetrics } from "../games/metrics.js";
import { createIdentity, tokenSecret, type Identity } from "../identity/tokens.js";
import type { GameStore } from "../persistence/store.js";
import { TableRegistry } from "../tables/registry.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: GameStore;
    identity: Identity;
    host: GameHost;
    tables: TableRegistry;
    metrics: NodeMetrics;
  }
}

/**
 * The node's services, shared with every route: the store, identity, the actor host, the lobby and the
 * metrics. Restores the running games of the store before the node takes traffic.
 */
export const services = fp(
  async (app: FastifyInstance, opts: { config: Config; store: GameStore }) => {
    const { config, store } = opts;
    app.decorate("config", config);
    app.decorate("store", store);
    app.decorate("identity", createIdentity(tokenSecret(config.TOKEN_SECRET, config.DATA_DIR)));
    let host: GameHost | null = null;
    const metrics = createMetrics(() => host?.size ?? 0);
    host = new GameHost(store, { botDelayMs: config.BOT_DELAY_MS, disconnectGraceMs: config.DISCONNECT_GRACE_MS }, metrics, app.log);
    app.decorate("metrics", metrics);
    app.decorate("host", host);
    const tables = new TableRegistry(host);
    host.onFinished((room) => {
      if (room.tableCode) tables.finished(room.tableCode);
    });
    app.decorate("tables", tables);
    const restored = await host.restore();
    if (restored > 0) app.log.info({ restored }, "running games restored from the store");
  },
  { name: "bang-services" },
);
