import { randomUUID } from "node:crypto";
import { compile as compileProxyAddresses } from "@fastify/proxy-addr";
import { z } from "zod";

/**
 * Node configuration from the environment (all optional: no configuration runs the embedded default).
 * Throws a readable Error naming the variable when one is malformed.
 */
export const configSchema = z.object({
  /** HTTP and WebSocket port; 0 picks a free one (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  /** Embedded PGlite data folder (and the token secret file) when DATABASE_URL is not set. */
  DATA_DIR: z.string().default("./data"),
  /** postgresql://... to use a PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** Secret that signs guest tokens; default: generated once and kept in DATA_DIR/token-secret. */
  TOKEN_SECRET: z.string().min(16).optional(),
  /** Bearer token that grants the admin view (replays with every secret). Unset: no admin access. */
  ADMIN_TOKEN: z.string().min(16).optional(),
  /** First admin account, created at start when no account of that name exists (with ADMIN_PASSWORD). */
  ADMIN_NAME: z.string().trim().min(1).max(64).optional(),
  /** Password of ADMIN_NAME (8+ characters); read once at start, stored only as an argon2id hash. */
  ADMIN_PASSWORD: z.string().min(8).max(256).optional(),
  /**
   * Lifetime of the first-run setup link (printed at start while no admin account exists), in seconds;
   * a node issues a new link at its next start once it has expired.
   */
  ADMIN_SETUP_TTL_S: z.coerce.number().int().min(1).max(7 * 24 * 3600).default(3600),
  /** The web app's address as people open it, for the links the node prints (`npm start` sets it). */
  WEB_URL: z.string().url().optional(),
  /** Lifetime of an admin session (the signed token of POST /api/admin/sessions), in seconds. */
  ADMIN_SESSION_TTL_S: z.coerce.number().int().min(1).max(30 * 24 * 3600).default(8 * 3600),
  /** Origins allowed to call the HTTP API from a browser (CORS): "*" or a comma-separated list. */
  CORS_ORIGIN: z.string().default("*"),
  /**
   * Trust X-Forwarded-For from a load balancer: "true" (any), or a comma-separated list of proxy
   * addresses or CIDRs. Default: no proxy (the socket's address is the client's).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || v === "true" || v === "false" || isProxyList(v), {
      message: 'expected "true", "false", or a comma-separated list of IP addresses, subnets (10.0.0.0/8, 10.0.0.0/255.0.0.0) or the names loopback, linklocal, uniquelocal',
    })
    .transform((v): boolean | string => (v === undefined || v === "" || v === "false" ? false : v === "true" ? true : v)),
  /** Delay before a bot seat plays, in ms (0 in tests and benchmarks). */
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(400),
  /** How long a disconnected player's seat waits before the bot plays for them, in ms. */
  DISCONNECT_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** How long a new WebSocket may take to send a valid hello before it is closed (4008), in ms. */
  HELLO_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /**
   * Time between two WebSocket pings of every socket, in ms: a socket that did not answer the previous
   * ping with a pong is cut (a half-open connection), and its seats are then disconnected.
   */
  WS_PING_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /**
   * On SIGTERM, how long the node answers 503 on /readyz while it still serves as usual, before it
   * drains (so that a load balancer stops sending it traffic first), in ms. SIGINT drains at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(2_000),
  /**
   * Longest time a client may take to send a request's headers, in ms (slow-header clients are cut
   * with 408). Node's own default, 60 s plus its 30 s check, held half-open connections for minutes.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Longest time a client may take to send a whole request (headers and body), in ms. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Bearer token that GET /metrics requires (Prometheus: `authorization: Bearer <token>`). Unset or
   * empty: the node serves no metrics (404), so that nothing about it is public.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).max(256).optional()),
  /**
   * Requests one client address may make per minute to any HTTP route without a budget of its own
   * (admins, /healthz, /readyz, /metrics and the WebSocket upgrade are not counted). A person's pages
   * poll a few a second at most.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1_200),
  /** Replays (GET /api/games/:id/replay) one client address may ask for per minute; admins are not counted. */
  REPLAY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /**
   * Of those, replays of games this node has not replayed yet (the costly ones: the whole log is
   * replayed) per minute and client address.
   */
  REPLAY_COLD_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Games one person may play at once (tables they start or sit at): past it a table's start is TOO_MANY_GAMES. */
  GAMES_PER_PLAYER: z.coerce.number().int().min(1).max(1_000).default(4),
  /**
   * WebSockets open at once per client address (across the cluster) and per player (tabs, devices):
   * past either, the newest socket gets TOO_MANY_SOCKETS and is closed (4029). An address can be a
   * whole school behind one NAT: its budget is the larger.
   */
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(256),
  SOCKETS_PER_PLAYER: z.coerce.number().int().min(1).max(1_000_000).default(16),
  /** Guest identities (POST /api/guests) one client address may create per minute. */
  GUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Lookups of a game id or table code (GET /api/lookup/:ref) per minute and client address. */
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Table joins by code (joinTable, right or wrong code) per minute: per player, and per client address
   * (several players behind one address count together there).
   */
  TABLE_JOIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  TABLE_JOIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Refused commands (each a stored row, DESIGN 5) one player may run up in one game at once, and how
   * many a second after that; past it RATE_LIMITED, nothing stored. A legal command always passes.
   */
  REFUSAL_BURST: z.coerce.number().int().min(1).max(1_000_000).default(20),
  REFUSALS_PER_SECOND: z.coerce.number().min(0.01).max(1_000_000).default(1),
  /** Memory the node keeps replayed games in, in MiB (approximate: the JSON size of their states). */
  REPLAY_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Log writer batching: largest batch and longest wait before a flush, in ms. */
  LOG_BATCH_MAX: z.coerce.number().int().min(1).max(10_000).default(256),
  LOG_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(1_000).default(2),
  /** Log writer flushes running at once on PostgreSQL (each takes a pool connection); PGlite always 1. */
  LOG_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(3),
  /**
   * Game modules to load besides the built-in ones: comma-separated ESM specifiers (a package name, or
   * a file path or URL), each exporting a GameModule as `default` or `module` (docs/adding-a-game.md).
   */
  GAME_MODULES: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean)),
  // Matchmaking, ratings and tournaments (issue 5).
  /** JSON array of queue definitions (see matchmaking/queues.ts); default: the queues of matchmaking/queues.ts. */
  MATCHMAKING_QUEUES: z.string().optional(),
  /** Milliseconds between two matching passes. */
  MATCHMAKING_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Organisers: comma-separated name:token pairs (tokens of 16+ characters). Unset: no organiser. */
  ORGANISER_TOKENS: z.string().optional(),
  /** redis://host:port: runs the node as part of a cluster (needs DATABASE_URL). Unset: a single node. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key and channel of this deployment. */
  REDIS_PREFIX: z.string().min(1).max(100).default("bang:"),
  /** This node's id in the cluster (default: a random one per process). */
  NODE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "letters, digits, . _ - (1 to 64)").default(() => `node-${randomUUID().slice(0, 8)}`),
  /** How long a game's lease lasts without renewal, in ms (renewed every third of it). */
  LEASE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(5_000),
  /** Time between two membership heartbeats, in ms (a node drops out after three missed). */
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Where clients and other nodes reach this node (membership), default http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
})
  .refine((c) => !c.REDIS_URL || c.DATABASE_URL, { message: "REDIS_URL (a cluster) needs DATABASE_URL: the nodes share one PostgreSQL", path: ["REDIS_URL"] })
  .refine((c) => c.HTTP_HEADERS_TIMEOUT_MS <= c.HTTP_REQUEST_TIMEOUT_MS, { message: "must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)", path: ["HTTP_HEADERS_TIMEOUT_MS"] });
export type Config = z.infer<typeof configSchema>;

/** Reads the configuration from `env` (default process.env). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`bad configuration: ${problems}`);
  }
  return parsed.data;
}

/** A TRUST_PROXY list as Fastify reads it: compiled by the same @fastify/proxy-addr, which throws on a bad one. */
function isProxyList(list: string): boolean {
  try {
    compileProxyAddresses(list.split(",").map((part) => part.trim()));
    return true;
  } catch {
    return false;
  }
}
