import { LuaScript, type Redis } from "../cluster/redis.js";
import { randomUUID } from "node:crypto";
import { DEFAULT_THROTTLE, ThrottleUnavailable, type SignInThrottle, type ThrottleClaim, type ThrottleOptions } from "./throttle.js";

/**
 * A wrong password for each key: KEYS are pairs (failure counter, lock) per key; ARGV[1..4] =
 * freeFailures, baseLockMs, maxLockMs, forgetAfterMs. The counter expires forgetAfterMs after the last
 * failure; the lock is a key that lives as long as the lockout (its PTTL is the wait), so the nodes'
 * clocks never enter into it. Returns the longest new lockout in ms (0: none). The lockout is
 * lockoutMs's formula (throttle.ts), computed here so that the count and the lock move as one.
 */
const FAILED = new LuaScript(`
local free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local longest = 0
for i = 1, #KEYS, 2 do
  local failures = redis.call('INCR', KEYS[i])
  local over = failures - free
  local ms = 0
  if over > 0 then
    ms = math.min(max, base * 2 ^ (over - 1))
    redis.call('SET', KEYS[i + 1], '1', 'PX', math.floor(ms))
    if ms > longest then longest = ms end
  end
  redis.call('PEXPIRE', KEYS[i], math.max(forget, math.floor(ms)))
end
return math.floor(longest)`);

/** The longest remaining lock of KEYS, in ms (0: none). */
const WAIT = new LuaScript(`
local wait = 0
for i = 1, #KEYS do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl > wait then wait = ttl end
end
return wait`);

/**
 * The lockout test and the claim in one step. KEYS = the n lock keys, then the n claim keys; ARGV[1] =
 * how long the claim holds (ms), ARGV[2] = its token. Returns the longest lock left in ms (> 0: locked,
 * nothing claimed), -1 when a claim key is held (nothing claimed), or 0 once every claim key is taken.
 */
const CLAIM = new LuaScript(`
local n = #KEYS / 2
local wait = 0
for i = 1, n do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl > wait then wait = ttl end
end
if wait > 0 then return wait end
for i = n + 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then return -1 end
end
for i = n + 1, #KEYS do redis.call('SET', KEYS[i], ARGV[2], 'PX', ARGV[1]) end
return 0`);

/** Deletes the claim keys KEYS that still hold token ARGV[1] (an expired claim taken by another stays). */
const RELEASE = new LuaScript(`
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 1`);

/**
 * The SignInThrottle of a cluster, in Redis: every node counts the same failures and sees the same
 * lockouts and checks in progress, so a guesser gains nothing by spreading guesses over the nodes.
 * Keys under `prefix` (the cluster's REDIS_PREFIX), all in one hash slot: `<prefix>signin:{signin}:`
 * then `f:` (failures), `l:` (lock) or `c:` (check in progress), then the throttle key (`name:...` or
 * `ip:...`). Methods reject with ThrottleUnavailable when Redis does not answer (the sign-in is then
 * refused with RETRY, never let through unchecked).
 */
export class RedisSignInThrottle implements SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
  ) {}

  private key(kind: "f" | "l" | "c", key: string): string {
    return `${this.prefix}signin:{signin}:${kind}:${key}`;
  }

  async retryAfterMs(keys: readonly string[]): Promise<number> {
    return Number(await unavailableOnError(WAIT.run(this.redis, keys.map((k) => this.key("l", k)), [])));
  }

  async claim(keys: readonly string[], ms: number): Promise<ThrottleClaim> {
    const token = randomUUID();
    const scriptKeys = [...keys.map((k) => this.key("l", k)), ...keys.map((k) => this.key("c", k))];
    const answer = Number(await unavailableOnError(CLAIM.run(this.redis, scriptKeys, [Math.max(1, Math.ceil(ms)), token])));
    if (answer > 0) return { ok: false, reason: "locked", retryAfterMs: answer };
    if (answer < 0) return { ok: false, reason: "checking" };
    return { ok: true, token };
  }

  async release(keys: readonly string[], token: string): Promise<void> {
    if (keys.length > 0) await unavailableOnError(RELEASE.run(this.redis, keys.map((k) => this.key("c", k)), [token]));
  }

  async failed(keys: readonly string[]): Promise<number> {
    const { freeFailures, baseLockMs, maxLockMs, forgetAfterMs } = this.options;
    const failed = FAILED.run(this.redis, keys.flatMap((k) => [this.key("f", k), this.key("l", k)]), [freeFailures, baseLockMs, maxLockMs, forgetAfterMs]);
    return Number(await unavailableOnError(failed));
  }

  async succeeded(key: string): Promise<void> {
    await unavailableOnError(this.redis.del(this.key("f", key), this.key("l", key)));
  }
}

/** `work`, with a failure of Redis told as ThrottleUnavailable. */
function unavailableOnError<T>(work: Promise<T>): Promise<T> {
  return work.catch((cause: unknown) => {
    throw new ThrottleUnavailable({ cause });
  });
}
