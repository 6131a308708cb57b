/**
 * Socket counts across the cluster (limits/socket-counts.ts), in Redis: one hash per key
 * (`<prefix>sockets:<key>`), a field per node process (`<nodeId>@<startedAt>`) holding that process's
 * sockets of the key. A count is the sum over the fields of live processes (membership), so the sockets
 * of a node that crashed stop counting once its heartbeat expires, and a node restarted under the same
 * id starts from zero. Each change is one script (change the field, drop it at zero, refresh the key's
 * expiry, read the hash): one round trip per socket opened or closed.
 */
import type { SocketCounts } from "../limits/socket-counts.js";
import type { LiveNode } from "./membership.js";
import { LuaScript, type Redis } from "./redis.js";

/** A key no socket touched for this long leaves Redis (its fields of dead processes with it), ms. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

// KEYS[1] the key's hash; ARGV[1] this process's field, ARGV[2] the change (+1 / -1), ARGV[3] ttl ms.
// Returns the hash as a flat list (field, count, ...).
const CHANGE = new LuaScript(`
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return redis.call('HGETALL', KEYS[1])
`);

/**
 * Socket counts shared by the nodes of a cluster. `liveNodes` is the membership (rejects when Redis is
 * down); it is asked at most once per `refreshMs` (the heartbeat), not per socket. `name` (default
 * `sockets`) keeps other counts of the same kind apart: `starts`, the table starts under way per person
 * (GAMES_PER_PLAYER, tables/registry.ts), under `<prefix>starts:<key>`.
 */
export function redisSocketCounts(args: { redis: Redis; prefix: string; nodeId: string; startedAt: number; liveNodes: () => Promise<LiveNode[]>; refreshMs: number; name?: string }): SocketCounts {
  const { redis, prefix, refreshMs } = args;
  const field = `${args.nodeId}@${args.startedAt}`;
  let live: { fields: Set<string>; at: number } | null = null;
  const liveFields = async (): Promise<Set<string>> => {
    if (live && Date.now() - live.at < refreshMs) return live.fields;
    const nodes = await args.liveNodes();
    live = { fields: new Set(nodes.map((n) => `${n.nodeId}@${n.startedAt}`)), at: Date.now() };
    return live.fields;
  };
  const name = args.name ?? "sockets";
  const key = (k: string) => `${prefix}${name}:${k}`;
  return {
    async add(k) {
      let reply: string[];
      let fields: Set<string>;
      try {
        reply = (await CHANGE.run(redis, [key(k)], [field, 1, KEY_TTL_MS])) as string[];
        fields = await liveFields();
      } catch (error) {
        // The increment may have been made (a lost reply, then the membership unread): taken back, so
        // that a socket let in uncounted leaves no count behind (at worst one too few, never one too many).
        this.remove(k);
        throw error;
      }
      let total = 0;
      for (let i = 0; i + 1 < reply.length; i += 2) if (reply[i] === field || fields.has(reply[i]!)) total += Number(reply[i + 1]);
      return total;
    },
    remove(k) {
      // Lost if Redis is down: the field then over-counts until this process restarts or the key expires.
      CHANGE.run(redis, [key(k)], [field, -1, KEY_TTL_MS]).catch(() => undefined);
    },
  };
}
