import type { RatingRecord, RatingRepository } from "@bang/db";
import type { GameResult } from "@bang/game-core";
import { ordinal, rate, rating, type Rating } from "openskill";
import { ratingTeams } from "./teams.js";

/** The rating of a player never rated (OpenSkill's default: mu 25, sigma 25/3, ordinal 0). */
export const DEFAULT_RATING: Readonly<Rating> = Object.freeze(rating());

/** A player's rating as the API shows it. */
export interface RatingView {
  playerId: string;
  /** The game the rating is of (each game's ratings are kept apart). */
  game: string;
  mu: number;
  sigma: number;
  /** mu - 3 sigma: the conservative estimate the leaderboard and the matchmaker use. */
  ordinal: number;
  games: number;
}

/** What the rating service needs to know of a finished game. */
export interface FinishedGame {
  id: string;
  /** How it ended: its module's result (the ranking of its sides). */
  result: Pick<GameResult, "ranking">;
  /** Player ids of the bot seats (not rated). */
  botIds: ReadonlySet<string>;
}

/**
 * Ratings with OpenSkill (Weng-Lin, Plackett-Luce model, the `openskill` package). A rated game
 * (started from a queue, or a rated tournament's) updates every human player once, when it finishes.
 * Bot seats play with the default rating and are never updated, so a team with bots is neither
 * flattered nor punished beyond what an average newcomer would bring.
 */
export class RatingService {
  constructor(private readonly repo: RatingRepository) {}

  /** Marks a game as rated before it starts (idempotent). */
  markRated(gameId: string, game: string, source: "queue" | "tournament"): Promise<void> {
    return this.repo.markRated(gameId, game, source);
  }

  /** The ordinal of each player in game `game` (0, the default's, for players never rated). */
  async ordinals(playerIds: readonly string[], game: string): Promise<Map<string, number>> {
    const stored = await this.repo.getMany(playerIds, game);
    return new Map(playerIds.map((id) => [id, stored.get(id)?.ordinal ?? ordinal(DEFAULT_RATING)]));
  }

  /** A player's rating in game `game` (the default when never rated). */
  async get(playerId: string, game: string): Promise<RatingView> {
    const stored = (await this.repo.getMany([playerId], game)).get(playerId);
    return stored ? toView(stored) : { playerId, game, mu: DEFAULT_RATING.mu, sigma: DEFAULT_RATING.sigma, ordinal: ordinal(DEFAULT_RATING), games: 0 };
  }

  /** A player's rating changes in game `game`, newest first (at most `limit`, default 50). */
  history(playerId: string, game: string, limit?: number) {
    return this.repo.history(playerId, game, limit);
  }

  /** The ratings of game `game` by ordinal, highest first, with their player names. */
  async leaderboard(game: string, limit: number, offset: number) {
    return (await this.repo.leaderboard(game, limit, offset)).map((r) => ({ ...toView(r), name: r.name }));
  }

  /**
   * Applies a finished game's result to its human players' ratings, once: each side of the result's
   * ranking is a team ranked by its place (ratingTeams). The game's ratings are the ones its rated-game
   * row names (markRated). Resolves false when the game is not rated, was applied already, or has no
   * human seat.
   */
  async applyFinished(game: FinishedGame): Promise<boolean> {
    const teams = ratingTeams(game.result);
    const humans = teams.flatMap((t) => t.members).filter((id) => !game.botIds.has(id));
    if (humans.length === 0) return false;
    return this.repo.applyGame(game.id, humans, (current) => {
      const before = (id: string): Rating => {
        const r = current.get(id);
        return r ? { mu: r.mu, sigma: r.sigma } : { ...DEFAULT_RATING };
      };
      const input = teams.map((t) => t.members.map(before));
      const output = rate(input, { rank: teams.map((t) => t.rank) });
      const updates = [];
      for (const [ti, team] of teams.entries()) {
        for (const [mi, id] of team.members.entries()) {
          if (game.botIds.has(id)) continue;
          const old = before(id);
          const next = output[ti]![mi]!;
          updates.push({ playerId: id, muBefore: old.mu, sigmaBefore: old.sigma, mu: next.mu, sigma: next.sigma, ordinal: ordinal(next), rank: team.rank });
        }
      }
      return updates;
    });
  }
}

function toView(r: RatingRecord): RatingView {
  return { playerId: r.playerId, game: r.game, mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games };
}
