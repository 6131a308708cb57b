/**
 * Names of everything the cluster layer keeps in Redis, under one configurable prefix, so that several
 * deployments (or test runs, each with a unique prefix) share a Redis without ever seeing each other's
 * keys or channels.
 *
 * Per-game keys carry the game id in a hash tag (`{gameId}`), so a game's lease and fence counter land
 * in the same slot should the deployment ever move to a sharded Redis (the lease script touches both).
 * Everything else assumes one Redis primary (with replicas or Sentinel at most).
 */

/** Default prefix of a deployment. */
export const DEFAULT_PREFIX = "bang:";

/** Longest prefix or id accepted, in characters (keys stay small; ids are UUIDs in practice). */
const MAX_LENGTH = 200;

export interface ClusterKeys {
  /** The prefix every key and channel starts with. Contains no glob character (`*?[]\`). */
  readonly prefix: string;
  /** String: "<token>:<nodeId>" of the game's current lease, with a TTL (PX). */
  lease(gameId: string): string;
  /** Integer counter: the last fencing token issued for the game. Expires FENCE_LINGER_MS after its last lease (lease.ts). */
  fence(gameId: string): string;
  /** String: the JSON NodeInfo of a live node, with a TTL refreshed by its heartbeat. */
  node(nodeId: string): string;
  /** Sorted set: member nodeId, score = the Redis time (epoch ms) its heartbeat expires. */
  nodes(): string;
  /** String: the node id that keeps the private table `code` (the lobby across nodes), with a TTL. */
  table(code: string): string;
  /** Pub/sub channel of an application channel name given to MessageBus.publish/subscribe. */
  channel(name: string): string;
  /** Pub/sub channel where a node receives requests (MessageBus.serve / request). */
  inbox(nodeId: string): string;
  /** Pub/sub channel where one bus instance receives the replies to its requests. */
  replies(busId: string): string;
}

/**
 * Key names under `prefix` (default "bang:"). Throws TypeError for a prefix that is too long or holds
 * whitespace or glob characters (so `SCAN MATCH <prefix>*` finds exactly this prefix's keys), and, from
 * the returned functions, for an empty or over-long id.
 */
export function createKeys(prefix: string = DEFAULT_PREFIX): ClusterKeys {
  if (prefix.length > MAX_LENGTH || /[\s*?[\]\\]/.test(prefix)) {
    throw new TypeError(`cluster key prefix must be at most ${MAX_LENGTH} characters without whitespace or *?[]\\, got "${prefix}"`);
  }
  const id = (kind: string, value: string): string => {
    if (value.length === 0 || value.length > MAX_LENGTH) throw new TypeError(`${kind} must be 1 to ${MAX_LENGTH} characters, got "${value}"`);
    return value;
  };
  return {
    prefix,
    lease: (gameId) => `${prefix}lease:{${id("game id", gameId)}}`,
    fence: (gameId) => `${prefix}fence:{${id("game id", gameId)}}`,
    node: (nodeId) => `${prefix}node:${id("node id", nodeId)}`,
    nodes: () => `${prefix}nodes`,
    table: (code) => `${prefix}table:${id("table code", code)}`,
    channel: (name) => `${prefix}bus:${id("channel name", name)}`,
    inbox: (nodeId) => `${prefix}inbox:${id("node id", nodeId)}`,
    replies: (busId) => `${prefix}reply:${id("bus id", busId)}`,
  };
}
