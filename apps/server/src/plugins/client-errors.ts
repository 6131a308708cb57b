import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorCode } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";

/** What the node answers a request Node's HTTP parser refused, by the parser's error code. */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; code: ErrorCode; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: "INVALID_MESSAGE", message: "the request took too long to arrive (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS)" },
  HPE_HEADER_OVERFLOW: { status: 431, code: "INVALID_MESSAGE", message: "the request's headers, URL included, are too large (16 KiB at most)" },
};
const MALFORMED = { status: 400, code: "INVALID_MESSAGE" as ErrorCode, message: "the request is not valid HTTP" };

/**
 * Fastify's `clientErrorHandler` (called with the Fastify instance as `this`): a request Node's HTTP
 * parser refused before any route (headers too large, a malformed request line, a client too slow)
 * gets the project's body `{code, message}`, not Fastify's own, then the connection is closed (as Node
 * and Fastify do). A reset connection gets nothing.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED;
  this.log.trace({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({ code, message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
