import type { z } from "zod";
import type { ErrorCode } from "./errors.js";
import { LIMITS, clientMessage, commandId, gameId, requestId, serverMessage, type ClientMessage, type ServerMessage } from "./messages.js";

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

const KNOWN_CLIENT_TYPES = new Set(clientMessage.options.map((o) => o.shape.type.value));

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const path = i.path.reduce<string>((out, k) => (typeof k === "number" ? `${out}[${k}]` : out ? `${out}.${String(k)}` : String(k)), "");
      return `${path || "(message)"}: ${i.message}`;
    })
    .join("; ");
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
export function frameRefOf(frame: string | Buffer): FrameRef {
  const size = typeof frame === "string" ? Buffer.byteLength(frame) : frame.byteLength;
  if (size > LIMITS.maxFrameBytes) return {};
  try {
    const json: unknown = JSON.parse(typeof frame === "string" ? frame : frame.toString("utf8"));
    return typeof json === "object" && json !== null && !Array.isArray(json) ? refOf(json) : {};
  } catch {
    return {};
  }
}

/**
 * Parses one frame from a client: size (FRAME_TOO_LARGE), JSON (BAD_JSON), `type` (UNKNOWN_TYPE), then
 * the fields (INVALID_MESSAGE). The last two carry the frame's well-formed ids in `ref`, so that the
 * sender can tell which request was refused. Never throws.
 */
export function parseClientMessage(frame: string | Buffer): Parsed<ClientMessage> {
  const size = typeof frame === "string" ? Buffer.byteLength(frame) : frame.byteLength;
  if (size > LIMITS.maxFrameBytes) return { ok: false, code: "FRAME_TOO_LARGE", message: `frames are limited to ${LIMITS.maxFrameBytes} bytes, got ${size}` };
  let json: unknown;
  try {
    json = JSON.parse(typeof frame === "string" ? frame : frame.toString("utf8"));
  } catch {
    return { ok: false, code: "BAD_JSON", message: "the frame is not valid JSON" };
  }
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof json !== "object" || json === null || typeof type !== "string" || !KNOWN_CLIENT_TYPES.has(type as ClientMessage["type"])) {
    const ref = typeof json === "object" && json !== null && !Array.isArray(json) ? refOf(json) : {};
    return { ok: false, code: "UNKNOWN_TYPE", message: `type: unknown message type ${JSON.stringify(type ?? null)}`, ref };
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error), ref: refOf(json) };
  return { ok: true, message: parsed.data };
}

/** Parses one frame from a server (the client SDK checks what it receives with the same schemas). */
export function parseServerMessage(frame: string): Parsed<ServerMessage> {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return { ok: false, code: "BAD_JSON", message: "the frame is not valid JSON" };
  }
  const parsed = serverMessage.safeParse(json);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error) };
  return { ok: true, message: parsed.data };
}
