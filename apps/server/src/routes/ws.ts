import type { FastifyInstance } from "fastify";
import { redisSocketCounts } from "../cluster/socket-counts.js";
import { Connection } from "../gateway/connection.js";
import type { Connections } from "../gateway/connections.js";
import { SocketWatch } from "../gateway/watch.js";
import { memorySocketCounts } from "../limits/socket-counts.js";

/**
 * GET /ws: the WebSocket gateway. Every table change reaches the sockets of its seated players. The
 * node's socket watch closes sockets that send no hello in time and cuts those that stop answering pings.
 */
export async function wsRoutes(app: FastifyInstance, opts: { connections: Connections }): Promise<void> {
  const { connections } = opts;
  const { cluster, config } = app;
  const socketBudget = {
    counts: cluster
      ? redisSocketCounts({ redis: cluster.redis, prefix: config.REDIS_PREFIX, nodeId: cluster.nodeId, startedAt: cluster.startedAt, liveNodes: () => cluster.liveNodes(), refreshMs: config.HEARTBEAT_MS })
      : memorySocketCounts(),
    perAddress: config.SOCKETS_PER_ADDRESS,
    perPlayer: config.SOCKETS_PER_PLAYER,
  };
  const watch = new SocketWatch(connections, { helloTimeoutMs: app.config.HELLO_TIMEOUT_MS, pingMs: app.config.WS_PING_MS });
  watch.start();
  app.addHook("onClose", async () => watch.stop());
  app.lobby.onChange((table) => {
    const seated = new Set<string>();
    for (const s of table.seats) if (s.playerId !== null) seated.add(s.playerId);
    for (const id of seated) for (const c of connections.of(id)) c.tableChanged(table);
  });
  app.onQueueMessage((playerId, message) => {
    for (const c of connections.of(playerId)) c.queueMessage(message);
  });
  app.onQueuePresence((playerId) => connections.has(playerId));
  app.onSeated((playerIds, gameId) => {
    for (const id of new Set(playerIds)) for (const c of connections.of(id)) c.seatedIn(gameId);
  });
  // A node cut off from Redis while others serve sends its players to them (1013: try again later,
  // through the balancer); the SDK reconnects and resumes.
  const ISOLATED = "this node lost the cluster's Redis: reconnect to another node";
  app.cluster?.onIsolated(() => {
    for (const c of connections) c.close(1013, ISOLATED);
  });
  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket, req) => {
    if (!app.host.accepts) {
      socket.close(1001, "server shutting down");
      return;
    }
    if (app.cluster?.isolated) {
      socket.close(1013, ISOLATED);
      return;
    }
    const connection = new Connection(socket, { games: app.games, tables: app.lobby, matchmaker: app.matchmaker, identity: app.identity, log: app.log, sockets: app.metrics.sockets, identified: (c) => connections.identified(c), address: req.ip, tableJoinBudget: app.rateLimits.tableJoin, coldOpenBudget: app.rateLimits.coldOpen, socketBudget }, req.raw.socket);
    connections.add(connection);
    socket.on("close", () => {
      connections.delete(connection);
      // The player's last socket on this node: out of the queue (or the ready check), unless another
      // node of the cluster still holds one of theirs.
      const playerId = connection.playerId;
      if (playerId && !connections.has(playerId)) {
        app.matchmaker.disconnected(playerId).catch((err: unknown) => app.log.error({ err }, "queue cleanup failed"));
      }
    });
  });
}

