import { LuaScript, type Redis } from "../cluster/redis.js";
import type { Placement, QueueEntry, QueueStore } from "./store.js";
import { RECENT_WAITS_MAX, RECENT_WAITS_WINDOW_MS } from "./waits.js";

/**
 * Keys under `prefix`: `<prefix>mm:q:<queueId>` is a hash playerId -> entry JSON (the queue);
 * `<prefix>mm:p:<playerId>` is the player's place: "q:<queueId>" (queued) or "m:<queueId>:<matchId>"
 * (in a ready check). Every change that touches both runs as one Lua script, so it is atomic.
 * `<prefix>mm:w:<queueId>` is a sorted set of the recent waits: score the game's start (epoch ms),
 * member `<matchId>:<seat>:<waitMs>` (no player id), trimmed to the window and RECENT_WAITS_MAX on
 * every write and expiring with the window.
 */
const JOIN = new LuaScript(`
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[2], 'q:' .. ARGV[1])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1`);

/** KEYS[1] = the player's place key; ARGV[1] = the queue key prefix. Returns the entry JSON or false. */
const LEAVE = new LuaScript(`
local place = redis.call('GET', KEYS[1])
if not place or string.sub(place, 1, 2) ~= 'q:' then return false end
local queue = ARGV[1] .. string.sub(place, 3)
local entry = redis.call('HGET', queue, ARGV[2])
redis.call('HDEL', queue, ARGV[2])
redis.call('DEL', KEYS[1])
return entry`);

/**
 * The atomic pop of a table. KEYS[1] = the queue, KEYS[2..] = the players' place keys; ARGV[1] = the
 * queue id, ARGV[2] = the match id, ARGV[3..] = the player ids. All still queued here, or nothing.
 */
const CLAIM = new LuaScript(`
local n = #ARGV - 2
for i = 1, n do
  if redis.call('HEXISTS', KEYS[1], ARGV[i + 2]) == 0 then return 0 end
  if redis.call('GET', KEYS[i + 1]) ~= 'q:' .. ARGV[1] then return 0 end
end
for i = 1, n do
  redis.call('HDEL', KEYS[1], ARGV[i + 2])
  redis.call('SET', KEYS[i + 1], 'm:' .. ARGV[1] .. ':' .. ARGV[2])
end
return 1`);

/** KEYS[1] = the queue, KEYS[2..] = place keys; ARGV[1] = queue id, ARGV[2] = match id, then pairs id, entry. */
const REQUEUE = new LuaScript(`
local n = (#ARGV - 2) / 2
for i = 1, n do
  if redis.call('GET', KEYS[i + 1]) == 'm:' .. ARGV[1] .. ':' .. ARGV[2] then
    redis.call('SET', KEYS[i + 1], 'q:' .. ARGV[1])
    redis.call('HSET', KEYS[1], ARGV[2 * i + 1], ARGV[2 * i + 2])
  end
end
return 1`);

/** KEYS = place keys; ARGV[1] = the place value to delete. */
const RELEASE = new LuaScript(`
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 1`);

/**
 * The cluster's queue store in Redis: every node's matchmaker reads the same queues, and the claim of a
 * table is one Lua script, so two nodes matching at once never book one player twice. The caller owns
 * `redis` (this store does not close it).
 */
export class RedisQueueStore implements QueueStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private queueKey = (queueId: string) => `${this.prefix}mm:q:${queueId}`;
  private placeKey = (playerId: string) => `${this.prefix}mm:p:${playerId}`;
  private waitsKey = (queueId: string) => `${this.prefix}mm:w:${queueId}`;

  async join(queueId: string, entry: QueueEntry): Promise<boolean> {
    const r = await JOIN.run(this.redis, [this.queueKey(queueId), this.placeKey(entry.playerId)], [queueId, entry.playerId, JSON.stringify(entry)]);
    return r === 1;
  }

  async leave(playerId: string): Promise<QueueEntry | null> {
    const r = await LEAVE.run(this.redis, [this.placeKey(playerId)], [`${this.prefix}mm:q:`, playerId]);
    return typeof r === "string" ? (JSON.parse(r) as QueueEntry) : null;
  }

  async placement(playerId: string): Promise<Placement | null> {
    const place = await this.redis.get(this.placeKey(playerId));
    if (!place) return null;
    if (place.startsWith("q:")) {
      const queueId = place.slice(2);
      const entry = await this.redis.hget(this.queueKey(queueId), playerId);
      return entry ? { state: "queued", queueId, entry: JSON.parse(entry) as QueueEntry } : null;
    }
    const [, queueId = "", matchId = ""] = place.split(":");
    return { state: "matched", queueId, matchId };
  }

  async entries(queueId: string): Promise<QueueEntry[]> {
    const all = await this.redis.hvals(this.queueKey(queueId));
    return all.map((e) => JSON.parse(e) as QueueEntry);
  }

  async claim(queueId: string, matchId: string, playerIds: readonly string[]): Promise<boolean> {
    const r = await CLAIM.run(this.redis, [this.queueKey(queueId), ...playerIds.map(this.placeKey)], [queueId, matchId, ...playerIds]);
    return r === 1;
  }

  async requeue(queueId: string, matchId: string, entries: readonly QueueEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await REQUEUE.run(this.redis, [this.queueKey(queueId), ...entries.map((e) => this.placeKey(e.playerId))], [queueId, matchId, ...entries.flatMap((e) => [e.playerId, JSON.stringify(e)])]);
  }

  async release(matchId: string, playerIds: readonly string[]): Promise<void> {
    if (playerIds.length === 0) return;
    const places = await this.redis.mget(...playerIds.map(this.placeKey));
    // The place value names the queue: delete only the keys still pointing at this match.
    const values = new Set(places.filter((p): p is string => p !== null && p.endsWith(`:${matchId}`)));
    for (const value of values) await RELEASE.run(this.redis, playerIds.map(this.placeKey), [value]);
  }

  async recordWaits(queueId: string, matchId: string, at: number, waitsMs: readonly number[]): Promise<void> {
    if (waitsMs.length === 0) return;
    const key = this.waitsKey(queueId);
    await this.redis
      .multi()
      .zadd(key, ...waitsMs.flatMap((w, seat) => [at, `${matchId}:${seat}:${Math.round(w)}`]))
      .zremrangebyscore(key, "-inf", `(${at - RECENT_WAITS_WINDOW_MS}`)
      .zremrangebyrank(key, 0, -(RECENT_WAITS_MAX + 1))
      .pexpire(key, RECENT_WAITS_WINDOW_MS)
      .exec();
  }

  async recentWaits(queueId: string, since: number): Promise<number[]> {
    const members = await this.redis.zrangebyscore(this.waitsKey(queueId), since, "+inf");
    return members.map((m) => Number(m.slice(m.lastIndexOf(":") + 1)));
  }

  async close(): Promise<void> {}
}
