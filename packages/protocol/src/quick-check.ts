/**
 * The pieces the hand-written quick checks (hot-check.ts, table-check.ts) are made of: each stands for
 * one schema of messages.ts or game.ts and accepts exactly what it accepts.
 */

/** Patterns of the schemas: ids (gameId, commandId), game names, command and event types. */
export const ID = /^[A-Za-z0-9._:-]{1,64}$/;
export const GAME_NAME = /^[a-z][a-z0-9_]{0,31}$/;
export const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;

/** A parsed JSON object. */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** z.int() with z.minimum(min) (and z.maximum(max)): a safe integer in range. */
export const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean => typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max;
/** A string of `min` to `max` UTF-16 units (playerId, requestId). */
export const isText = (v: unknown, min: number, max: number): boolean => typeof v === "string" && v.length >= min && v.length <= max;
/** playerId: a string of 1 to 64 UTF-16 units. */
export const isPlayerId = (v: unknown): boolean => isText(v, 1, 64);
export const isId = (v: unknown): boolean => typeof v === "string" && ID.test(v);

/** Exactly `keys` own enumerable keys (a strict object whose keys are then checked one by one): no other, none missing. */
export function hasExactly(o: Json, keys: number): boolean {
  let n = 0;
  for (const _ in o) n++;
  return n === keys;
}
