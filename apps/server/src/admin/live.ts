import { standing } from "@bang/engine";
import type { GameRoom } from "../games/room.js";

/** One running game as the live games table shows it. */
export interface LiveGame {
  id: string;
  mode: string;
  tableCode: string | null;
  /** The node hosting the game. */
  node: string;
  phase: string;
  /** Turns started so far (the engine's turnNumber). */
  turnNumber: number;
  /** Name of the active player's seat. */
  turnOf: string;
  seq: number;
  players: { id: string; name: string; bot: string | null; replaced: boolean; alive: boolean; life: number }[];
  createdAt: string | null;
  /** Seconds since the game was created (null when its creation time is unknown). */
  ageSeconds: number | null;
}

/** Filters of the live games list. */
export interface LiveFilter {
  mode?: string | undefined;
  /** Text a seat's name contains (case-insensitive), or a seat's exact player id. */
  player?: string | undefined;
}

/** The live summary of one room (admin only: no role in it, but the turn and lives of everyone). */
export function liveGame(room: GameRoom, node: string, createdAt: Date | null, now: number): LiveGame {
  const state = room.state;
  const nameOf = (id: string) => room.seats.find((s) => s.playerId === id)?.name ?? id;
  return {
    id: room.id,
    mode: state.mode,
    tableCode: room.tableCode,
    node,
    phase: state.phase,
    turnNumber: state.turnNumber,
    turnOf: nameOf(state.players[state.turn]!.id),
    seq: room.seq,
    players: room.seats.map((s) => {
      const p = state.players.find((q) => q.id === s.playerId);
      // A duel seat has no life: its standing cards (0 to 8, R8.1) stand in for it.
      const alive = !p ? false : "alive" in p ? p.alive : standing(p.hideout) > 0;
      const life = !p ? 0 : "life" in p ? p.life : standing(p.hideout);
      return { id: s.playerId, name: s.name, bot: s.bot, replaced: room.isReplaced(s.playerId), alive, life };
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
  if (filter.mode && game.mode !== filter.mode) return false;
  if (filter.player) {
    const text = filter.player.toLowerCase();
    if (!game.players.some((p) => p.id === filter.player || p.name.toLowerCase().includes(text))) return false;
  }
  return true;
}
