/**
 * A raw WebSocket to the server (the `ws` package, no SDK): the test writes any frame it likes and
 * reads every server message, each checked against the protocol's schema.
 */
import { parseServerMessage, type WireServerMessage } from "@bang/protocol";
import { WebSocket, type ClientOptions } from "ws";

export class RawSocket {
  /** Every server message received, in order. */
  readonly received: WireServerMessage[] = [];
  /** Frames that were not valid server messages (expected: none). */
  readonly invalid: string[] = [];
  /** The close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** WebSocket-level pings received from the server. */
  pings = 0;
  private readonly waiters = new Set<() => void>();
  private ridCounter = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as ArrayBuffer).toString("utf8");
      const parsed = parseServerMessage(text);
      if (parsed.ok) this.received.push(parsed.message);
      else this.invalid.push(text);
      for (const w of [...this.waiters]) w();
    });
    this.closed = new Promise((resolve) => socket.on("close", (code: number, reason: Buffer) => resolve({ code, reason: reason.toString("utf8") })));
    socket.on("ping", () => this.pings++);
    socket.on("error", () => undefined);
  }

  /** Opens a socket to `baseUrl`'s /ws (`options.autoPong: false`: a peer that never answers pings). */
  static open(baseUrl: string, options?: ClientOptions): Promise<RawSocket> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, options);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new RawSocket(socket)));
      socket.once("error", reject);
    });
  }

  /** Opens a socket and says hello with `token`; resolves once welcomed. */
  static async signedIn(baseUrl: string, token: string, options?: ClientOptions): Promise<RawSocket> {
    const raw = await RawSocket.open(baseUrl, options);
    raw.send({ type: "hello", token });
    await raw.next((m) => m.type === "welcome");
    return raw;
  }

  /** Sends a frame: a string as is, anything else as JSON. */
  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** A fresh request id. */
  rid(): string {
    return `t${++this.ridCounter}`;
  }

  /**
   * The first message received from index `from` on (default: the next one to come) that satisfies
   * `predicate`. Rejects after `timeoutMs` with what was received.
   */
  next<T extends WireServerMessage = WireServerMessage>(predicate: (m: WireServerMessage) => boolean, options: { from?: number; timeoutMs?: number } = {}): Promise<T> {
    let at = options.from ?? this.received.length;
    const timeoutMs = options.timeoutMs ?? 5_000;
    return new Promise((resolve, reject) => {
      const check = () => {
        for (; at < this.received.length; at++) {
          const m = this.received[at]!;
          if (predicate(m)) {
            done();
            resolve(m as T);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching message within ${timeoutMs} ms; received: ${JSON.stringify(this.received.slice(-10))}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Sends ping and resolves with the answer (pong, or the error that refused it). */
  async ping(): Promise<WireServerMessage> {
    const rid = this.rid();
    const from = this.received.length;
    this.send({ type: "ping", rid });
    return this.next((m) => (m.type === "pong" || m.type === "error") && m.rid === rid, { from });
  }

  /** Sends `frame` and resolves with the next error message. */
  async error(frame: unknown): Promise<Extract<WireServerMessage, { type: "error" }>> {
    const from = this.received.length;
    this.send(frame);
    return this.next((m) => m.type === "error", { from });
  }

  /** Sends a command and resolves with its answer (ack or error with its id). */
  async command(gameId: string, id: string, command: unknown): Promise<WireServerMessage> {
    const from = this.received.length;
    this.send({ type: "command", id, gameId, command });
    return this.next((m) => (m.type === "ack" || m.type === "error") && m.id === id, { from });
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000, "test done");
    return this.closed;
  }
}
