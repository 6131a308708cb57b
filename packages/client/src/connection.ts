import { backoffDelay, type ReconnectOptions } from "./backoff.js";
import { ClientError } from "./errors.js";
import { OPEN, resolveWebSocket, type WebSocketConstructor, type WebSocketLike } from "./socket.js";

/**
 * The state of the connection: `idle` (not asked to connect yet), `connecting` (a socket is opening,
 * hello not yet answered), `connected` (welcomed), `reconnecting` (waiting out the backoff after a
 * drop), `closed` (for good).
 */
export type ConnectionStatus = "idle" | "connecting" | "connected" | "reconnecting" | "closed";

/** How a socket closed: the WebSocket close code and reason (4000: the client dropped it). */
export interface CloseDetail {
  code?: number;
  reason?: string;
}

/** Details of a connection change: the attempt number, the backoff, the close that caused it. */
export interface ConnectionDetail extends CloseDetail {
  /** Reconnect attempts since the last welcome (0 when connected). */
  attempt: number;
  /** For `reconnecting`: the wait before the next attempt, in ms. */
  delayMs?: number;
  /** For `closed` after a fatal error (BAD_TOKEN, attempts exhausted). */
  error?: ClientError;
}

/** What the connection tells its owner (the client), which speaks the protocol. */
export interface ConnectionHooks {
  /** A frame arrived on the current socket. */
  frame(data: unknown): void;
  /** The current socket is gone; a reconnect follows unless the connection is closed. */
  dropped(detail: CloseDetail): void;
  status(status: ConnectionStatus, detail: ConnectionDetail): void;
  /** The reconnect attempts ran out: the connection is closed for good. */
  gaveUp(error: ClientError, detail: CloseDetail): void;
  /** A ping for the heartbeat; rejects with a TIMEOUT ClientError when unanswered. */
  ping(): Promise<unknown>;
  /** The hello frame to send when a socket opens (it carries the games to resume). */
  hello(): string;
}

export interface ConnectionOptions {
  token: string;
  WebSocket: WebSocketConstructor | undefined;
  reconnect: ReconnectOptions;
  heartbeatMs: number;
}

/** The code of a close the client decides on (a dead heartbeat, a node shutting down). */
export const CLIENT_DROP_CODE = 4000;

/**
 * One logical connection over successive sockets: opens a socket, says hello when it opens, reconnects
 * with backoff after any close it did not ask for (1001 "going away" included), pings to detect a dead
 * peer, and stops for good on `close()`. It knows nothing of the messages but hello: the owner parses
 * frames and calls `welcomed()` when the server said welcome.
 */
export class Connection {
  private implementation: WebSocketConstructor | null = null;
  private socket: WebSocketLike | null = null;
  private open = false;
  private started = false;
  private isClosed = false;
  private attempt = 0;
  private current: ConnectionStatus = "idle";
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    /** The ws(s):// URL. */
    readonly url: string,
    private readonly options: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {}

  get status(): ConnectionStatus {
    return this.current;
  }

  /** Welcomed on the current socket: requests may be written. */
  get ready(): boolean {
    return this.open;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Opens the first socket (once; later ones come by themselves). */
  start(): void {
    if (this.started || this.isClosed) return;
    this.started = true;
    void this.openSocket();
  }

  /** The server said welcome on the current socket. */
  welcomed(): void {
    this.open = true;
    this.attempt = 0;
    this.setStatus("connected", { attempt: 0 });
    this.startHeartbeat();
  }

  /** Writes a frame if the socket is open; returns whether it did. */
  write(frame: string): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(frame);
      return true;
    } catch {
      return false;
    }
  }

  /** Drops the current socket on the client's own decision, and reconnects. */
  drop(reason: string): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    try {
      socket.close(CLIENT_DROP_CODE, reason);
    } catch {
      // Already closing.
    }
    this.socketGone({ code: CLIENT_DROP_CODE, reason });
  }

  /** Closes for good (no reconnect). Resolves once the socket is closed, at most 1 s later. */
  close(detail: Omit<ConnectionDetail, "attempt"> = {}): Promise<void> {
    if (this.isClosed) return Promise.resolve();
    this.isClosed = true;
    this.open = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    this.setStatus("closed", { attempt: this.attempt, ...detail });
    if (!socket) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 1000);
      socket.onclose = () => {
        clearTimeout(timer);
        resolve();
      };
      try {
        socket.close(1000, "client closed");
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  private async openSocket(): Promise<void> {
    this.reconnectTimer = null;
    if (this.isClosed) return;
    let socket: WebSocketLike;
    try {
      this.implementation ??= await resolveWebSocket(this.options.WebSocket);
      if (this.isClosed) return;
      socket = new this.implementation(this.url);
    } catch (error) {
      this.scheduleReconnect({ reason: `cannot open ${this.url}: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    this.socket = socket;
    this.setStatus("connecting", { attempt: this.attempt });
    socket.onopen = () => {
      if (this.socket === socket) this.write(this.hooks.hello());
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.hooks.frame(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.socketGone({ code: event.code, reason: event.reason });
    };
    socket.onerror = () => {
      // A close event follows every error; it is handled there.
    };
  }

  private socketGone(detail: CloseDetail): void {
    this.open = false;
    this.stopHeartbeat();
    this.hooks.dropped(detail);
    if (!this.isClosed) this.scheduleReconnect(detail);
  }

  /** Waits out the backoff, then opens a new socket; gives up after `maxAttempts`. */
  private scheduleReconnect(detail: CloseDetail): void {
    const { reconnect } = this.options;
    if (this.attempt >= reconnect.maxAttempts) {
      this.hooks.gaveUp(new ClientError("DISCONNECTED", `gave up reconnecting to ${this.url} after ${this.attempt} attempts`), detail);
      return;
    }
    const delayMs = backoffDelay(this.attempt, reconnect);
    this.attempt += 1;
    this.setStatus("reconnecting", { attempt: this.attempt, delayMs, ...detail });
    this.reconnectTimer = setTimeout(() => void this.openSocket(), delayMs);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    if (this.options.heartbeatMs <= 0) return;
    this.heartbeatTimer = setInterval(() => {
      const socket = this.socket;
      this.hooks.ping().catch((error: unknown) => {
        if (error instanceof ClientError && error.code === "TIMEOUT" && socket && this.socket === socket) this.drop("heartbeat timeout");
      });
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private setStatus(status: ConnectionStatus, detail: ConnectionDetail): void {
    this.current = status;
    this.hooks.status(status, detail);
  }
}
