import { ERROR_CODES, type ErrorCode } from "@bang/protocol";

/**
 * Error codes that only the client produces (the server's codes come from @bang/protocol). Stable: a
 * caller may switch on them.
 */
export const CLIENT_ERROR_CODES = [
  /** No answer within `requestTimeoutMs` (or the `waitFor` timeout). */
  "TIMEOUT",
  /** The socket dropped before a request was answered; the request may or may not have been applied. */
  "DISCONNECTED",
  /** The client was closed (by `close()`, or for good after a fatal error). */
  "CLOSED",
  /** The server sent a frame that is not a valid server message. */
  "BAD_FRAME",
  /** An answer of unexpected shape or content: an HTTP body that is not the documented JSON, an `ok` without its table, a resume that delivers nothing. */
  "BAD_RESPONSE",
  /** A non-2xx HTTP answer without a protocol error code in its body. */
  "HTTP_ERROR",
  /** The HTTP request did not reach the server (DNS, refused, reset). */
  "NETWORK",
  /** A listener registered with `on()` threw; the error is reported, delivery goes on. */
  "LISTENER_FAILED",
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every code a {@link ClientError} may carry: the server's stable codes and the client's own. */
export type AnyErrorCode = ErrorCode | ClientErrorCode;

const SERVER_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Is `code` one of the protocol's error codes? */
export function isServerErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && SERVER_CODES.has(code);
}

/**
 * The one error type of the SDK: a stable `code` (the server's, e.g. NOT_YOUR_TURN, or the client's,
 * e.g. TIMEOUT), a readable message, and the HTTP status for HTTP calls.
 */
export class ClientError extends Error {
  override readonly name = "ClientError";

  constructor(
    readonly code: AnyErrorCode,
    message: string,
    /** The HTTP status, for errors of HTTP calls. */
    readonly status?: number,
    /** For a budget's refusal (RATE_LIMITED...): milliseconds before the same request can succeed. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
