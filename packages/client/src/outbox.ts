import type { ClientError } from "./errors.js";
import type { ServerMessageOf } from "./messages.js";

type Timer = ReturnType<typeof setTimeout>;

/** The answer of a request: `ok` (or `pong` for a ping). */
export type RequestAnswer = ServerMessageOf<"ok"> | ServerMessageOf<"pong">;

/** What `send` resolves with: the command's id and the log sequence number it was stored as. */
export interface CommandResult {
  id: string;
  gameId: string;
  seq: number;
}

/** A request (`rid`) waiting for its answer. Not sent again after a drop: it might not be idempotent. */
export interface PendingRequest {
  kind: "request";
  key: string;
  /** The validated frame. */
  frame: string;
  /** Written on the current socket? */
  sent: boolean;
  timer: Timer;
  resolve(answer: RequestAnswer): void;
  reject(error: ClientError): void;
}

/**
 * A game command waiting for its ack. Sent again, with the same id, on every new connection until
 * answered: the server applies an id once, so this is exactly once.
 */
export interface PendingCommand {
  kind: "command";
  key: string;
  id: string;
  gameId: string;
  frame: string;
  sent: boolean;
  /** Answers RETRY so far. */
  retries: number;
  timer: Timer;
  retryTimer: Timer | null;
  promise: Promise<CommandResult>;
  resolve(result: CommandResult): void;
  reject(error: ClientError): void;
}

export type Pending = PendingRequest | PendingCommand;

/**
 * Everything the client waits an answer for, in the order it was asked. Insertion order matters: after
 * a reconnect, what was never sent goes out in the caller's order.
 */
export class Outbox {
  private readonly entries = new Map<string, Pending>();

  static requestKey(rid: string): string {
    return `r:${rid}`;
  }

  static commandKey(id: string): string {
    return `c:${id}`;
  }

  /** How many entries wait. */
  get size(): number {
    return this.entries.size;
  }

  add(entry: Pending): void {
    this.entries.set(entry.key, entry);
  }

  request(rid: string): PendingRequest | undefined {
    const e = this.entries.get(Outbox.requestKey(rid));
    return e?.kind === "request" ? e : undefined;
  }

  command(id: string): PendingCommand | undefined {
    const e = this.entries.get(Outbox.commandKey(id));
    return e?.kind === "command" ? e : undefined;
  }

  /** Every entry, oldest first (a copy: settling an entry while iterating is safe). */
  list(): Pending[] {
    return [...this.entries.values()];
  }

  /** Removes an entry and clears its timers. Returns whether it was there. */
  remove(entry: Pending): boolean {
    clearTimeout(entry.timer);
    if (entry.kind === "command" && entry.retryTimer) clearTimeout(entry.retryTimer);
    return this.entries.delete(entry.key);
  }

  /** Settles an entry with an error (if still waiting). */
  fail(entry: Pending, error: ClientError): void {
    if (this.remove(entry)) entry.reject(error);
  }

  /** Fails every entry. */
  failAll(error: ClientError): void {
    for (const e of this.list()) this.fail(e, error);
  }
}
