import { DEFAULT_RECONNECT, type ReconnectOptions } from "./backoff.js";
import type { WebSocketConstructor } from "./socket.js";

/** How to reach a server and how patient to be. */
export interface ClientOptions {
  /** The server's HTTP base URL (`http://localhost:8080`); the socket goes to `/ws` under it. ws(s):// is used as is. */
  url: string;
  /** A guest token from `createGuest`, sent in `hello`. */
  token: string;
  /** The WebSocket class (default: `globalThis.WebSocket` when present, else the `ws` package). */
  WebSocket?: WebSocketConstructor;
  /** Backoff between reconnect attempts after an unexpected close. */
  reconnect?: Partial<ReconnectOptions>;
  /** Time a request, a command or `connect()` waits for its answer, in ms (default 10 000). */
  requestTimeoutMs?: number;
  /** Interval of the `ping` that detects a dead connection, in ms (default 25 000; 0: none). */
  heartbeatMs?: number;
  /**
   * Times a command answered RETRY (the game is moving between nodes) or RATE_LIMITED (sent too fast)
   * is sent again, after a backoff and never before the server's `retryAfterMs` (default 5).
   */
  maxCommandRetries?: number;
  /**
   * Ask the server to fold a command's ack into its event (hello feature `ackInEvent`: one message per
   * command instead of two; default true). False for a server older than the feature: its strict hello
   * refuses the `features` field (INVALID_MESSAGE).
   */
  ackInEvent?: boolean;
  /**
   * Ask the server to send, in an event, only the view's top-level keys that changed since the view of
   * the seq before (hello feature `viewChanges`: smaller frames, less to parse; default true). The
   * client rebuilds the whole view, so listeners see the same events either way. A server that knows
   * `features` but not this one ignores it (whole views); false for a server older than `features`:
   * its strict hello refuses the field (INVALID_MESSAGE).
   */
  viewChanges?: boolean;
}

/** {@link ClientOptions} with every default filled in. */
export interface ResolvedOptions {
  token: string;
  WebSocket: WebSocketConstructor | undefined;
  reconnect: ReconnectOptions;
  requestTimeoutMs: number;
  heartbeatMs: number;
  maxCommandRetries: number;
  ackInEvent: boolean;
  viewChanges: boolean;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_HEARTBEAT_MS = 25_000;
export const DEFAULT_MAX_COMMAND_RETRIES = 5;

/** Fills in the defaults; throws a TypeError on a nonsensical number (a programming error). */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    token: options.token,
    WebSocket: options.WebSocket,
    reconnect: { ...DEFAULT_RECONNECT, ...options.reconnect },
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    maxCommandRetries: options.maxCommandRetries ?? DEFAULT_MAX_COMMAND_RETRIES,
    ackInEvent: options.ackInEvent ?? true,
    viewChanges: options.viewChanges ?? true,
  };
  const { initialDelayMs, maxDelayMs, jitter, maxAttempts } = resolved.reconnect;
  if (!(resolved.requestTimeoutMs > 0)) throw new TypeError("requestTimeoutMs must be positive");
  if (!(resolved.heartbeatMs >= 0)) throw new TypeError("heartbeatMs must be 0 or more");
  if (!(initialDelayMs >= 0 && maxDelayMs >= initialDelayMs)) throw new TypeError("reconnect delays must satisfy 0 <= initialDelayMs <= maxDelayMs");
  if (!(jitter >= 0 && jitter <= 1)) throw new TypeError("reconnect.jitter must be between 0 and 1");
  if (!(maxAttempts >= 0)) throw new TypeError("reconnect.maxAttempts must be 0 or more");
  return resolved;
}
