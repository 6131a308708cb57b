import type { FastifyInstance } from "fastify";
import { Connection } from "../gateway/connection.js";

/** GET /ws: the WebSocket gateway. Every table change reaches the sockets of its seated players. */
export async function wsRoutes(app: FastifyInstance, opts: { connections: Set<Connection> }): Promise<void> {
  const { connections } = opts;
  app.lobby.onChange((table) => {
    for (const c of connections) c.tableChanged(table);
  });
  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket) => {
    if (!app.host.accepts) {
      socket.close(1001, "server shutting down");
      return;
    }
    const connection = new Connection(socket, { games: app.games, tables: app.lobby, identity: app.identity, log: app.log, sockets: app.metrics.sockets });
    connections.add(connection);
    socket.on("close", () => connections.delete(connection));
  });
}

