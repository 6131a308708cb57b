#!/usr/bin/env node
/**
 * `npm run bench:matchmaking`: how fast the matchmaker places queued players, on one node.
 *
 * BENCH_PLAYERS (default 10 000) players join a 4-to-8-seat queue at once, with ratings spread like a
 * real population (normal, mean 10, sd 8, in ordinal points). Then the matchmaker runs matching passes
 * back to back until everyone has a table; every found match is confirmed at once and its game "starts"
 * through a no-op starter, so the figures are the matchmaker's own: forming, the atomic claims, the
 * ready checks and the notifications.
 *
 * Reports: players placed per second (placed / time spent in matching passes); the first pass (how many
 * it placed and how long it took: with everyone queued at once, that is "10,000 players matched");
 * the wait overhead of each player = from the start of the pass that placed them to their match being
 * found (p50, p99, max: the matchmaker's own delay, apart from the tick interval and the rating
 * policy); and how long the rating outliers waited for their window to widen (policy, not overhead).
 * Passes stop once fewer than minSeats players are left. BENCH_STORE=redis runs it over the Redis store (REDIS_URL, default the local Redis,
 * under a unique prefix that is deleted afterwards).
 */
import { randomUUID } from "node:crypto";
import { Matchmaker } from "../dist/matchmaking/matchmaker.js";
import { MemoryQueueStore } from "../dist/matchmaking/memory-store.js";
import { queueDefinition } from "../dist/matchmaking/queues.js";
import { RedisQueueStore } from "../dist/matchmaking/redis-store.js";
import { connectRedis } from "../dist/cluster/redis.js";

const N = Number(process.env.BENCH_PLAYERS ?? 10_000);
const STORE = process.env.BENCH_STORE ?? "memory";
const queue = queueDefinition.parse({ id: "bench", game: "dice", minSeats: 4, maxSeats: 8, ratingWindow: 3, widenPerSecond: 0.5, readySeconds: 30 });

// A seeded normal generator (Box-Muller over a small LCG), so every run queues the same population.
let s = 12345;
const uniform = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) + 1) / (2 ** 31 + 1);
const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());

let redis = null;
const prefix = `bench:mm:${randomUUID()}:`;
if (STORE === "redis") redis = await connectRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { name: "bench-matchmaking", commandTimeoutMs: 10_000 });
const store = STORE === "redis" ? new RedisQueueStore(redis, prefix) : new MemoryQueueStore();

const ratings = new Map();
const foundAt = new Map();
const overhead = [];
let started = 0;
let passStart = 0;
const mm = new Matchmaker({
  queues: [queue],
  store,
  ordinals: async (ids) => new Map(ids.map((id) => [id, ratings.get(id)])),
  startGame: async () => ({ gameId: `g${++started}` }),
  notify: (playerId, message) => {
    if (message.type !== "matchFound") return;
    const now = performance.now();
    foundAt.set(playerId, now);
    overhead.push(now - passStart);
    void mm.confirm(playerId, message.matchId, true);
  },
  tickMs: 0,
});

for (let i = 0; i < N; i++) ratings.set(`p${i}`, 10 + 8 * normal());
const joinStart = performance.now();
for (let i = 0; i < N; i++) await mm.join({ id: `p${i}`, name: `p${i}` }, "bench");
const joinMs = performance.now() - joinStart;

const firstStart = performance.now();
let passes = 0;
let passMs = 0;
let first = null;
// Passes every 50 ms, as the node's timer would run them, until fewer than minSeats are left.
while (N - foundAt.size >= queue.minSeats && passes < 600) {
  passes++;
  passStart = performance.now();
  await mm.tick();
  const took = performance.now() - passStart;
  passMs += took;
  first ??= { placed: foundAt.size, seconds: +(took / 1000).toFixed(3) };
  await new Promise((r) => setTimeout(r, 50));
}
const lastFound = Math.max(...foundAt.values());

overhead.sort((a, b) => a - b);
const pct = (p) => overhead[Math.min(overhead.length - 1, Math.ceil((p / 100) * overhead.length) - 1)] ?? NaN;
const out = {
  store: STORE,
  players: N,
  joinsPerSecond: Math.round(N / (joinMs / 1000)),
  firstPass: first,
  placed: foundAt.size,
  leftWaiting: N - foundAt.size,
  gamesStarted: started,
  passes,
  playersPlacedPerSecond: Math.round(foundAt.size / (passMs / 1000)),
  waitOverheadMs: { p50: +pct(50).toFixed(1), p99: +pct(99).toFixed(1), max: +overhead.at(-1).toFixed(1) },
  lastOutlierPlacedAfterSeconds: +((lastFound - firstStart) / 1000).toFixed(2),
  target: "10,000 players matched in under 2 s on one node",
};
console.log(JSON.stringify(out, null, 2));
mm.dispose();
if (redis) {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  await redis.quit();
}
