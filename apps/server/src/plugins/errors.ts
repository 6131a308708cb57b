import type { ErrorCode } from "@bang/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import { BodyError } from "./json-body.js";

/** The body of every HTTP refusal (see routes/error-body.ts for its schema). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** How long to wait before trying again, in ms (with a `retry-after` header in seconds). */
  retryAfterMs?: number;
}

/**
 * A refusal a route or a plugin throws: its HTTP status and the project's body. A refusal under 500 is
 * the client's doing, never logged with a stack (sendError), so none is captured: capturing one costs
 * more than the rest of the refusal, and a flood over budget is hundreds of refusals a second. A 5xx
 * keeps its stack for the log.
 */
export class HttpRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(muteStack(statusCode, message));
    restoreStack();
    this.name = "HttpRefusal";
  }
}

/** Error.stackTraceLimit while a refusal under 500 is built (muteStack to restoreStack), else undefined. */
let mutedLimit: number | undefined;

/** Before `super` of a refusal under 500: no stack trace captured (restoreStack after). Returns `message`. */
function muteStack(statusCode: number, message: string): string {
  if (statusCode < 500) {
    mutedLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
  }
  return message;
}

/** After `super`: stack traces as they were (the Error constructor cannot throw in between). */
function restoreStack(): void {
  if (mutedLimit === undefined) return;
  Error.stackTraceLimit = mutedLimit;
  mutedLimit = undefined;
}

/** What Fastify (and its plugins) throw: a status, a code of its own (`FST_ERR_...`), a message. */
interface ThrownError {
  statusCode?: number;
  code?: string;
  message: string;
}

/**
 * Fastify's own error codes, as the project's status and code. Messages are ours: Fastify's echo the
 * whole path or name internals. Anything else under 500 is INVALID_MESSAGE with its message (schema
 * validation names the field).
 */
const FASTIFY_ERRORS: Readonly<Record<string, { status: number; code: ErrorCode; message?: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "BAD_JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "BAD_JSON" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "BODY_TOO_LARGE" },
  FST_ERR_BAD_URL: { status: 400, code: "INVALID_MESSAGE", message: "the path is not valid percent-encoding (a % must start two hex digits of UTF-8)" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: "INVALID_MESSAGE", message: "a path parameter is too long (100 characters at most)" },
};

/**
 * The status and the body of any error a request ended with: a refusal of ours as it is, a Fastify
 * error mapped to the project's code, a server fault (500 and up) as INTERNAL without detail.
 */
export function refusalOf(error: ThrownError): { status: number; body: ErrorBody } {
  if (error instanceof HttpRefusal) {
    return { status: error.statusCode, body: { code: error.code, message: error.message, ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }) } };
  }
  if (error instanceof BodyError) return { status: error.statusCode, body: { code: error.code, message: error.message } };
  const known = error.code === undefined ? undefined : FASTIFY_ERRORS[error.code];
  if (known) return { status: known.status, body: { code: known.code, message: known.message ?? error.message } };
  const status = error.statusCode ?? 500;
  if (status >= 500) return { status, body: { code: "INTERNAL", message: "internal server error" } };
  return { status, body: { code: "INVALID_MESSAGE", message: error.message } };
}

/**
 * The node's one error handler: Fastify's `setErrorHandler` and its `frameworkErrors` (a bad URL, an
 * over-long path parameter: errors raised before any route runs). Server faults are logged with their
 * stack; refusals are the client's doing and are not. A refusal with `retryAfterMs` also gets a
 * `retry-after` header (seconds) if it has none yet.
 */
export function sendError(error: ThrownError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = refusalOf(error);
  if (status >= 500) req.log.error({ err: error }, "request failed");
  if (body.retryAfterMs !== undefined && !reply.hasHeader("retry-after")) reply.header("retry-after", Math.ceil(body.retryAfterMs / 1000));
  return reply.code(status).send(body);
}
