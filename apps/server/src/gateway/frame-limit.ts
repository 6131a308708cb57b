import { LIMITS, type ServerMessage } from "@bang/protocol";
import type { WebsocketPluginOptions } from "@fastify/websocket";
import type { FastifyRequest } from "fastify";
import { WebSocket } from "ws";

/** The reason of the close that ends a socket whose frame was over the limit (code 1009). */
export const FRAME_TOO_LARGE_REASON = `frames are limited to ${LIMITS.maxFrameBytes} bytes`;

/**
 * The server's WebSocket class (ws's `WebSocket` option, which takes a subclass): ws refuses a frame
 * over `maxPayload` as soon as its header gives the length and closes the socket itself with 1009 and
 * no reason, and the client never learns why. ws calls `close(1009)` with no reason only then (every
 * close of ours and the echo of a peer's close carry one), so this class says FRAME_TOO_LARGE first,
 * then closes with a reason.
 */
export class FrameLimitedSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    if (code === 1009 && data === undefined && this.readyState === WebSocket.OPEN) {
      const refusal: ServerMessage = { type: "error", code: "FRAME_TOO_LARGE", message: FRAME_TOO_LARGE_REASON };
      this.send(JSON.stringify(refusal));
      super.close(1009, FRAME_TOO_LARGE_REASON);
      return;
    }
    super.close(code, data);
  }
}

/**
 * FrameLimitedSocket as the type of ws's `WebSocket` option. That type (@types/ws) is `typeof WebSocket`
 * with the members of ws's merged namespace, which a subclass has at run time (its constructor's
 * prototype is WebSocket) but not in TypeScript's eyes.
 */
export const FRAME_LIMITED_SOCKET = FrameLimitedSocket as unknown as NonNullable<NonNullable<WebsocketPluginOptions["options"]>["WebSocket"]>;

/**
 * @fastify/websocket's error handler: a socket error is the peer's doing (an oversized frame, invalid
 * UTF-8, a reset), not a server fault, so it is one line without a stack (the plugin's default logs
 * the stack at error level). ws has already started the close; a frame over the limit is told first
 * (FrameLimitedSocket), so the socket is left to finish its close handshake.
 */
export function socketError(this: unknown, error: Error & { code?: string }, _socket: WebSocket, req: FastifyRequest): void {
  req.log.info({ wsError: error.code ?? error.name, reason: error.message }, "websocket closed on a protocol error");
}
