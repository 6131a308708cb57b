import { rankSides, type GameResult, type ScoringLine, type SeatSide } from "@bang/game-core";
import type { GameState, PlayerState, Role } from "./types.js";

/** Tournament points a player scores when his team wins, by role (E9). */
export const WIN_POINTS: Readonly<Record<Role, number>> = { sheriff: 5, deputy: 4, outlaw: 3, renegade: 8 };
/** Extra point for a player still in the game at the end, whoever won. */
export const SURVIVAL_POINTS = 1;

/** The tournament scoring table of {@link gameResult}'s scores. */
export const SCORING: readonly ScoringLine[] = [
  { when: "your team wins and you are the sheriff", points: WIN_POINTS.sheriff },
  { when: "your team wins and you are a deputy", points: WIN_POINTS.deputy },
  { when: "your team wins and you are an outlaw", points: WIN_POINTS.outlaw },
  { when: "you win as a renegade", points: WIN_POINTS.renegade },
  { when: "you are still in the game at the end (any role, win or lose)", points: SURVIVAL_POINTS },
];

/** E9: a seat's side: the law (sheriff and deputies), the outlaws, or a renegade alone (E9.4). */
function sideOf(p: PlayerState): SeatSide {
  if (p.role === "sheriff" || p.role === "deputy") return { team: "law" };
  if (p.role === "outlaw") return { team: "outlaws" };
  return { team: "renegade", alone: true };
}

/**
 * How a finished game ended (null while it runs): the winner (E9), every side ranked (the winners at
 * place 1, every other side at place 2: the rules rank no losers), and each seat's points.
 */
export function gameResult(s: GameState): GameResult | null {
  if (!s.winner) return null;
  const winners = new Set(s.winner.players);
  const scores: Record<string, number> = {};
  for (const p of s.players) scores[p.id] = (winners.has(p.id) ? WIN_POINTS[p.role] : 0) + (p.alive ? SURVIVAL_POINTS : 0);
  return { winner: { team: s.winner.team, players: [...s.winner.players] }, ranking: rankSides(s.players, sideOf, s.winner.players), scores };
}
