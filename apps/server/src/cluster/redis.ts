/**
 * Redis plumbing shared by the cluster primitives: a connection factory with the options they rely on,
 * and Lua scripts run by hash (EVALSHA) that reload themselves after a Redis restart.
 */
import { createHash } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";

export type { Redis } from "ioredis";

export interface ConnectOptions {
  /** Connection name (CLIENT SETNAME), seen in CLIENT LIST. */
  name?: string;
  /** How long the first connection may take before connectRedis rejects, in ms. Default 2000. */
  connectTimeoutMs?: number;
  /** A command with no answer after this many ms rejects ("Command timed out"). Default 1000. */
  commandTimeoutMs?: number;
  /** Longest wait between two reconnection attempts, in ms (backoff 100, 200, ... up to it). Default 1000. */
  maxRetryDelayMs?: number;
  /** Connection errors (refused, reset, ...) while ioredis reconnects. Default: ignored. */
  onError?: (error: Error) => void;
}

/**
 * The options of every cluster connection. While Redis is unreachable a command fails at once instead of
 * waiting in an offline queue (a lease renewal that arrives late is worse than one that fails), and a
 * command in flight fails after one reconnection attempt or `commandTimeoutMs`. ioredis reconnects
 * forever with a capped backoff, and a subscriber connection subscribes again to its channels once it
 * is back (autoResubscribe). Messages published while a subscriber is away are lost (pub/sub is
 * at most once).
 */
export function clusterRedisOptions(options: ConnectOptions = {}): RedisOptions {
  const maxDelay = options.maxRetryDelayMs ?? 1000;
  const result: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    autoResubscribe: true,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: options.connectTimeoutMs ?? 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, maxDelay),
  };
  if (options.name !== undefined) result.connectionName = options.name;
  return result;
}

/**
 * Opens a connection to `url` (redis://host:port/db) with clusterRedisOptions and resolves once it is
 * ready. Rejects with an Error naming the address and the cause when Redis does not answer within
 * `connectTimeoutMs`; nothing stays open then. The caller owns the connection: `quit()` it.
 */
export async function connectRedis(url: string, options: ConnectOptions = {}): Promise<Redis> {
  const redis = new Redis(url, clusterRedisOptions(options));
  let lastError: Error | null = null;
  redis.on("error", (error: Error) => {
    lastError = error;
    options.onError?.(error);
  });
  await whenReady(redis, options.connectTimeoutMs ?? 2000).catch((error: unknown) => {
    redis.disconnect();
    const cause = lastError ?? (error instanceof Error ? error : new Error(String(error)));
    throw new Error(`Redis at ${url} is unreachable: ${cause.message}`, { cause });
  });
  return redis;
}

/**
 * Resolves when `redis` is ready (at once if it is), connecting it if it was created with lazyConnect;
 * rejects after `timeoutMs`. A reconnecting connection stays as it is: this only waits.
 */
export function whenReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`not ready after ${timeoutMs} ms (status ${redis.status})`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
    // connect() rejects on the first failed attempt while ioredis keeps retrying: wait for "ready".
    if (redis.status === "wait") redis.connect().catch(() => undefined);
  });
}

/** Arguments of a script: KEYS and ARGV. */
export type ScriptArg = string | number;

/**
 * A Lua script run by its SHA-1 (EVALSHA). When Redis does not know it (first use, or after a restart
 * or SCRIPT FLUSH) it is sent whole once (EVAL, which caches it again). The reply is returned as Redis
 * gave it, for the caller to check.
 */
export class LuaScript {
  readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash("sha1").update(lua).digest("hex");
  }

  async run(redis: Redis, keys: readonly string[], args: readonly ScriptArg[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
