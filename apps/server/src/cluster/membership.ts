/**
 * Node membership: which server nodes are alive, where to reach them and how busy they are.
 *
 * A registered node's heartbeat writes, in one Lua script, `node:<nodeId>` = JSON NodeInfo with a TTL
 * and its entry in the sorted set `nodes` with score = Redis time + TTL (epoch ms). A node that stops
 * (crash, partition) disappears when its TTL runs out: its key expires by itself and liveNodes() prunes
 * the sorted set. All times are Redis's (TIME), never the nodes' clocks, so membership does not depend on
 * the nodes' clocks agreeing. A heartbeat after Redis restarted (and lost everything) registers the node
 * again.
 */
import type { ClusterKeys } from "./keys.js";
import { LuaScript, type Redis } from "./redis.js";

/** What a node says about itself. */
export interface NodeInfo {
  /** Where clients and other nodes reach it, e.g. "http://10.0.0.5:8080". */
  url: string;
  /** When the process started, epoch ms (for display and for telling restarts apart). */
  startedAt: number;
  /** Running games (or any load figure the placement uses), a non-negative number. */
  load: number;
}

/** A node whose heartbeat is fresh. */
export interface LiveNode extends NodeInfo {
  nodeId: string;
  /** Time before the node drops out unless it beats again, in ms (Redis time). */
  expiresInMs: number;
}

export interface MembershipOptions {
  /** Time between two heartbeats, in ms. Default 2000. */
  heartbeatMs?: number;
  /** How long a heartbeat keeps a node alive, in ms; more than heartbeatMs (3x is good). Default 6000. */
  ttlMs?: number;
  /** Heartbeat failures (Redis unreachable): the loop goes on and beats again next interval. */
  onError?: (error: Error) => void;
  /** Called after each heartbeat Redis took (this node reaches Redis). */
  onBeat?: () => void;
}

export interface Membership {
  /** This node's id once registered, else null. */
  readonly nodeId: string | null;
  /**
   * Registers this node and starts its heartbeat. Resolves after the first heartbeat is stored; rejects
   * with the Redis error if it could not be (the node is then not registered). Throws when already
   * registered.
   */
  register(nodeId: string, info: NodeInfo): Promise<void>;
  /** Changes what the next heartbeats publish (e.g. the load). */
  update(patch: Partial<NodeInfo>): void;
  /** Beats now. Rejects with the Redis error. */
  heartbeat(): Promise<void>;
  /**
   * Nodes with a fresh heartbeat, sorted by id. Prunes the members whose expiry (score) has passed; a
   * member whose key has just expired but whose score the prune did not reach yet is left out and
   * pruned by a later call. Rejects with the Redis error.
   */
  liveNodes(): Promise<LiveNode[]>;
  /** Stops the heartbeat and removes this node at once (graceful shutdown). */
  deregister(): Promise<void>;
  /** Stops the heartbeat without touching Redis: the node drops out after its TTL, like a crash. */
  stop(): void;
}

// KEYS[1] node key, KEYS[2] nodes set; ARGV[1] nodeId, ARGV[2] JSON info, ARGV[3] ttlMs.
const BEAT = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return 1
`);

// KEYS[1] nodes set. Returns {now, {nodeId, expiresAt, ...}} after removing expired members.
const LIVE = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return {now, redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')}
`);

/** Membership of this node through `redis` under `keys`. Throws RangeError for bad timings. */
export function createMembership(redis: Redis, keys: ClusterKeys, options: MembershipOptions = {}): Membership {
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const ttlMs = options.ttlMs ?? 6000;
  if (!Number.isSafeInteger(heartbeatMs) || heartbeatMs < 1) throw new RangeError(`heartbeatMs must be a positive integer, got ${heartbeatMs}`);
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= heartbeatMs) throw new RangeError(`ttlMs must be an integer above heartbeatMs (${heartbeatMs}), got ${ttlMs}`);
  let self: { nodeId: string; info: NodeInfo } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;

  const beat = async (): Promise<void> => {
    if (!self) throw new Error("this node is not registered");
    await BEAT.run(redis, [keys.node(self.nodeId), keys.nodes()], [self.nodeId, JSON.stringify(self.info), ttlMs]);
    options.onBeat?.();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  return {
    get nodeId() {
      return self?.nodeId ?? null;
    },
    async register(nodeId, info) {
      if (self) throw new Error(`already registered as node ${self.nodeId}`);
      checkInfo(info);
      self = { nodeId, info: { url: info.url, startedAt: info.startedAt, load: info.load } };
      try {
        await beat();
      } catch (error) {
        self = null;
        throw error;
      }
      timer = setInterval(() => {
        if (beating || !self) return; // the previous beat hangs: do not pile up
        beating = beat()
          .catch((error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))))
          .finally(() => {
            beating = null;
          });
      }, heartbeatMs);
    },
    update(patch) {
      if (!self) throw new Error("this node is not registered");
      const info = { ...self.info, ...patch };
      checkInfo(info);
      self.info = info;
    },
    heartbeat: beat,
    async liveNodes() {
      const reply = await LIVE.run(redis, [keys.nodes()], []);
      if (!Array.isArray(reply) || typeof reply[0] !== "number" || !Array.isArray(reply[1])) throw new Error(`unexpected membership reply ${JSON.stringify(reply)}`);
      const now: number = reply[0];
      const flat: unknown[] = reply[1];
      const members: { nodeId: string; expiresAt: number }[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) members.push({ nodeId: String(flat[i]), expiresAt: Number(flat[i + 1]) });
      if (members.length === 0) return [];
      const infos = await redis.mget(members.map((m) => keys.node(m.nodeId)));
      const live: LiveNode[] = [];
      members.forEach((m, i) => {
        const info = parseInfo(infos[i] ?? null);
        if (info) live.push({ nodeId: m.nodeId, ...info, expiresInMs: Math.max(0, m.expiresAt - now) });
      });
      return live.sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
    },
    async deregister() {
      stop();
      if (!self) return;
      const { nodeId } = self;
      self = null;
      await beating;
      await redis.multi().del(keys.node(nodeId)).zrem(keys.nodes(), nodeId).exec();
    },
    stop() {
      stop();
      self = null;
    },
  };
}

function checkInfo(info: NodeInfo): void {
  if (typeof info.url !== "string" || info.url.length === 0) throw new TypeError("node url must be a non-empty string");
  if (!Number.isFinite(info.startedAt)) throw new TypeError(`startedAt must be epoch ms, got ${info.startedAt}`);
  if (!Number.isFinite(info.load) || info.load < 0) throw new RangeError(`load must be a non-negative number, got ${info.load}`);
}

/** A stored NodeInfo, or null when missing (expired between the two reads) or malformed. */
function parseInfo(text: string | null): NodeInfo | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { url, startedAt, load } = value as Record<string, unknown>;
    if (typeof url !== "string" || typeof startedAt !== "number" || typeof load !== "number") return null;
    return { url, startedAt, load };
  } catch {
    return null;
  }
}
