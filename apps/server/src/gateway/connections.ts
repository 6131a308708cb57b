import { SetIndex } from "../set-index.js";
import type { Connection } from "./connection.js";

/**
 * The node's open WebSocket connections, also indexed by player (one player may hold several
 * sockets: tabs, devices). Table changes, queue messages and seatings reach a player's sockets through
 * the index, so their cost does not grow with the number of sockets on the node (a scan of every
 * socket per table change made the lobby quadratic while many tables were forming). The sockets still
 * waiting for their hello are kept apart, oldest first, for the hello deadline.
 */
export class Connections implements Iterable<Connection> {
  private readonly open = new Set<Connection>();
  private readonly byPlayer = new SetIndex<string, Connection>();
  /** Sockets without a verified hello, and when each was added (performance.now()), in that order. */
  private readonly awaitingHello = new Map<Connection, number>();

  get size(): number {
    return this.open.size;
  }

  add(connection: Connection): void {
    this.open.add(connection);
    this.awaitingHello.set(connection, performance.now());
  }

  /** Indexes `connection` under its player, once its hello verified them (a socket's player never changes). */
  identified(connection: Connection): void {
    const id = connection.playerId;
    this.awaitingHello.delete(connection);
    if (id !== null && this.open.has(connection)) this.byPlayer.add(id, connection);
  }

  delete(connection: Connection): void {
    this.open.delete(connection);
    this.awaitingHello.delete(connection);
    const id = connection.playerId;
    if (id !== null) this.byPlayer.delete(id, connection);
  }

  /**
   * Takes out and returns the sockets added at or before `openedBy` that still have no verified hello.
   * Costs what it returns: the sockets wait in the order they came, so the walk stops at the first
   * younger one.
   */
  takeOverdueHellos(openedBy: number): Connection[] {
    const overdue: Connection[] = [];
    for (const [connection, at] of this.awaitingHello) {
      if (at > openedBy) break;
      overdue.push(connection);
    }
    for (const connection of overdue) this.awaitingHello.delete(connection);
    return overdue;
  }

  /** The identified sockets of `playerId` (none: an empty list). */
  of(playerId: string): readonly Connection[] {
    return this.byPlayer.of(playerId);
  }

  /** Has `playerId` an identified socket on this node? */
  has(playerId: string): boolean {
    return this.byPlayer.has(playerId);
  }

  [Symbol.iterator](): Iterator<Connection> {
    return this.open[Symbol.iterator]();
  }
}
