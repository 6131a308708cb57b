/**
 * The cluster layer of a node, switched on by REDIS_URL: one Redis connection (plus the bus's
 * subscriber connection), the bus with this node's inbox, membership with the node's load, the game
 * leases and their keep-alive, the node's games (ClusterGames) and the lobby across nodes
 * (ClusterLobby), and the placement of new games on the least loaded live node.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { GameNotDealt } from "../games/deal-errors.js";
import type { GameHost } from "../games/host.js";
import type { RoomSeat } from "../games/types.js";
import type { GameStore } from "../persistence/store.js";
import { TableError, type TableRegistry } from "../tables/registry.js";
import { createRedisBus, type Json, type MessageBus, type RequestHandler, type Unsubscribe } from "./bus.js";
import { ClusterGames, type GameRequest } from "./games.js";
import { createKeys } from "./keys.js";
import { createLeases, keepAlive, type LeaseKeeper } from "./lease.js";
import { ClusterLobby, type TableRequest } from "./lobby.js";
import { createMembership, type LiveNode, type Membership } from "./membership.js";
import { connectRedis, type Redis } from "./redis.js";
import { watchRedis, type RedisWatch } from "./redis-watch.js";

/** The running cluster layer of a node. */
export interface ClusterRuntime {
  readonly nodeId: string;
  /** When this node's process joined, epoch ms (its NodeInfo.startedAt: tells a restart with the same id apart). */
  readonly startedAt: number;
  readonly games: ClusterGames;
  readonly lobby: ClusterLobby;
  /**
   * The cluster bus (Redis pub/sub), for other services of the node: publish/subscribe on channels of
   * their own (under the cluster prefix) and requests to another node's inbox.
   */
  readonly bus: MessageBus;
  /** Redis of the cluster (shared connection: never close it; keys under `config.REDIS_PREFIX`). */
  readonly redis: Redis;
  /**
   * Serves requests of `kind` sent to this node's inbox (`bus.request(nodeId, { kind, ... })`) with
   * `handler`. The kinds of the cluster itself (table, command, presence, createGame, claim) are
   * taken. Throws when `kind` is served already.
   */
  serve(kind: string, handler: RequestHandler): void;
  /** This node has not reached Redis for longer than a lease (it owns no game now): /readyz says 503. */
  readonly redisLost: boolean;
  /** Redis is lost here while another node is ready: this node's players are better served elsewhere. */
  readonly isolated: boolean;
  /** Calls `listener` each time this node becomes isolated (see `isolated`). */
  onIsolated(listener: () => void): void;
  /** Live nodes (membership), sorted by id. Rejects when Redis is unreachable. */
  liveNodes(): Promise<LiveNode[]>;
  /** Placement: creates a table's game on the least loaded live node; resolves with its id. */
  place(args: { game: string; seats: RoomSeat[]; tableCode: string | null; turnSeconds: number; gameOptions?: Record<string, unknown> }): Promise<{ id: string }>;
  /** SIGTERM: leaves the membership (no new game comes here), then hands every owned game over. */
  drain(): Promise<void>;
  /** Stops every timer and closes the connections (after drain). */
  close(): Promise<void>;
}

/**
 * Connects the node to the cluster (config.REDIS_URL) and starts it: inbox served, node registered,
 * orphan scan running. Rejects when Redis does not answer (the node then does not start).
 */
