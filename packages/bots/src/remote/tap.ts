import type { WebSocketConstructor, WebSocketLike } from "@bang/client";
import { parseServerMessage, type WireServerMessage } from "@bang/protocol";

const decoder = new TextDecoder();

/** The text of a frame as a WebSocket delivers it (a string, or bytes), or null for anything else. */
function textOf(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return null;
}

/**
 * The WebSocket class the SDK would use: `given`, else the global one, else the `ws` package (Node 20
 * has no global WebSocket), loaded only then.
 */
export async function webSocketClass(given?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  return (await import("ws")).WebSocket;
}

/**
 * A WebSocket class (over `Socket`, see webSocketClass) that hands every valid server message it
 * receives to `tap` before the SDK sees the frame: each raw frame, welcome, ok, ack, error and pong
 * included, not only what the SDK reports as events. Frames that are not valid server messages are left
 * to the SDK (it reports them as BAD_FRAME).
 */
export function tappedWebSocket(tap: (message: WireServerMessage) => void, Socket: WebSocketConstructor): WebSocketConstructor {
  return class TappedWebSocket implements WebSocketLike {
    private readonly inner: WebSocketLike;
    private handler: WebSocketLike["onmessage"] = null;

    constructor(url: string) {
      this.inner = new Socket(url);
    }

    get readyState(): number {
      return this.inner.readyState;
    }
    send(data: string): void {
      this.inner.send(data);
    }
    close(code?: number, reason?: string): void {
      this.inner.close(code, reason);
    }
    get onopen(): WebSocketLike["onopen"] {
      return this.inner.onopen;
    }
    set onopen(handler: WebSocketLike["onopen"]) {
      this.inner.onopen = handler;
    }
    get onclose(): WebSocketLike["onclose"] {
      return this.inner.onclose;
    }
    set onclose(handler: WebSocketLike["onclose"]) {
      this.inner.onclose = handler;
    }
    get onerror(): WebSocketLike["onerror"] {
      return this.inner.onerror;
    }
    set onerror(handler: WebSocketLike["onerror"]) {
      this.inner.onerror = handler;
    }
    get onmessage(): WebSocketLike["onmessage"] {
      return this.handler;
    }
    set onmessage(handler: WebSocketLike["onmessage"]) {
      this.handler = handler;
      this.inner.onmessage =
        handler === null
          ? null
          : (event: { data: unknown }) => {
              const text = textOf(event.data);
              const parsed = text === null ? null : parseServerMessage(text);
              if (parsed?.ok) tap(parsed.message);
              handler(event);
            };
    }
  };
}
