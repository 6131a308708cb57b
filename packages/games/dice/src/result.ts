import { rankSides, type GameResult, type ScoringLine, type SeatSide } from "@bang/game-core";
import type { GameState, PlayerState, Role } from "./types.js";

/** Tournament points a player scores when their team wins, by role (R6: law, outlaws, renegade). */
export const WIN_POINTS: Readonly<Record<Role, number>> = { sheriff: 5, deputy: 4, outlaw: 3, renegade: 8 };
/** Extra tournament point for a player still alive when the game ends, whoever won. */
export const SURVIVAL_POINTS = 1;

/** The tournament scoring table of {@link gameResult}'s scores. */
export const SCORING: readonly ScoringLine[] = [
  { when: "your team wins and you are the sheriff", points: WIN_POINTS.sheriff },
  { when: "your team wins and you are a deputy", points: WIN_POINTS.deputy },
  { when: "your team wins and you are an outlaw", points: WIN_POINTS.outlaw },
  { when: "you win as a renegade", points: WIN_POINTS.renegade },
  { when: "you are alive at the end of the game (any role, win or lose)", points: SURVIVAL_POINTS },
];

/**
 * The side of a seat (R6): in a game of 4 or more, the sheriff and the deputies are the law, the outlaws
 * one team, each renegade a team of their own (two renegades never win together, R6.4); with 3 players
 * (part C) each player is alone.
 */
function sideOf(p: PlayerState, seats: number): SeatSide {
  if (seats <= 3) return { team: p.role, alone: true };
  if (p.role === "sheriff" || p.role === "deputy") return { team: "law" };
  if (p.role === "outlaw") return { team: "outlaws" };
  return { team: p.role, alone: true };
}

/**
 * How a finished game ended (null while it runs): the winner (R6, R7), every side ranked (the winning
 * side first; every losing side shares place 2, because the rules give no order among the losers), and
 * each seat's tournament points (WIN_POINTS by role when they won, +SURVIVAL_POINTS if alive).
 */
export function gameResult(s: GameState): GameResult | null {
  if (!s.winner) return null;
  const winners = new Set(s.winner.players);
  const scores: Record<string, number> = {};
  for (const p of s.players) scores[p.id] = (winners.has(p.id) ? WIN_POINTS[p.role] : 0) + (p.alive ? SURVIVAL_POINTS : 0);
  return { winner: { team: s.winner.team, players: [...s.winner.players] }, ranking: rankSides(s.players, (p) => sideOf(p, s.players.length), s.winner.players), scores };
}
