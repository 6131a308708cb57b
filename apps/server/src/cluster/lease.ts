/**
 * Game ownership leases with fencing tokens (DESIGN invariant 2: one writer per game).
 *
 * A lease is a Redis string `lease:{gameId}` = "<token>:<nodeId>" with a TTL; beside it, `fence:{gameId}`
 * is a counter. Acquiring a free lease increments the counter in the same Lua script, so every grant of
 * a game's lease (first claim, takeover after expiry, re-claim after a release) gets a token strictly
 * greater than every earlier one while the counter lives. Renew and release act only for the exact
 * holder (node id AND token), so a deposed owner can never extend or drop its successor's lease.
 *
 * The counter expires with its game: every acquire and renew sets its TTL to the lease's plus a linger
 * (FENCE_LINGER_MS), so it outlives every lease of the game and leaves Redis once the game has had no
 * owner for that long (finished, or abandoned). It can never vanish under a held lease (the fencing
 * guard would refuse the holder). After it expired, a claim starts again from the token stored with
 * the game (`minToken`, from Game.fencingToken), which is what keeps tokens increasing then.
 *
 * Clock assumptions. Expiry is decided by Redis alone, on its own clock: PX is relative, Redis turns it
 * into an absolute time of its host's clock, so a step of that clock (set NTP to slew, not step, on
 * the Redis host) shortens or lengthens every lease. Holders never compare clocks with Redis or with
 * each other: a holder counts the lease's validity on its own monotonic clock (performance.now()) from
 * the moment it SENT the acquire or renew request, which is earlier than Redis started the TTL, minus a
 * drift margin (see keepAlive). That is safe as long as clock RATES agree within the margin (1% + 2 ms),
 * whatever the clock times. It is not safe against a process that pauses (GC, swap, SIGSTOP) between
 * checking its lease and writing: that is what fencing tokens are for (see fencing.ts).
 * If Redis loses its data (no persistence, a failover to a lagging replica) the counter starts again
 * from 0; `minToken` lets the caller pass the highest token it knows to be recorded durably so tokens
 * still increase.
 */
import type { ClusterKeys } from "./keys.js";
import { LuaScript, type Redis } from "./redis.js";

/** Who holds a game now. */
export interface LeaseOwner {
  nodeId: string;
  token: number;
  /** Time left before Redis expires the lease, in ms (as Redis reports it: PTTL). */
  expiresInMs: number;
}

export interface AcquireOptions {
  /**
   * The issued token is greater than this (default 0). Pass the highest token durably recorded for the
   * game (e.g. the Game row's fencingToken) so tokens increase even after Redis lost the counter.
   */
  minToken?: number;
}

/**
 * Lease operations on one Redis connection. Every method rejects with the connection's error when Redis
 * is unreachable or slow (the commands fail fast: see clusterRedisOptions), and with TypeError /
 * RangeError for a malformed id, ttl or token. Durations are in ms, positive integers.
 */
export interface Leases {
  /**
   * Takes the game's lease for `nodeId` for `ttlMs` if nobody holds it (not even `nodeId` itself: a
   * holder renews). Resolves with the new fencing token, or null when the lease is held.
   */
  acquire(gameId: string, nodeId: string, ttlMs: number, options?: AcquireOptions): Promise<{ token: number } | null>;
  /** Extends the lease to `ttlMs` from now if `nodeId` still holds it with `token`. False otherwise. */
  renew(gameId: string, nodeId: string, token: number, ttlMs: number): Promise<boolean>;
  /** Deletes the lease if `nodeId` holds it with `token` (true); anyone else's call changes nothing (false). */
  release(gameId: string, nodeId: string, token: number): Promise<boolean>;
  /** The current holder, or null when the lease is free (expired, released, never taken). */
  owner(gameId: string): Promise<LeaseOwner | null>;
  /**
   * The last token issued for the game (held or not), or null if none was issued, its counter expired
   * (no lease for FENCE_LINGER_MS) or Redis lost it.
   */
  currentToken(gameId: string): Promise<number | null>;
}

// KEYS[1] lease, KEYS[2] fence; ARGV[1] nodeId, ARGV[2] ttlMs, ARGV[3] minToken, ARGV[4] fence ttl (ms).
const ACQUIRE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
local floor = tonumber(ARGV[3])
if current < floor then redis.call('SET', KEYS[2], ARGV[3]) end
local token = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[1], string.format('%d', token) .. ':' .. ARGV[1], 'PX', ARGV[2])
return token
`);

// KEYS[1] lease, KEYS[2] fence; ARGV[1] "<token>:<nodeId>", ARGV[2] ttlMs, ARGV[3] fence ttl (ms).
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`);

