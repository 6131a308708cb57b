/**
 * The little of a WebSocket the client uses, met by the browser's global WebSocket, Node's (22+), and
 * the `ws` package. Handlers are declared bivariant so that each implementation's own event types fit.
 */
type Handler<E> = { bivarianceHack(event: E): void }["bivarianceHack"];

export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `readyState` of an open socket (the same in every implementation). */
export const OPEN = 1;

/**
 * The WebSocket class to use: the one given, else `globalThis.WebSocket` (browsers, Node 22+), else the
 * `ws` package, loaded only then so that browser bundles never need it.
 */
export async function resolveWebSocket(given?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  const ws = await import("ws");
  return ws.WebSocket;
}

/**
 * The WebSocket URL of a server from its HTTP base URL: http -> ws, https -> wss, then `/ws` after the
 * base path (`http://host:8080` -> `ws://host:8080/ws`). A ws:// or wss:// URL is used as it is.
 */
export function webSocketUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol === "ws:" || url.protocol === "wss:") return url.toString();
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`unsupported server URL ${baseUrl}: use http(s):// or ws(s)://`);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/ws`;
  url.search = "";
  url.hash = "";
  return url.toString();
}

const decoder = new TextDecoder();

/** The text of a received frame (a string, or bytes from `ws`), or null for anything else. */
export function frameText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (Array.isArray(data) && data.every((d) => d instanceof Uint8Array)) {
    // `ws` fragments: join the bytes before decoding, a character may span two fragments.
    const chunks = data as Uint8Array[];
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.byteLength;
    }
    return decoder.decode(bytes);
  }
  return null;
}
