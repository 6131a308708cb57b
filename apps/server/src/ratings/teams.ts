import type { AnyGameState, GameState } from "@bang/engine";

/** One side of a finished game for the rating update: its seats and its rank (1 = the winners). */
export interface RatingTeam {
  /** Engine player ids of the team's seats, in seat order. */
  members: string[];
  rank: number;
}

/**
 * The teams of a finished game, ranked by its result (RULES.md R6, R7.3): the winning team first
 * (rank 1); every losing team shares rank 2, because the rules give no order among the losers.
 * Hidden-role teams: in a game of 4 or more, the sheriff and the deputies form the law, the outlaws
 * one team, and each renegade is a team of one (two renegades never win together, R6). With 3 players
 * (part C) and in a duel (part D) each player is a team of one. Bot seats are members like any other:
 * the caller decides how they count. Throws when the game has no winner yet.
 */
export function ratingTeams(state: Pick<GameState, "players" | "winner"> | Pick<AnyGameState, "mode" | "players" | "winner">): RatingTeam[] {
  const winner = state.winner;
  if (!winner) throw new Error("the game is not over: no winner to rank");
  const winners = new Set(winner.players);
  const groups = new Map<string, string[]>();
  const solo = ("mode" in state && state.mode === "duel") || state.players.length <= 3;
  const teamOf = (p: (typeof state.players)[number]): string => {
    if (solo || !("role" in p)) return `solo:${p.id}`;
    if (p.role === "sheriff" || p.role === "deputy") return "law";
    if (p.role === "outlaw") return "outlaws";
    return `renegade:${p.id}`;
  };
  for (const p of state.players) {
    const key = teamOf(p);
    groups.set(key, [...(groups.get(key) ?? []), p.id]);
  }
  return [...groups.values()].map((members) => ({ members, rank: members.some((m) => winners.has(m)) ? 1 : 2 }));
}
