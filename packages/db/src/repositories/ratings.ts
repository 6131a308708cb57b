import type { DbHandle } from "../handle.js";

/** A stored rating (OpenSkill mu and sigma; `ordinal` = mu - 3 sigma). */
export interface RatingRecord {
  playerId: string;
  game: string;
  mu: number;
  sigma: number;
  ordinal: number;
  /** Rated games counted. */
  games: number;
  updatedAt: Date;
}

/** One rating update of one player by one game. */
export interface RatingChangeRecord {
  playerId: string;
  game: string;
  gameId: string;
  muBefore: number;
  sigmaBefore: number;
  mu: number;
  sigma: number;
  /** 1 = the winning team. */
  rank: number;
  createdAt: Date;
}

/** What a rating update computes for one player. */
export interface RatingUpdate {
  playerId: string;
  /** The rating before the game (the default rating for a first game). */
  muBefore: number;
  sigmaBefore: number;
  mu: number;
  sigma: number;
  ordinal: number;
  rank: number;
}

export interface RatingRepository {
  /** The stored ratings of `playerIds` in `game` (players never rated are absent from the map). */
  getMany(playerIds: readonly string[], game: string): Promise<Map<string, RatingRecord>>;
  /** Records that game `gameId` counts for ratings (idempotent). */
  markRated(gameId: string, game: string, source: "queue" | "tournament"): Promise<void>;
  /** The rated-game row of `gameId`, or null when the game does not count for ratings. */
  ratedGame(gameId: string): Promise<{ game: string; ratedAt: Date | null } | null>;
  /**
   * Applies a finished rated game once, in one transaction: `compute` receives the players' current
   * ratings (read inside the transaction) and returns each player's new rating; the game is marked rated
   * in the same transaction. Resolves false (and changes nothing) when the game is not a rated game or
   * was already applied; that case costs one read and no transaction.
   */
  applyGame(gameId: string, playerIds: readonly string[], compute: (current: Map<string, RatingRecord>) => RatingUpdate[]): Promise<boolean>;
  /** A player's rating changes in `game`, newest first (at most `limit`, default 50). */
  history(playerId: string, game: string, limit?: number): Promise<RatingChangeRecord[]>;
  /** Ratings of `game` by ordinal, highest first, with their player names. */
  leaderboard(game: string, limit: number, offset: number): Promise<(RatingRecord & { name: string })[]>;
}

/** Ratings and their history over a Prisma client. */
export function createRatingRepository(db: DbHandle): RatingRepository {
  const { prisma } = db;
  return {
    async getMany(playerIds, game) {
      const rows = await prisma.rating.findMany({ where: { game, playerId: { in: [...playerIds] } } });
      return new Map(rows.map((r) => [r.playerId, r]));
    },
    async markRated(gameId, game, source) {
      await prisma.ratedGame.upsert({ where: { gameId }, create: { gameId, game, source }, update: {} });
    },
    async ratedGame(gameId) {
      const row = await prisma.ratedGame.findUnique({ where: { gameId } });
      return row ? { game: row.game, ratedAt: row.ratedAt } : null;
    },
    async applyGame(gameId, playerIds, compute) {
      // Most finished games are not rated (private tables): one read tells, without a transaction's
      // BEGIN and COMMIT. The claim below stays the guard against applying a rated game twice.
      const pending = await prisma.ratedGame.findFirst({ where: { gameId, ratedAt: null }, select: { gameId: true } });
      if (!pending) return false;
      return prisma.$transaction(async (tx) => {
        const claimed = await tx.ratedGame.updateMany({ where: { gameId, ratedAt: null }, data: { ratedAt: new Date() } });
        if (claimed.count !== 1) return false;
        const game = await tx.ratedGame.findUniqueOrThrow({ where: { gameId } });
        const rows = await tx.rating.findMany({ where: { game: game.game, playerId: { in: [...playerIds] } } });
        const current = new Map(rows.map((r) => [r.playerId, r]));
        for (const u of compute(current)) {
          await tx.rating.upsert({
            where: { playerId_game: { playerId: u.playerId, game: game.game } },
            create: { playerId: u.playerId, game: game.game, mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, games: 1 },
            update: { mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, games: { increment: 1 } },
          });
          await tx.ratingChange.create({
            data: { playerId: u.playerId, game: game.game, gameId, muBefore: u.muBefore, sigmaBefore: u.sigmaBefore, mu: u.mu, sigma: u.sigma, rank: u.rank },
          });
        }
        return true;
      });
    },
    async history(playerId, game, limit = 50) {
      return prisma.ratingChange.findMany({ where: { playerId, game }, orderBy: { createdAt: "desc" }, take: limit });
    },
    async leaderboard(game, limit, offset) {
      const rows = await prisma.rating.findMany({ where: { game }, orderBy: [{ ordinal: "desc" }, { playerId: "asc" }], take: limit, skip: offset });
      const names = await prisma.player.findMany({ where: { id: { in: rows.map((r) => r.playerId) } }, select: { id: true, name: true } });
      const byId = new Map(names.map((n) => [n.id, n.name]));
      return rows.map((r) => ({ ...r, name: byId.get(r.playerId) ?? "?" }));
    },
  };
}
