/**
 * Several real server NODE PROCESSES (apps/server/dist/main.js) as one cluster, for the multi-node
 * tests: one fresh PostgreSQL database shared by the nodes, one Redis (the shared local one under a
 * unique key prefix, or a private redis-server the test may restart), one token secret, short leases
 * (LEASE_TTL_MS 1500) and heartbeats. Players connect through the SDK to a "home" node; when their
 * socket closes they reconnect to the next node that runs, as behind a load balancer.
 */
import { randomBytes } from "node:crypto";
import { BangClient, createGuest } from "@bang/client";
import { Redis } from "ioredis";
import pg from "pg";
import { WebSocket } from "ws";
import { FAST_RECONNECT, tappedWebSocket, type Player, type TappedSocket } from "../support/players.js";
import { createDatabase, dropDatabase, startServer, type TestServer } from "../support/server.js";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Lease TTL of the test nodes, in ms (short, so failover is quick). */
export const LEASE_TTL_MS = 1500;

export interface TestCluster {
  readonly nodes: TestServer[];
  readonly prefix: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Node ids n1, n2, ... by index. */
  readonly ids: string[];
  /** Is node `i` running and not paused? */
  alive(i: number): boolean;
  /** Marks node `i` paused (SIGSTOP) or not, so that clients avoid it. */
  setPaused(i: number, paused: boolean): void;
  /** The index of the node holding the game's lease now, or null. */
  ownerOf(gameId: string): Promise<number | null>;
  /** A SQL query on the shared database. */
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

/** Starts `count` nodes on one fresh database and Redis prefix. */
export async function startTestCluster(count: number, options: { redisUrl?: string; env?: Record<string, string>; perNodeEnv?: Record<string, string>[] } = {}): Promise<TestCluster> {
  const database = await createDatabase();
  const prefix = `test:cluster-e2e:${randomBytes(4).toString("hex")}:`;
  const redisUrl = options.redisUrl ?? REDIS_URL;
  const secret = randomBytes(24).toString("hex");
  const ids = Array.from({ length: count }, (_, i) => `n${i + 1}`);
  const nodes: TestServer[] = [];
  const paused = new Set<number>();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  db.on("error", () => undefined); // the database is dropped WITH (FORCE) at the end
  const redisKeyOf = (gameId: string) => `${prefix}lease:{${gameId}}`;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: (n) => Math.min(n * 100, 500) });
  redis.on("error", () => undefined);
  await redis.connect().catch(() => undefined);
  try {
    for (const [i, id] of ids.entries()) {
      nodes.push(
        await startServer({
          backend: "postgresql",
          databaseUrl: database.url,
          disconnectGraceMs: 60_000,
          env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, NODE_ID: id, LEASE_TTL_MS: String(LEASE_TTL_MS), HEARTBEAT_MS: "300", TOKEN_SECRET: secret, ...options.env, ...options.perNodeEnv?.[i] },
        }),
      );
    }
  } catch (error) {
    await Promise.all(nodes.map((n) => n.dispose()));
    await dropDatabase(database.name);
    throw error;
  }
  return {
    nodes,
    prefix,
    databaseUrl: database.url,
    redisUrl,
    ids,
    alive: (i) => nodes[i]!.pid !== null && !paused.has(i),
    setPaused: (i, p) => void (p ? paused.add(i) : paused.delete(i)),
    async ownerOf(gameId) {
      const value = await redis.get(redisKeyOf(gameId));
      if (!value) return null;
      const index = ids.indexOf(value.slice(value.indexOf(":") + 1));
      return index < 0 ? null : index;
    },
    async sql<T>(text: string, values: unknown[] = []) {
      return (await db.query(text, values)).rows as T[];
    },
    async dispose() {
      for (const i of paused) if (nodes[i]!.pid) process.kill(nodes[i]!.pid!, "SIGCONT");
      await Promise.all(nodes.map((n) => n.dispose()));
      await db.end();
      const stale = await redis.keys(`${prefix}*`).catch(() => [] as string[]);
      if (stale.length > 0) await redis.del(...stale).catch(() => undefined);
      redis.disconnect();
      await dropDatabase(database.name);
    },
  };
}

/**
 * A player whose client connects to node `home` first and, after each lost socket, to the next node
 * of the cluster that runs (a client-side load balancer).
 */
export async function clusterPlayer(cluster: TestCluster, home: number, name: string): Promise<Player & { nodes: number[] }> {
  const guest = await createGuest(cluster.nodes[home]!.url, name);
  const sockets: TappedSocket[] = [];
  const visited: number[] = [];
  const Tapped = tappedWebSocket(sockets);
  let next = home;
  class Balanced extends (Tapped as unknown as typeof WebSocket) {
    constructor(_url: string) {
      let i = next;
      for (let k = 0; k < cluster.nodes.length && !cluster.alive(i); k++) i = (i + 1) % cluster.nodes.length;
      visited.push(i);
      next = (i + 1) % cluster.nodes.length;
      super(`ws://127.0.0.1:${cluster.nodes[i]!.port}/ws`);
    }
  }
  const client = new BangClient({ url: cluster.nodes[home]!.url, token: guest.token, WebSocket: Balanced as never, reconnect: FAST_RECONNECT, heartbeatMs: 0, requestTimeoutMs: 20_000, maxCommandRetries: 20 });
  const player = { guest, id: guest.player.id, client, sockets, errors: [] as Player["errors"], nodes: visited };
  client.on("error", (e) => player.errors.push(e));
  await client.connect();
  return player;
}

/** The stored log of a game and its fencing token. */
export async function storedLog(cluster: TestCluster, gameId: string): Promise<{ fencingToken: number; lastSeq: number; status: string; entries: { seq: number; clientCommandId: string; playerId: string }[] }> {
  const [game] = await cluster.sql<{ fencingToken: number; lastSeq: number; status: string }>(`SELECT "fencingToken", "lastSeq", status FROM "Game" WHERE id = $1`, [gameId]);
  const entries = await cluster.sql<{ seq: number; clientCommandId: string; playerId: string }>(`SELECT seq, "clientCommandId", "playerId" FROM "CommandLogEntry" WHERE "gameId" = $1 ORDER BY seq`, [gameId]);
  return { ...game!, entries };
}
