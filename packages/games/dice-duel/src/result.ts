import type { GameResult, ScoringLine } from "@bang/game-core";
import type { DuelState } from "./types.js";

/** The tournament scoring table of {@link duelResult}'s scores (duel tournaments play brackets, R8.10). */
export const SCORING: readonly ScoringLine[] = [{ when: "you win the duel", points: 1 }];

/**
 * How a finished duel ended (null while it runs): the winner (R8.10) first, the other player second,
 * each alone; the winner scores 1.
 */
export function duelResult(s: DuelState): GameResult | null {
  if (!s.winner) return null;
  const winner = s.winner.players[0]!;
  const loser = s.players.find((p) => p.id !== winner)!.id;
  return {
    winner: { team: s.winner.team, players: [winner] },
    ranking: [
      { team: winner, players: [winner], place: 1 },
      { team: loser, players: [loser], place: 2 },
    ],
    scores: { [winner]: 1, [loser]: 0 },
  };
}
