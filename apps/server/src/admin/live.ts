import type { GameRoom } from "../games/room.js";

/** A seat of a running game as the live games table shows it. */
export interface LiveSeat {
  id: string;
  name: string;
  /** The bot kind of a bot seat, null for a person. */
  bot: string | null;
  /** Did an admin give the seat to the bot? */
  replaced: boolean;
  /** Is the player out of the game (its module's summary)? */
  out: boolean;
  /** A status line in the game's words ("6/8 life"), from its module's summary. */
  status: string;
}

/** One running game as the live games table shows it. */
export interface LiveGame {
  id: string;
  /** The game (its module's id). */
  game: string;
  tableCode: string | null;
  /** The node hosting the game. */
  node: string;
  /** The game's phase: its statechart's state now. */
  phase: string;
  /** Turns started so far (the module's summary). */
  turnNumber: number;
  /** Names of the seats the game waits for (its module's `toAct`; several at once for a simultaneous choice). */
  waitingFor: string[];
  seq: number;
  players: LiveSeat[];
  createdAt: string | null;
  /** Seconds since the game was created (null when its creation time is unknown). */
  ageSeconds: number | null;
}

/** Filters of the live games list. */
export interface LiveFilter {
  /** A game id: only that game's games. */
  game?: string | undefined;
  /** Text a seat's name contains (case-insensitive), or a seat's exact player id. */
  player?: string | undefined;
}

/**
 * The live summary of one room, read from its game's module (its `summary`, `toAct`) and its phase
 * (admin only: public facts of every seat, no secret).
 */
export function liveGame(room: GameRoom, node: string, createdAt: Date | null, now: number): LiveGame {
  const state = room.state;
  const summary = room.module.summary(state);
  const nameOf = (id: string) => room.seats.find((s) => s.playerId === id)?.name ?? id;
  return {
    id: room.id,
    game: room.module.id,
    tableCode: room.tableCode,
    node,
    phase: room.phase,
    turnNumber: summary.turn,
    waitingFor: room.module.toAct(state).map(nameOf),
    seq: room.seq,
    players: room.seats.map((s) => {
      const seat = summary.seats[s.playerId];
      return { id: s.playerId, name: s.name, bot: s.bot, replaced: room.isReplaced(s.playerId), out: seat?.out ?? true, status: seat?.status ?? "" };
    }),
    ...ageOf(createdAt, now),
  };
}

/** `game` with its creation time (from the store) and its age at `now` (epoch ms). */
export function withAge(game: LiveGame, createdAt: Date | null, now: number): LiveGame {
  return { ...game, ...ageOf(createdAt, now) };
}

function ageOf(createdAt: Date | null, now: number): Pick<LiveGame, "createdAt" | "ageSeconds"> {
  return { createdAt: createdAt?.toISOString() ?? null, ageSeconds: createdAt ? Math.max(0, Math.round((now - createdAt.getTime()) / 1000)) : null };
}

/** Does `game` pass `filter`? */
export function matchesLive(game: LiveGame, filter: LiveFilter): boolean {
  if (filter.game && game.game !== filter.game) return false;
  if (filter.player) {
    const text = filter.player.toLowerCase();
    if (!game.players.some((p) => p.id === filter.player || p.name.toLowerCase().includes(text))) return false;
  }
  return true;
}
