/**
 * What the players' pages are shown of stored games (plain functions, no I/O): public facts only, the
 * same for every game (ids, names, bot kinds, times, the winning side in the game's words once over).
 */
import type { StoredGame } from "../persistence/store.js";

/** A seat as the public lists show it: the player's id in the game, the name, the bot kind (null: a person). */
export interface PublicSeat {
  seat: number;
  id: string;
  name: string;
  bot: string | null;
}

/** A running game in the public list of games to watch. */
export interface LiveListing {
  id: string;
  /** The game (its module's id) and its name for people. */
  game: string;
  name: string;
  players: PublicSeat[];
  /** When it started (ISO 8601), and how long it has run at the time of the answer, in whole seconds. */
  createdAt: string;
  ageSeconds: number;
  /** Whether anyone may watch it (a spectator's view): every running game today. */
  spectatorsAllowed: boolean;
}

/** How a game went for one of its players. `ended`: finished without a winner. */
export type Outcome = "running" | "won" | "lost" | "abandoned" | "ended";

/** A game in a player's list. */
export interface PlayerGame {
  id: string;
  game: string;
  status: StoredGame["status"];
  createdAt: string;
  finishedAt: string | null;
  players: PublicSeat[];
  /** The game's winning side in its own words, and its players' ids (null: running, abandoned, no winner). */
  winner: { team: string; players: string[] } | null;
  outcome: Outcome;
}

export function publicSeats(g: StoredGame): PublicSeat[] {
  return g.seats.map((s) => ({ seat: s.seat, id: s.playerId, name: s.name, bot: s.botKind }));
}

/** A running game as the public list shows it, `now` in ms since the epoch. */
export function liveListing(g: StoredGame, name: string, now: number): LiveListing {
  return {
    id: g.id,
    game: g.game,
    name,
    players: publicSeats(g),
    createdAt: g.createdAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now - g.createdAt.getTime()) / 1000)),
    spectatorsAllowed: true,
  };
}

/** How game `g` went for `playerId` (their id in the game, which is their player id). */
export function outcomeOf(g: Pick<StoredGame, "status" | "winner">, playerId: string): Outcome {
  if (g.status === "running") return "running";
  if (g.status === "abandoned") return "abandoned";
  if (!g.winner) return "ended";
  return g.winner.players.includes(playerId) ? "won" : "lost";
}

/** Game `g` in the list of `playerId`'s games. */
export function playerGame(g: StoredGame, playerId: string): PlayerGame {
  return {
    id: g.id,
    game: g.game,
    status: g.status,
    createdAt: g.createdAt.toISOString(),
    finishedAt: g.finishedAt?.toISOString() ?? null,
    players: publicSeats(g),
    winner: g.winner,
    outcome: outcomeOf(g, playerId),
  };
}
