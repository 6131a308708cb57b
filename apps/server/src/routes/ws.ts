import type { FastifyInstance } from "fastify";
import { Connection } from "../gateway/connection.js";

/** GET /ws: the WebSocket gateway. Every table change reaches the sockets of its seated players. */
export async function wsRoutes(app: FastifyInstance, opts: { connections: Set<Connection> }): Promise<void> {
  const { connections } = opts;
  app.lobby.onChange((table) => {
    for (const c of connections) c.tableChanged(table);
  });
  app.onQueueMessage((playerId, message) => {
    for (const c of connections) if (c.playerId === playerId) c.queueMessage(message);
  });
  app.onQueuePresence((playerId) => [...connections].some((c) => c.playerId === playerId));
  app.onSeated((playerIds, gameId) => {
    for (const c of connections) if (c.playerId && playerIds.includes(c.playerId)) c.seatedIn(gameId);
  });
  // A node cut off from Redis while others serve sends its players to them (1013: try again later,
  // through the balancer); the SDK reconnects and resumes.
  const ISOLATED = "this node lost the cluster's Redis: reconnect to another node";
  app.cluster?.onIsolated(() => {
    for (const c of connections) c.close(1013, ISOLATED);
  });
  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket) => {
    if (!app.host.accepts) {
      socket.close(1001, "server shutting down");
      return;
    }
    if (app.cluster?.isolated) {
      socket.close(1013, ISOLATED);
      return;
    }
    const connection = new Connection(socket, { games: app.games, tables: app.lobby, matchmaker: app.matchmaker, identity: app.identity, log: app.log, sockets: app.metrics.sockets });
    connections.add(connection);
    socket.on("close", () => {
      connections.delete(connection);
      // The player's last socket on this node: out of the queue (or the ready check), unless another
      // node of the cluster still holds one of theirs.
      const playerId = connection.playerId;
      if (playerId && ![...connections].some((c) => c.playerId === playerId)) {
        app.matchmaker.disconnected(playerId).catch((err: unknown) => app.log.error({ err }, "queue cleanup failed"));
      }
    });
  });
}

