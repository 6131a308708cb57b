/**
 * The fencing check of the log writer (DESIGN invariants 2 and 3), in Redis terms: a LogGuard for
 * `createLogWriter(db, { guard })` that refuses (FENCED) the games whose token this node holds is no
 * longer the game's current token in Redis, i.e. another node was granted the lease since.
 *
 * What this check does and does not close. The guard runs inside the write transaction, before the
 * rows are written: at time t1 it reads the current tokens; the transaction commits at t2 > t1. Between
 * the two, this node may pause (GC, a slow database, a long batch) while its lease expires and a new
 * owner acquires a greater token, replays the log from the database and starts acting as the owner. Our
 * commit at t2 still lands. The lastSeq compare-and-set of commitLog keeps the log linear (two writers
 * can never both store seq n: the loser gets DUPLICATE_SEQ), but it does not stop the deposed owner from
 * storing, acknowledging and broadcasting entries the new owner has not replayed: for a while there are
 * two writers (invariant 2 broken), and the new owner only finds out when its own first append fails.
 * So the check narrows the window to one transaction's duration; it cannot close it, because Redis and
 * the database do not commit together: no read of Redis, however late, orders itself against the
 * takeover as seen by the database.
 *
 * What closes it: make the database itself the judge, in the same row the writes already serialise on.
 *  1. A `fencingToken` column on Game (integer, default 0).
 *  2. Takeover: after acquiring token T in Redis, and BEFORE replaying, the new owner runs
 *     `UPDATE "Game" SET "fencingToken" = T WHERE id = $1 AND "fencingToken" < T RETURNING "lastSeq"`
 *     and then replays the log up to that lastSeq. No row: a greater token is already recorded (Redis
 *     lost its counter) or the game is gone; re-acquire with Leases.acquire(..., { minToken }).
 *  3. Every append carries its writer's token, and the commit's compare-and-set becomes
 *     `WHERE g.id = v.id AND g."lastSeq" = v.first - 1 AND g."fencingToken" = v.token`, with a row that
 *     does not move because of the token reported as FENCED (not DUPLICATE_SEQ). finishGame likewise.
 * PostgreSQL serialises the takeover UPDATE and the deposed owner's UPDATE on the Game row lock: either
 * the old write commits first (then the takeover's RETURNING lastSeq includes it and the new owner
 * replays it), or the takeover does (then the old write matches no row and is refused). No window left.
 * With that in place this guard is an early, cheap refusal that stops a deposed owner before it takes
 * row locks; correctness no longer depends on it.
 */
import type { LogGuard } from "@bang/db";
import type { ClusterKeys } from "./keys.js";
import type { Redis } from "./redis.js";

export interface FencingGuardOptions {
  /** The Redis read must answer within this many ms, else the guard throws. Default 1000. */
  timeoutMs?: number;
}

/**
 * A LogGuard: for the games of a batch, returns those to refuse: the ones for which `getToken` gives no
 * token (this node holds no lease on them: it must not write them), and the ones whose held token is not
 * the current token in Redis (a greater one was issued: another node took over; or none is stored:
 * Redis lost it, re-acquire). One round trip (MGET of the games' fence counters); the transaction is
 * not touched. Throws when Redis fails or does not answer within `timeoutMs`: the writer then fails the
 * whole batch (WRITE_FAILED) and the rooms answer RETRY, since ownership cannot be proven.
 */
export function createFencingGuard(
  getToken: (gameId: string) => number | undefined,
  redis: Redis,
  keys: ClusterKeys,
  options: FencingGuardOptions = {},
): LogGuard {
  const timeoutMs = options.timeoutMs ?? 1000;
  return async (_tx, gameIds) => fencedGames(getToken, redis, keys, gameIds, timeoutMs);
}

/** The core of the guard, usable without a transaction: the ids of `gameIds` to refuse. */
export async function fencedGames(
  getToken: (gameId: string) => number | undefined,
  redis: Redis,
  keys: ClusterKeys,
  gameIds: readonly string[],
  timeoutMs = 1000,
): Promise<string[]> {
  const held = gameIds.map((id) => ({ id, token: getToken(id) }));
  const asked = held.filter((h) => h.token !== undefined);
  const refused = held.filter((h) => h.token === undefined).map((h) => h.id);
  if (asked.length === 0) return refused;
  const current = await withTimeout(redis.mget(asked.map((h) => keys.fence(h.id))), timeoutMs);
  asked.forEach((h, i) => {
    const value = current[i];
    if (value === null || value === undefined || Number(value) !== h.token) refused.push(h.id);
  });
  return refused;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`fencing check: Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
