import type { AnyGameModule, Viewer } from "@bang/game-core";
import type { ErrorCode, GameCommand, PresenceMessage, ServerMessage, WireServerMessage } from "@bang/protocol";

/** A seat of a running game: a person, or a bot (then `bot` names its kind). */
export interface RoomSeat {
  index: number;
  playerId: string;
  name: string;
  bot: "heuristic" | "random" | null;
}

/** Someone who receives a game's messages: a seated player's socket, a spectator, an admin. */
export interface Subscriber {
  readonly viewer: Viewer;
  /**
   * Does it take an event's view as the view's changes since its view at the seq before (hello feature
   * `viewChanges`, frames.ts EventFrames.changesFor)? Read for every event (a socket's last hello decides).
   */
  readonly viewChanges?: boolean;
  /**
   * Takes one message of the game. `text`, when given, is exactly `JSON.stringify(message)`, made once
   * for every subscriber shown the same message (frames.ts): a socket sends it as it is. With an event,
   * `commandId` is the client's id of the command it shows (server-side only: it is not in the message),
   * so that the socket that sent it can fold its ack in (hello feature `ackInEvent`).
   */
  deliver(message: WireServerMessage, text?: string, commandId?: string): void;
}

/** The answer to a command: stored as entry `seq`, or refused with a code (nothing changed). */
export type Answer = { ok: true; seq: number } | { ok: false; code: ErrorCode; message: string; retryAfterMs?: number };

/** Where a command came from: a person's socket, the seat's bot, or the bot playing for an away player. */
export type Origin = "player" | "bot" | "timeout";

/** Observations a room reports (Prometheus metrics live in the metrics plugin). */
export interface RoomMetrics {
  commandAccepted(latencySeconds: number): void;
  commandRefused(): void;
  gameFinished(): void;
}

/**
 * A game as a socket uses it, whichever node writes it: the owner's GameRoom itself (single node), or
 * in a cluster a node's copy that forwards commands to the owner and computes its sockets' views from
 * the fanned-out log entries (cluster/shared-game.ts). Same per-viewer view rule everywhere.
 */
export interface GameHandle {
  readonly id: string;
  /** The game's module: its command schema, views and rules. */
  readonly module: AnyGameModule;
  /** The last stored sequence number this node knows. */
  readonly seq: number;
  /** Has the game reached its end (game over)? */
  readonly over: boolean;
  /** Is `playerId` seated here (a person, not a bot)? */
  hasPlayer(playerId: string): boolean;
  /** The view of `viewer` now, as a snapshot message. */
  snapshot(viewer: Viewer): ServerMessage;
  /** The events `viewer` missed after `lastSeq`; null for a `lastSeq` ahead of the game (BAD_SEQ). */
  missedSince(viewer: Viewer, lastSeq: number): ServerMessage[] | null;
  subscribe(sub: Subscriber): () => void;
  /** A socket of `playerId` on this node opened (1) or closed (-1). */
  connectionChanged(playerId: string, delta: 1 | -1): void;
  /** Away seats, connections and timers as the game's `presence` message, or null while this node knows none yet. */
  presenceNow(): PresenceMessage | null;
  /** The person `playerId` takes their seat back from the bot (GameRoom.takeSeatBack); NOT_SEATED when they cannot. */
  takeSeatBack(playerId: string): { ok: true } | { ok: false; code: "NOT_SEATED"; message: string };
  /** Applies a command of `by` exactly once by its id; resolves with the stored answer or the refusal. */
  submit(by: string, commandId: string, command: GameCommand): Promise<Answer>;
}

/**
 * Where a node finds the games its sockets ask for: the actor host (single node, synchronous) or the
 * cluster's directory (asynchronous: the game may first be loaded from the store).
 */
export interface GameDirectory {
  /** The running (or just finished) game `gameId`, or null when this node cannot serve it. */
  open(gameId: string): GameHandle | null | Promise<GameHandle | null>;
  /** Does this node hold game `gameId` in memory now (opening it costs no load from the store and no replay)? */
  has(gameId: string): boolean;
  /** Running games known to this node where `playerId` has a seat. */
  gamesOf(playerId: string): GameHandle[];
  /**
   * A cluster node's other running games of `playerId`: those it has no copy of yet (the player's game
   * lives on other nodes), as ids to open. A single node knows all its games (gamesOf): no such method.
   */
  otherGamesOf?(playerId: string): Promise<string[]>;
}
