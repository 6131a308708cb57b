import type { Prisma } from "./client.js";

/**
 * Typed boundary of the Json columns. We only store plain JSON data built by the game modules (commands,
 * setups, draws, winners), and we only read back what we stored, so these are checked casts, not parsers.
 * `undefined` properties are dropped on the way in, as JSON.stringify would.
 */
export function toJson(value: object): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/** Reads back a Json column written by toJson with a value of type T. */
export function fromJson<T>(value: Prisma.JsonValue): T {
  return value as T;
}
