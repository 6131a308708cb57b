import type { GameResult } from "@bang/game-core";

/** One side of a finished game for the rating update: its seats and its rank (1 = the winners). */
export interface RatingTeam {
  /** Player ids of the side's seats, in seat order. */
  members: string[];
  rank: number;
}

/**
 * The teams of a finished game for the rating update, read from its module's result: each side of
 * `result.ranking` is a team, ranked by its place (1 = the winners; sides sharing a place are tied, as
 * the losers of a game whose rules give no order among them). Bot seats are members like any other: the
 * caller decides how they count.
 */
export function ratingTeams(result: Pick<GameResult, "ranking">): RatingTeam[] {
  return result.ranking.map((side) => ({ members: [...side.players], rank: side.place }));
}
