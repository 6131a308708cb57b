import type { EventChangesMessage, GameView } from "@bang/protocol";
import type { EventMessage, SnapshotMessage } from "./messages.js";

/**
 * What the client knows of one game: which game it is (a module's id: its UI and its view's shape),
 * the last sequence number applied and the view after it (the module's view; cast it to the game's type).
 */
export interface GameState {
  gameId: string;
  game: string;
  /** The game's log sequence number of `view` (0: no command yet). */
  seq: number;
  view: GameView;
}

/**
 * What became of a received event: applied (it was the next one; `event` is it with its whole view,
 * made from its view's changes when it carried those), a duplicate or old one (dropped), or one past a
 * gap (dropped too: the client asks for what it missed with `resume` from `lastSeq`).
 */
export type EventOutcome = { kind: "applied"; event: EventMessage } | { kind: "duplicate" } | { kind: "gap"; lastSeq: number };

/**
 * The games a client follows, each at its last applied sequence number. Pure bookkeeping, no I/O: it
 * decides, the client acts. An event is applied only if its seq is exactly one past the last one, so
 * listeners see every event once and in order. A game seen for the first time through an event counts
 * as being at seq 0.
 */
export class GameTracker {
  private readonly games = new Map<string, GameState>();
  /** Highest seq heard of per game (events dropped after a gap included): tells if a resume caught up. */
  private readonly heard = new Map<string, number>();

  /** The state of `gameId`, if followed. */
  get(gameId: string): GameState | undefined {
    return this.games.get(gameId);
  }

  /** Every followed game. */
  all(): GameState[] {
    return [...this.games.values()];
  }

  /** Ids of every game followed or heard of (an event past a gap counts: the game needs a resume). */
  followed(): string[] {
    return [...new Set([...this.games.keys(), ...this.heard.keys()])];
  }

  /** The last applied seq of `gameId`; 0 for a game not followed yet. */
  lastSeq(gameId: string): number {
    return this.games.get(gameId)?.seq ?? 0;
  }

  /** Is a seq past the last applied one known to exist (an event dropped after a gap)? */
  behind(gameId: string): boolean {
    return (this.heard.get(gameId) ?? 0) > this.lastSeq(gameId);
  }

  /**
   * Applies an event if it is the next one of its game. An event with its view's changes (hello
   * feature `viewChanges`) is applied onto the view at exactly its seq - 1 (`{...view, ...changes}`);
   * with no view of the game yet there is nothing to apply them onto: a gap, as one past a missed seq.
   */
  applyEvent(event: EventMessage | EventChangesMessage): EventOutcome {
    const known = this.games.get(event.gameId);
    const last = known?.seq ?? 0;
    this.hear(event.gameId, event.seq);
    if (event.seq <= last) return { kind: "duplicate" };
    if (event.seq > last + 1 || (!known && "viewChanges" in event)) return { kind: "gap", lastSeq: last };
    const whole = "viewChanges" in event ? withView(event, { ...known!.view, ...event.viewChanges } as GameView) : event;
    this.games.set(event.gameId, { gameId: event.gameId, game: event.game, seq: event.seq, view: whole.view });
    return { kind: "applied", event: whole };
  }

  /**
   * Applies a snapshot unless it is older than what the client has (a snapshot at the same seq replaces
   * the view: a spectator's snapshot of a game it already follows, say). Returns whether it applied.
   */
  applySnapshot(snapshot: SnapshotMessage): boolean {
    const known = this.games.get(snapshot.gameId);
    if (known && snapshot.seq < known.seq) return false;
    this.hear(snapshot.gameId, snapshot.seq);
    this.games.set(snapshot.gameId, { gameId: snapshot.gameId, game: snapshot.game, seq: snapshot.seq, view: snapshot.view });
    return true;
  }

  /** Stops following `gameId`. */
  forget(gameId: string): void {
    this.games.delete(gameId);
    this.heard.delete(gameId);
  }

  private hear(gameId: string, seq: number): void {
    if (seq > (this.heard.get(gameId) ?? 0)) this.heard.set(gameId, seq);
  }
}

/**
 * `event` with its whole `view` in place of its changes (keys in the order of a server's event with
 * its view). Written out: an object rest (`{viewChanges, ...head}`) costs a runtime call per event,
 * more than a driver saves by parsing the smaller frame (bench:peers' driver profile).
 */
function withView(event: EventChangesMessage, view: GameView): EventMessage {
  const whole: EventMessage = { type: "event", gameId: event.gameId, game: event.game, seq: event.seq, by: event.by, command: event.command, events: event.events, view };
  if (event.ack !== undefined) whole.ack = event.ack;
  return whole;
}
