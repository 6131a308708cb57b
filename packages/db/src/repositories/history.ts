import type { GameStatus, Prisma } from "../client.js";
import type { DbHandle } from "../handle.js";
import { toRecord } from "./games.js";
import type { GameRecord } from "../types.js";

/** Filters of the games history; every field optional, all of them must hold. */
export interface HistoryFilter {
  /** Default: finished. */
  status?: GameStatus | undefined;
  /** Created at or after this instant. */
  from?: Date | undefined;
  /** Created before this instant. */
  to?: Date | undefined;
  /** The game module's id. */
  game?: string | undefined;
  /** The winning team, in the game's words (GameResult.winner.team). */
  winnerTeam?: string | undefined;
  /** A seat's name containing this text (case-insensitive), or a seat's player id equal to it. */
  player?: string | undefined;
  /** Most games returned, newest first (default 100). */
  limit?: number | undefined;
  /** Games skipped first (paging). */
  offset?: number | undefined;
}

export interface HistoryRepository {
  /** Games matching `filter`, newest first, with their seats, and how many match in all. */
  search(filter: HistoryFilter): Promise<{ total: number; games: GameRecord[] }>;
}

/** The dashboard's history queries over a Prisma client. */
export function createHistoryRepository(db: DbHandle): HistoryRepository {
  const { prisma } = db;
  return {
    async search(filter) {
      const where: Prisma.GameWhereInput = {
        status: filter.status ?? "finished",
        ...(filter.game ? { game: filter.game } : {}),
        ...(filter.winnerTeam ? { winnerTeam: filter.winnerTeam } : {}),
        ...(filter.from || filter.to ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
        ...(filter.player
          ? { seats: { some: { OR: [{ name: { contains: filter.player, mode: "insensitive" } }, { playerId: filter.player }] } } }
          : {}),
      };
      const [total, rows] = await Promise.all([
        prisma.game.count({ where }),
        prisma.game.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
          take: filter.limit ?? 100,
          skip: filter.offset ?? 0,
          include: { seats: { orderBy: { seat: "asc" } } },
        }),
      ]);
      return {
        total,
        games: rows.map(toRecord),
      };
    },
  };
}
