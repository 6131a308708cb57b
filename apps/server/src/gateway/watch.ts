import type { Connections } from "./connections.js";

export interface SocketWatchOptions {
  /** A socket without a valid hello this long after it opened is closed (4008), in ms. */
  helloTimeoutMs: number;
  /** Time between two WebSocket pings; a socket that did not answer the previous one is cut, in ms. */
  pingMs: number;
}

/**
 * The node's watch over its sockets, two timers for the whole node (none per socket):
 * - the hello deadline: every quarter of HELLO_TIMEOUT_MS (at most every second), the sockets past
 *   it that still have no verified hello are closed. Only those are walked (Connections keeps them
 *   oldest first), so its cost does not grow with the sockets in play;
 * - the heartbeat: every WS_PING_MS, each socket that did not answer the previous ping with a pong
 *   is cut, and the others are pinged (Connection.heartbeat). A half-open socket (a peer gone without
 *   a close, a dead network path) is so noticed within two periods, and its seats go to the bot after
 *   the disconnect grace. Browsers and the `ws` package answer pings on their own.
 */
export class SocketWatch {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly connections: Connections,
    private readonly options: SocketWatchOptions,
  ) {}

  start(): void {
    if (this.timers.length > 0) return;
    const { helloTimeoutMs, pingMs } = this.options;
    const helloEvery = Math.max(10, Math.min(1_000, Math.floor(helloTimeoutMs / 4)));
    this.timers.push(setInterval(() => this.expireHellos(), helloEvery), setInterval(() => this.beat(), pingMs));
    // The listener keeps the process alive, not these.
    for (const t of this.timers) t.unref();
  }

  stop(): void {
    for (const t of this.timers.splice(0)) clearInterval(t);
  }

  private expireHellos(): void {
    const { helloTimeoutMs } = this.options;
    for (const c of this.connections.takeOverdueHellos(performance.now() - helloTimeoutMs)) c.expireHello(helloTimeoutMs);
  }

  private beat(): void {
    for (const c of this.connections) c.heartbeat();
  }
}
