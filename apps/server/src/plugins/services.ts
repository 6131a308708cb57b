import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { GameHost } from "../games/host.js";
import { createMetrics, type NodeMetrics } from "../games/metrics.js";
import { createIdentity, tokenSecret, type Identity } from "../identity/tokens.js";
import type { GameStore } from "../persistence/store.js";
import { startCluster, type ClusterRuntime } from "../cluster/runtime.js";
import { redisSocketCounts } from "../cluster/socket-counts.js";
import { memorySocketCounts, type SocketCounts } from "../limits/socket-counts.js";
import type { GameDirectory } from "../games/types.js";
import { TableRegistry, type GameFactory, type Lobby } from "../tables/registry.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: GameStore;
    identity: Identity;
    host: GameHost;
    /** This node's private tables. */
    tables: TableRegistry;
    metrics: NodeMetrics;
    /** The games sockets use: the host itself, or the cluster's directory (REDIS_URL). */
    games: GameDirectory;
    /** The lobby sockets use: this node's tables, or the cluster's lobby. */
    lobby: Lobby;
    /** The cluster layer, null on a single node. */
    cluster: ClusterRuntime | null;
    /** Where new games start (tables, queues, tournaments): this node, or the cluster's placement. */
    gameFactory: GameFactory;
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
    const metrics = createMetrics(() => host?.size ?? 0, () => store.pendingEntries?.() ?? 0, () => store.flushesRunning?.() ?? 0);
    host = new GameHost(store, { botDelayMs: config.BOT_DELAY_MS, disconnectGraceMs: config.DISCONNECT_GRACE_MS, refusalBudget: { burst: config.REFUSAL_BURST, perSecond: config.REFUSALS_PER_SECOND } }, metrics, app.log);
    store.onFlush?.((f) => metrics.logFlushed(f.durationMs / 1000, f.entries));
    app.decorate("metrics", metrics);
    app.decorate("host", host);
    const owner = host;
    let cluster: ClusterRuntime | null = null;
    // New games: on this node, or placed on the least loaded live node of the cluster.
    const factory: GameFactory = {
      get accepts() {
        return owner.accepts;
      },
      createGame: (args) => (cluster ? cluster.place(args) : owner.createGame(args)),
    };
    app.decorate("gameFactory", factory);
    // Table starts under way per person (GAMES_PER_PLAYER): in memory, in Redis once the cluster is up.
    let starts: SocketCounts = memorySocketCounts();
    const tables = new TableRegistry(factory, {
      runningGamesOf: (ids) => store.runningGameCounts(ids),
      starts: { add: (id) => starts.add(id), remove: (id) => starts.remove(id) },
      maxRunningGames: config.GAMES_PER_PLAYER,
    });
    app.decorate("tables", tables);
    if (config.REDIS_URL) {
      // A cluster node: running games are claimed by the orphan scan, not restored all at once.
      cluster = await startCluster({ config, store, host, tables, log: app.log });
      const runtime = cluster;
      starts = redisSocketCounts({ redis: runtime.redis, prefix: config.REDIS_PREFIX, nodeId: runtime.nodeId, startedAt: runtime.startedAt, liveNodes: () => runtime.liveNodes(), refreshMs: config.HEARTBEAT_MS, name: "starts" });
      app.decorate("cluster", cluster);
      app.decorate("games", cluster.games);
      app.decorate("lobby", cluster.lobby);
      app.log.info({ nodeId: cluster.nodeId }, "cluster node started");
      return;
    }
    host.onFinished((room) => {
      if (room.tableCode) tables.finished(room.tableCode);
    });
    app.decorate("cluster", null);
    app.decorate("games", host);
    app.decorate("lobby", tables);
    const restored = await host.restore();
    if (restored > 0) app.log.info({ restored }, "running games restored from the store");
  },
  { name: "bang-services" },
);