// KEYS[1] lease; ARGV[1] "<token>:<nodeId>".
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`);

// KEYS[1] lease. Value and PTTL read atomically.
const OWNER = new LuaScript(`
local value = redis.call('GET', KEYS[1])
if not value then return false end
return {value, redis.call('PTTL', KEYS[1])}
`);

/** How long a game's fence counter outlives its last lease, in ms, by default. */
export const FENCE_LINGER_MS = 60_000;

/** Options of createLeases. */
export interface LeasesOptions {
  /** How long a game's fence counter outlives its last lease, in ms (default FENCE_LINGER_MS). */
  fenceLingerMs?: number;
}

/** Leases stored through `redis` under `keys`. Throws RangeError for a fence linger that is not a positive integer. */
export function createLeases(redis: Redis, keys: ClusterKeys, options: LeasesOptions = {}): Leases {
  const linger = options.fenceLingerMs ?? FENCE_LINGER_MS;
  if (!Number.isSafeInteger(linger) || linger < 1) throw new RangeError(`fenceLingerMs must be a positive integer of ms, got ${linger}`);
  return {
    async acquire(gameId, nodeId, ttlMs, options = {}) {
      const minToken = options.minToken ?? 0;
      checkTtl(ttlMs);
      if (!Number.isSafeInteger(minToken) || minToken < 0) throw new RangeError(`minToken must be a non-negative integer, got ${minToken}`);
      const reply = await ACQUIRE.run(redis, [keys.lease(gameId), keys.fence(gameId)], [checkNode(nodeId), ttlMs, minToken, ttlMs + linger]);
      if (reply === null) return null;
      return { token: asInteger(reply, "acquire") };
    },
    async renew(gameId, nodeId, token, ttlMs) {
      checkTtl(ttlMs);
      return (await RENEW.run(redis, [keys.lease(gameId), keys.fence(gameId)], [holder(nodeId, token), ttlMs, ttlMs + linger])) === 1;
    },
    async release(gameId, nodeId, token) {
      return (await RELEASE.run(redis, [keys.lease(gameId)], [holder(nodeId, token)])) === 1;
    },
    async owner(gameId) {
      const reply = await OWNER.run(redis, [keys.lease(gameId)], []);
      if (reply === null) return null;
      if (!Array.isArray(reply) || typeof reply[0] !== "string") throw new Error(`unexpected owner reply ${JSON.stringify(reply)}`);
      const value: string = reply[0];
      const colon = value.indexOf(":");
      return { token: asInteger(Number(value.slice(0, colon)), "owner"), nodeId: value.slice(colon + 1), expiresInMs: Math.max(0, asInteger(reply[1], "owner")) };
    },
    async currentToken(gameId) {
      const value = await redis.get(keys.fence(gameId));
      return value === null ? null : asInteger(Number(value), "currentToken");
    },
  };
}

/** The lease value of a holder. */
function holder(nodeId: string, token: number): string {
  if (!Number.isSafeInteger(token) || token < 1) throw new RangeError(`a fencing token is a positive integer, got ${token}`);
  return `${token}:${checkNode(nodeId)}`;
}

function checkNode(nodeId: string): string {
  if (nodeId.length === 0) throw new TypeError("node id must not be empty");
  return nodeId;
}

function checkTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) throw new RangeError(`lease ttl must be a positive integer of ms, got ${ttlMs}`);
}

function asInteger(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new Error(`unexpected ${what} reply ${JSON.stringify(value)}`);
  return value;
}

/** A lease this node holds, as keepAlive tracks it. */
export interface HeldLease {
  gameId: string;
  nodeId: string;
  token: number;
  /** The TTL each renewal sets, in ms. */
  ttlMs: number;
}

/** Why a held lease was lost: Redis refused a renewal (deleted, expired, taken), or none succeeded in time. */
export type LeaseLoss = "refused" | "expired";

export interface KeepAliveOptions {
  /** Called once per lost lease, after it stopped being held: stop writing for that game at once. */
  onLost: (lease: HeldLease, reason: LeaseLoss) => void;
  /** Renewal errors (Redis unreachable or slow): the lease is kept until its local deadline passes. */
  onError?: (error: Error) => void;
}

export interface LeaseKeeper {
  /** Leases.acquire, then hold() with the time the request was sent. Throws as hold() before asking Redis. */
  acquire(gameId: string, nodeId: string, ttlMs: number, options?: AcquireOptions): Promise<{ token: number } | null>;
  /**
   * Renews `lease` every interval until it is released, forgotten or lost. `sentAt` is the
   * performance.now() at which the acquire (or last renew) request was sent, default now. Replaces a
   * lease already held for the same game. Throws RangeError when the interval is not shorter than the
   * lease's local validity (ttl minus the drift margin): it could not be renewed in time.
   */
  hold(lease: HeldLease, sentAt?: number): void;
  /** Stops renewing and releases the lease in Redis (true if it was still ours). */
  release(gameId: string): Promise<boolean>;
  /** Stops renewing without touching Redis: the lease expires after its TTL. */
  forget(gameId: string): void;
  /**
   * The token held for the game while its local deadline has not passed, else undefined: the
   * `getToken` of createFencingGuard (a node past its deadline must not write, even before the next
   * tick reports the loss).
   */
  tokenOf(gameId: string): number | undefined;
  /** How long the lease stays valid by this node's clock without another renewal, in ms (0: not held). */
  validForMs(gameId: string): number;
  /** The leases held now. */
  held(): HeldLease[];
  /** Runs a renewal round now (or waits for the one in flight). Never rejects. */
  renewAll(): Promise<void>;
  /** Stops the loop and forgets every lease (they expire in Redis after their TTL). */
  stop(): void;
}

/** Part of the TTL not counted on, for clock rate drift and timer lateness: 1% + 2 ms (as Redlock). */
export function driftMs(ttlMs: number): number {
  return Math.ceil(ttlMs * 0.01) + 2;
}

/**
 * Renews every held lease each `intervalMs` (a third of the TTL is a good interval), all renewals of a
 * round sent together (one round trip on the connection). A lease is lost, reported once through
 * `onLost` and no longer held, when Redis refuses its renewal ("refused": it expired, was deleted or
 * another node holds it), or when no renewal succeeded before its local deadline ("expired"): the send
 * time of the last successful acquire/renew + ttl - driftMs(ttl), on this node's monotonic clock. The
 * deadline is checked on every tick even while a round hangs, so a node cut off from Redis gives its
 * games up before Redis lets another node take them (as long as clock rates agree within the drift).
 */
export function keepAlive(leases: Leases, intervalMs: number, options: KeepAliveOptions): LeaseKeeper {
  if (!Number.isSafeInteger(intervalMs) || intervalMs < 1) throw new RangeError(`keepAlive interval must be a positive integer of ms, got ${intervalMs}`);
  const held = new Map<string, { lease: HeldLease; deadline: number }>();
  let round: Promise<void> | null = null;

  const report = (error: unknown) => {
    try {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // An error hook must not break the loop.
    }
  };
  const lose = (gameId: string, reason: LeaseLoss) => {
    const entry = held.get(gameId);
    if (!entry) return;
    held.delete(gameId);
    try {
      options.onLost(entry.lease, reason);
    } catch (error) {
      report(error);
    }
  };
  const expireOverdue = () => {
    const now = performance.now();
    for (const [gameId, entry] of held) if (now >= entry.deadline) lose(gameId, "expired");
  };

  async function renewRound(): Promise<void> {
    expireOverdue();
    const batch = [...held.values()];
    const sentAt = performance.now();
    const results = await Promise.allSettled(batch.map(({ lease }) => leases.renew(lease.gameId, lease.nodeId, lease.token, lease.ttlMs)));
    let failure: unknown = null;
    results.forEach((result, i) => {
      const entry = batch[i]!;
      if (held.get(entry.lease.gameId) !== entry) return; // released, forgotten or replaced meanwhile
      if (result.status === "rejected") failure ??= result.reason;
      else if (result.value) entry.deadline = sentAt + entry.lease.ttlMs - driftMs(entry.lease.ttlMs);
      else lose(entry.lease.gameId, "refused");
    });
    if (failure !== null) report(failure);
    expireOverdue();
  }

  const renewAll = (): Promise<void> =>
    (round ??= renewRound()
      .catch(report)
      .finally(() => {
        round = null;
      }));

  const checkKeepable = (ttlMs: number) => {
    const validity = ttlMs - driftMs(ttlMs);
    if (intervalMs >= validity) {
      throw new RangeError(`a lease of ${ttlMs} ms cannot be kept alive every ${intervalMs} ms: renew at least every ${Math.max(1, Math.floor(validity / 3))} ms`);
    }
  };

  const timer = setInterval(() => {
    if (round) expireOverdue();
    else void renewAll();
  }, intervalMs);

  const keeper: LeaseKeeper = {
    async acquire(gameId, nodeId, ttlMs, acquireOptions) {
      checkKeepable(ttlMs);
      const sentAt = performance.now();
      const got = await leases.acquire(gameId, nodeId, ttlMs, acquireOptions);
      if (got) keeper.hold({ gameId, nodeId, token: got.token, ttlMs }, sentAt);
      return got;
    },
    hold(lease, sentAt = performance.now()) {
      checkKeepable(lease.ttlMs);
      held.set(lease.gameId, { lease: { ...lease }, deadline: sentAt + lease.ttlMs - driftMs(lease.ttlMs) });
    },
    async release(gameId) {
      const entry = held.get(gameId);
      if (!entry) return false;
      held.delete(gameId);
      return leases.release(gameId, entry.lease.nodeId, entry.lease.token);
    },
    forget(gameId) {
      held.delete(gameId);
    },
    tokenOf(gameId) {
      const entry = held.get(gameId);
      return entry && performance.now() < entry.deadline ? entry.lease.token : undefined;
    },
    validForMs(gameId) {
      const entry = held.get(gameId);
      return entry ? Math.max(0, entry.deadline - performance.now()) : 0;
    },
    held: () => [...held.values()].map((e) => ({ ...e.lease })),
    renewAll,
    stop() {
      clearInterval(timer);
      held.clear();
    },
  };
  return keeper;
}
