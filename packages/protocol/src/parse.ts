import { describe } from "./describe.js";
import type { ErrorCode } from "./errors.js";
import { isHotClientCommand, isHotServerMessage } from "./hot-check.js";
import { LIMITS, clientMessage, commandId, gameId, requestId, serverMessage, type ClientMessage, type WireServerMessage } from "./messages.js";

/**
 * The ids of a refused frame that the sender can match its request by: `rid` (a request), `id` and
 * `gameId` (a command). Each is there only when the frame carried it well formed, so an error that
 * echoes it still validates as a server message.
 */
export interface FrameRef {
  rid?: string;
  id?: string;
  gameId?: string;
}

/**
 * A parse result: the message, or an error with a stable code, a message naming the field and, for a
 * JSON object, the ids it carried (`ref`, possibly empty).
 */
export type Parsed<T> = { ok: true; message: T } | { ok: false; code: ErrorCode; message: string; ref?: FrameRef };

/** The `type` of every client message (the discriminator's values the union collects from its options). */
const KNOWN_CLIENT_TYPES: ReadonlySet<unknown> = new Set(clientMessage._zod.propValues?.type ?? []);


const utf8 = new TextDecoder();

/**
 * Does parsed JSON hold, at any depth, a `__proto__` key or a `constructor` object with a `prototype`
 * key (what Fastify's secure-json-parse refuses in HTTP bodies)? Our own walk rather than that
 * library: it references Node's Buffer, which makes a bundler ship a Buffer polyfill to every
 * player's browser. Iterative, so a deeply nested frame cannot overflow the stack.
 */
export function poisoned(json: unknown): boolean {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (Object.hasOwn(value, "__proto__")) return true;
    const ctor = (value as Record<string, unknown>)["constructor"];
    if (Object.hasOwn(value, "constructor") && typeof ctor === "object" && ctor !== null && Object.hasOwn(ctor, "prototype")) return true;
    stack.push(...Object.values(value));
  }
  return false;
}

/**
 * The size in bytes of `text` in UTF-8, without encoding it (no Buffer: the SDK runs in browsers too).
 * A lone surrogate counts 3 bytes, as its replacement character encodes.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The well-formed ids of a refused JSON object: `rid` of any frame, `id` (and with it `gameId`) of a
 * command only, as the SDK matches an error with `id` to a command and one with `rid` to a request.
 */
function refOf(json: object): FrameRef {
  const { type, rid, id, gameId: game } = json as Record<string, unknown>;
  const ref: FrameRef = {};
  if (requestId.safeParse(rid).success) ref.rid = rid as string;
  if (type === "command" && commandId.safeParse(id).success) {
    ref.id = id as string;
    if (gameId.safeParse(game).success) ref.gameId = game as string;
  }
  return ref;
}

/**
 * The well-formed ids of a frame that will not be handled (the rate limiter dropped it), without
 * checking the rest: `{}` for a frame over the size limit, not JSON, or not an object. Never throws.
 */
export function frameRefOf(frame: string | Uint8Array): FrameRef {
  const size = typeof frame === "string" ? utf8Length(frame) : frame.byteLength;
  if (size > LIMITS.maxFrameBytes) return {};
  try {
    const json: unknown = JSON.parse(typeof frame === "string" ? frame : utf8.decode(frame));
    return typeof json === "object" && json !== null && !Array.isArray(json) ? refOf(json) : {};
  } catch {
    return {};
  }
}

/**
 * Parses one frame from a client: size (FRAME_TOO_LARGE), JSON (BAD_JSON), `type` (UNKNOWN_TYPE), then
 * a `__proto__` or `constructor.prototype` key anywhere and the fields (INVALID_MESSAGE). The last two carry the frame's well-formed ids in `ref`, so that the
 * sender can tell which request was refused. Never throws.
 */
export function parseClientMessage(frame: string | Uint8Array): Parsed<ClientMessage> {
  const size = typeof frame === "string" ? utf8Length(frame) : frame.byteLength;
  if (size > LIMITS.maxFrameBytes) return { ok: false, code: "FRAME_TOO_LARGE", message: `frames are limited to ${LIMITS.maxFrameBytes} bytes, got ${size}` };
  let json: unknown;
  try {
    json = JSON.parse(typeof frame === "string" ? frame : utf8.decode(frame));
  } catch {
    return { ok: false, code: "BAD_JSON", message: "the frame is not valid JSON" };
  }
  // A game command (every move) passes a quick check written out by hand (hot-check.ts) that accepts
  // only what the checks below accept; anything else goes through them, and is refused by them.
  if (isHotClientCommand(json) && !poisoned((json as { command: unknown }).command)) return { ok: true, message: json as ClientMessage };
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof json !== "object" || json === null || typeof type !== "string" || !KNOWN_CLIENT_TYPES.has(type as ClientMessage["type"])) {
    const ref = typeof json === "object" && json !== null && !Array.isArray(json) ? refOf(json) : {};
    return { ok: false, code: "UNKNOWN_TYPE", message: `type: unknown message type ${JSON.stringify(type ?? null)}`, ref };
  }
  // Prototype poisoning, at any depth (a game command or table option included): refused as the
  // node's HTTP bodies are.
  if (poisoned(json)) return { ok: false, code: "INVALID_MESSAGE", message: "the frame holds a __proto__ or constructor.prototype key, which no message accepts", ref: refOf(json) };
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error), ref: refOf(json) };
  return { ok: true, message: parsed.data };
}

/**
 * Parses one frame from a server (the client SDK checks what it receives with the same schemas). The
 * messages of every command (event, ack, presence) pass a quick check written out by hand that accepts
 * exactly what the schema accepts (hot-check.ts); any other frame, and one that fails it, is the
 * schema's to accept or refuse. An event may hold its view's changes rather than its view (hello
 * feature `viewChanges`): the caller applies them onto its view of the seq before.
 */
export function parseServerMessage(frame: string): Parsed<WireServerMessage> {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return { ok: false, code: "BAD_JSON", message: "the frame is not valid JSON" };
  }
  if (isHotServerMessage(json)) return { ok: true, message: json as WireServerMessage };
  const parsed = serverMessage.safeParse(json);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error) };
  return { ok: true, message: parsed.data as WireServerMessage };
}
