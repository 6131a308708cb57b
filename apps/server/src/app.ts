import websocket from "@fastify/websocket";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import type { Connection } from "./gateway/connection.js";
import type { GameStore } from "./persistence/store.js";
import { services } from "./plugins/services.js";
import { gameRoutes } from "./routes/games.js";
import { guestRoutes } from "./routes/guests.js";
import { healthRoutes } from "./routes/health.js";
import { wsRoutes } from "./routes/ws.js";

/** A node, built and ready to listen, with its graceful shutdown. */
export interface Node {
  app: FastifyInstance;
  /** Stops taking games, finishes the writes, closes sockets with a reason, closes the store. */
  shutdown(reason?: string): Promise<void>;
}

/**
 * Builds a game server node (Fastify 5): external plugins (WebSocket, OpenAPI), then the node's
 * services, then the routes, with one error handler that hides the details of server faults.
 */
export async function buildNode(config: Config, store: GameStore): Promise<Node> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: 16 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
  });
  const connections = new Set<Connection>();

  // External plugins. Frames up to 64 KiB reach our parser, which refuses anything over 16 KiB with a
  // FRAME_TOO_LARGE error before closing; ws itself closes on anything larger.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "Bang! The Dice Game server", version: "0.1.0", description: "HTTP API of a game server node. Play happens over the WebSocket at /ws (see packages/protocol)." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string; validation?: unknown }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, "request failed");
      return reply.code(status).send({ code: "INTERNAL", message: "internal server error" });
    }
    return reply.code(status).send({ code: error.validation ? "INVALID_MESSAGE" : (error.code ?? "BAD_REQUEST"), message: error.message });
  });

  // Our services, then routes.
  await app.register(services, { config, store });
  await app.register(healthRoutes);
  await app.register(guestRoutes);
  await app.register(gameRoutes);
  await app.register(wsRoutes, { connections });

  let closing: Promise<void> | null = null;
  const shutdown = (reason = "server shutting down") =>
    (closing ??= (async () => {
      app.log.info({ reason }, "draining");
      await app.host.drain();
      for (const c of connections) c.close(1001, reason);
      app.host.dispose();
      await app.close();
      await store.close();
    })());
  return { app, shutdown };
}