export async function startCluster(args: { config: Config; store: GameStore; host: GameHost; tables: TableRegistry; log: FastifyBaseLogger }): Promise<ClusterRuntime> {
  const { config, store, host, tables } = args;
  const log = args.log.child({ nodeId: config.NODE_ID });
  const nodeId = config.NODE_ID;
  const ttl = config.LEASE_TTL_MS;
  const redis: Redis = await connectRedis(config.REDIS_URL!, { name: `bang-${nodeId}`, onError: (e) => log.debug({ err: e }, "redis connection error") });
  const keys = createKeys(config.REDIS_PREFIX);
  const bus: MessageBus = await createRedisBus({ keys, publisher: redis, onError: (e) => log.debug({ err: e }, "bus error") });
  let watch: RedisWatch | null = null;
  const membership: Membership = createMembership(redis, keys, { heartbeatMs: config.HEARTBEAT_MS, ttlMs: 3 * config.HEARTBEAT_MS, onError: (e) => log.warn({ err: e }, "heartbeat failed"), onBeat: () => watch?.ok() });
  const leases = createLeases(redis, keys);
  let games: ClusterGames | null = null;
  const keeper: LeaseKeeper = keepAlive(leases, Math.max(1, Math.floor(ttl / 3)), {
    onLost: (lease, reason) => games?.lost(lease, reason),
    onError: (e) => log.warn({ err: e }, "lease renewal failed"),
  });
  games = new ClusterGames({ nodeId, host, store, bus, redis, keys, leases, keeper, membership, leaseTtlMs: ttl, log });
  const owned = games;
  const lobby = new ClusterLobby(tables, { nodeId, redis, keys, bus, log });
  host.onFinished((room) => {
    owned.finished(room);
    if (room.tableCode) lobby.finished(room.tableCode);
  });

  const services = new Map<string, RequestHandler>();
  const stopServing: Unsubscribe = await bus.serve(nodeId, async (message) => {
    const request = message as unknown as GameRequest | TableRequest;
    if (request.kind === "table") return lobby.handle(request);
    const service = services.get(request.kind);
    if (service) return service(message);
    return owned.handle(request);
  });
  await lobby.connect(config.HEARTBEAT_MS);
  const startedAt = Date.now();
  await membership.register(nodeId, { url: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`, startedAt, load: host.size });
  // Games this node placed lately, by node, so that a burst does not pile onto one node before the
  // loads it publishes catch up (a load is at most two heartbeats old).
  const recent: { nodeId: string; at: number }[] = [];
  const recentOn = (id: string) => {
    const since = performance.now() - 3 * config.HEARTBEAT_MS;
    while (recent.length > 0 && recent[0]!.at < since) recent.shift();
    return recent.filter((r) => r.nodeId === id).length;
  };
  const loadTimer = setInterval(() => {
    if (membership.nodeId) membership.update({ load: host.size });
  }, config.HEARTBEAT_MS);
  owned.start();
  let draining = false;
  const isolatedListeners = new Set<() => void>();
  const redisWatch = watchRedis({
    lostAfterMs: ttl,
    everyMs: config.HEARTBEAT_MS,
    peers: async () => (await membership.liveNodes()).filter((n) => n.nodeId !== nodeId).map((n) => n.url),
    ready: async (url) => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok,
    onIsolated: () => {
      log.error({ lostAfterMs: ttl }, "Redis unreachable from this node while other nodes serve: closing its sockets");
      for (const listener of isolatedListeners) listener();
    },
    onBack: () => log.warn("Redis answers again"),
  });
  watch = redisWatch;

  return {
    nodeId,
    startedAt,
    games: owned,
    lobby,
    bus,
    redis,
    serve(kind, handler) {
      if (["table", "command", "presence", "createGame", "claim"].includes(kind) || services.has(kind)) throw new Error(`requests of kind "${kind}" are served already`);
      services.set(kind, handler);
    },
    get redisLost() {
      return redisWatch.lost;
    },
    get isolated() {
      return redisWatch.isolated;
    },
    onIsolated(listener) {
      isolatedListeners.add(listener);
    },
    liveNodes: () => membership.liveNodes(),
    async place(game) {
      let target = nodeId;
      try {
        const live = (await membership.liveNodes()).filter((n) => !draining || n.nodeId !== nodeId);
        const score = (n: LiveNode) => n.load + recentOn(n.nodeId);
        const best = Math.min(...live.map(score));
        const least = live.filter((n) => score(n) === best);
        if (least.length > 0) target = (least.find((n) => n.nodeId === nodeId) ?? least[Math.floor(Math.random() * least.length)]!).nodeId;
      } catch (error) {
        log.warn({ err: error }, "membership unreachable: the game starts here");
      }
      recent.push({ nodeId: target, at: performance.now() });
      const here = () =>
        owned.createLocal(game).catch((error: unknown) => {
          // The module could not deal the game (nothing stored): no node would, so no RETRY.
          if (error instanceof GameNotDealt) throw new TableError(error.code, error.message);
          log.warn({ err: error }, "the game could not be created (Redis or the store failed)");
          throw new TableError("RETRY", "the game could not be started just now: start it again");
        });
      if (target === nodeId) return here();
      try {
        const reply = (await bus.request(target, { kind: "createGame", ...game } as unknown as Json, 5000)) as { id: string };
        return { id: reply.id };
      } catch (error) {
        log.warn({ err: error, target }, "placement on another node failed: the game starts here");
        return here();
      }
    },
    async drain() {
      draining = true;
      clearInterval(loadTimer);
      await membership.deregister().catch(() => undefined);
      await owned.drain();
    },
    async close() {
      clearInterval(loadTimer);
      redisWatch.stop();
      membership.stop();
      lobby.close();
      await owned.close();
      keeper.stop();
      await stopServing();
      await bus.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
