import type { GameRoom } from "../games/room.js";

/** One seat of a running game as the admin's game page shows its connection. */
export interface SeatPresence {
  id: string;
  name: string;
  /** The bot kind of a bot seat, null for a person. */
  bot: string | null;
  /** A socket of the player is open on some node (a person; false for a bot seat). */
  connected: boolean;
  /** The bot plays for the person now: timed out, disconnected past the grace, or given to the bot. */
  away: boolean;
  /** An admin gave the seat to the bot for the rest of the game (then `away` too). */
  replaced: boolean;
  /** Time left before the seat's timer runs out, ms (>= 0); null when the game does not wait for the person. */
  remainingMs: number | null;
}

/** The seats of a running game beyond its view, as its owner node sees them now. */
export interface GamePresence {
  gameId: string;
  /** The node that owns the game (whose room answered). */
  node: string;
  /** The table's turn time, ms: the full length of each timer. */
  turnMs: number;
  seats: SeatPresence[];
}

/**
 * The presence of `room`'s seats (its `presence()`: who is away, who is connected, each timer) seat by
 * seat, read on the node that owns the room: in a cluster its connection counts cover every node's
 * sockets (each node tells the owner), which a copy of the game elsewhere does not know.
 */
export function presenceOf(room: GameRoom, node: string): GamePresence {
  const p = room.presence();
  const away = new Set(p.away);
  const connected = new Set(p.connected);
  const timers = new Map(p.timers.map((t) => [t.playerId, t.remainingMs]));
  return {
    gameId: room.id,
    node,
    turnMs: p.turnMs,
    seats: room.seats.map((s) => ({
      id: s.playerId,
      name: s.name,
      bot: s.bot,
      connected: connected.has(s.playerId),
      away: away.has(s.playerId),
      replaced: room.isReplaced(s.playerId),
      remainingMs: timers.get(s.playerId) ?? null,
    })),
  };
}
