import type { Viewer } from "@bang/engine";
import type { ErrorCode, ServerMessage } from "@bang/protocol";

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
  deliver(message: ServerMessage): void;
}

/** The answer to a command: stored as entry `seq`, or refused with a code (nothing changed). */
export type Answer = { ok: true; seq: number } | { ok: false; code: ErrorCode; message: string };

/** Where a command came from: a person's socket, the seat's bot, or the bot playing for an away player. */
export type Origin = "player" | "bot" | "timeout";

/** Observations a room reports (Prometheus metrics live in the metrics plugin). */
export interface RoomMetrics {
  commandAccepted(latencySeconds: number): void;
  commandRefused(): void;
  gameFinished(): void;
}
