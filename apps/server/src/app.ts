import cors from "@fastify/cors";
import websocket from "@fastify/websocket";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { Ajv } from "ajv";
import { LIMITS, MISSING_NODES_HEADER } from "@bang/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { Connections } from "./gateway/connections.js";
import { FRAME_LIMITED_SOCKET, socketError } from "./gateway/frame-limit.js";
import type { GameStore } from "./persistence/store.js";
import { matchmaking } from "./plugins/matchmaking.js";
import { adminPlugin } from "./admin/plugin.js";
import { sendError } from "./plugins/errors.js";
import { answerClientError } from "./plugins/client-errors.js";
import { edgeChecks } from "./plugins/edge-checks.js";
import { jsonBodies } from "./plugins/json-body.js";
import { earlyRefusals } from "./plugins/early-refusals.js";
import { exemptFromBudgets, rateLimits } from "./plugins/rate-limits.js";
import { services } from "./plugins/services.js";
import { adminRoutes } from "./routes/admin.js";
import { adminSetupRoutes } from "./routes/admin-setup.js";
import { discoveryRoutes } from "./routes/discovery.js";
import { gameSeatRoutes } from "./routes/game-seats.js";
import { gameRoutes } from "./routes/games.js";
import { guestRoutes } from "./routes/guests.js";
import { healthRoutes } from "./routes/health.js";
import { nodeRoutes } from "./routes/nodes.js";
import { playerRoutes } from "./routes/players.js";
import { queueRoutes } from "./routes/queues.js";
import { ratingRoutes } from "./routes/ratings.js";
import { tournamentRoutes } from "./routes/tournaments.js";
import { wsRoutes } from "./routes/ws.js";

/** A node, built and ready to listen, with its graceful shutdown. */
export interface Node {
  app: FastifyInstance;
  /**
   * Reports not ready (/readyz 503) at once, keeps serving for `delayMs` (default SHUTDOWN_DELAY_MS),
   * then stops taking games, finishes the writes, closes sockets with a reason, closes the store.
   */
  shutdown(reason?: string, options?: { delayMs?: number }): Promise<void>;
}

/**
 * Builds a game server node (Fastify 5): external plugins (WebSocket, OpenAPI), then the node's
 * services, then the routes, with one error handler that hides the details of server faults.
 */
export async function buildNode(config: Config, store: GameStore): Promise<Node> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: 16 * 1024,
    // Behind a load balancer, the client's address (sign-in throttle, logs) comes from X-Forwarded-For.
    trustProxy: config.TRUST_PROXY,
    // A client that trickles its headers or its body is cut (408) instead of holding a connection.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: { headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: checkingInterval(config.HTTP_HEADERS_TIMEOUT_MS) },
    // Errors raised before any route (bad percent-encoding, an over-long path parameter): our body too.
    frameworkErrors: sendError,
    // Requests Node's HTTP parser refused (headers over 16 KiB, not HTTP, too slow): our body too.
    clientErrorHandler: answerClientError,
  });
  // Bodies are validated as they are (`{"name": 7}` is a wrong body, not the name "7"); query strings
  // and path parameters are text, so their numbers are converted.
  const strict = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false });
  const lenient = new Ajv({ coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? strict : lenient).compile(schema));
  const connections = new Connections();
  /** Set once shutdown() began: /readyz answers 503 from then on, through the delay and the drain. */
  let draining = false;

  // External plugins. ws cuts a frame over the protocol's limit as soon as its header declares the
  // length (nothing of it is buffered); FrameLimitedSocket says FRAME_TOO_LARGE before that close.
  // The web app calls the API from the browser (bearer tokens, no cookies).
  // The dashboard calls from another origin: a browser hides every response header not listed here.
  await app.register(cors, {
    origin: config.CORS_ORIGIN === "*" ? "*" : config.CORS_ORIGIN.split(",").map((o) => o.trim()),
    allowedHeaders: ["authorization", "content-type"],
    exposedHeaders: [MISSING_NODES_HEADER, "retry-after"],
    // An OPTIONS without preflight headers is answered like a preflight (204), not with a plain-text 400.
    strictPreflight: false,
  });
  // A client over an HTTP budget is refused from here on until its window ends, before any other hook
  // works for it (right after CORS, so that a browser can read the 429).
  await app.register(earlyRefusals, { exempt: exemptFromBudgets(app) });
  await app.register(websocket, { options: { maxPayload: LIMITS.maxFrameBytes, WebSocket: FRAME_LIMITED_SOCKET }, errorHandler: socketError });
  await app.register(swagger, {
    openapi: {
      info: { title: "Bang! game server", version: "0.1.0", description: "HTTP API of a game server node. Play happens over the WebSocket at /ws (see packages/protocol)." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  jsonBodies(app);
  // Every error body is {code, message} with a protocol code (packages/protocol ERROR_CODES).
  app.setErrorHandler(sendError);
  // Malformed input every route shares (NUL, bad percent-encoding, non-finite numbers): 400 at the edge.
  edgeChecks(app);
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ code: "NOT_FOUND", message: `no route ${req.method} ${req.url}` }));

  // Our services, then routes.
  await app.register(services, { config, store });
  await app.register(rateLimits);
  await app.register(matchmaking);
  await app.register(adminPlugin);
  await app.register(healthRoutes, { draining: () => draining });
  await app.register(guestRoutes);
  await app.register(gameRoutes);
  await app.register(gameSeatRoutes);
  await app.register(discoveryRoutes);
  await app.register(playerRoutes);
  await app.register(nodeRoutes);
  await app.register(queueRoutes);
  await app.register(ratingRoutes);
  await app.register(tournamentRoutes);
  await app.register(wsRoutes, { connections });
  await app.register(adminRoutes, { connections });
  await app.register(adminSetupRoutes);

  let closing: Promise<void> | null = null;
  const shutdown = (reason = "server shutting down", options: { delayMs?: number } = {}) =>
    (closing ??= (async () => {
      // Not ready from now on; the node serves as usual through the delay, so that a load balancer
      // probing /readyz stops sending it new clients before the drain below would refuse them.
      draining = true;
      const delayMs = options.delayMs ?? config.SHUTDOWN_DELAY_MS;
      if (delayMs > 0) {
        app.log.info({ reason, delayMs }, "not ready: draining after the delay");
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      app.log.info({ reason }, "draining");
      // A cluster node hands its games over first, so their players never see an error.
      await app.cluster?.drain().catch((err: unknown) => app.log.error({ err }, "cluster drain failed"));
      await app.host.drain();
      for (const c of connections) c.close(1001, reason);
      app.host.dispose();
      await app.cluster?.close().catch((err: unknown) => app.log.error({ err }, "cluster close failed"));
      await app.close();
      await store.close();
    })());
  return { app, shutdown };
}

/**
 * How often Node looks for requests past their header or request timeout, in ms: a quarter of the
 * header timeout (Node's default, 30 s, let a slow client hold its connection that much longer).
 */
function checkingInterval(headersTimeoutMs: number): number {
  return Math.max(50, Math.min(5_000, Math.floor(headersTimeoutMs / 4)));
}
