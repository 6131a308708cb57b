import type { GameStatus, Prisma } from "../client.js";
import type { DbHandle } from "../handle.js";
import type { GameRecord, PlayerRecord } from "../types.js";
import { toRecord } from "./games.js";
import type { RatingRecord } from "./ratings.js";

/** A page of games, newest first, and how many match in all. */
export interface GamePage {
  total: number;
  games: GameRecord[];
}

/** Paging and filters of a games list; `games` limits it to those game ids (the modules a node has). */
export interface GamePageQuery {
  games?: readonly string[] | undefined;
  status?: GameStatus | undefined;
  /** Most games returned (default 50). */
  limit?: number | undefined;
  /** Games skipped first. */
  offset?: number | undefined;
}

/** The public queries of the players' pages: running games, a player's games and ratings, a table's game. */
export interface DiscoveryRepository {
  /** Running games, newest first. */
  runningGames(query: GamePageQuery): Promise<GamePage>;
  /** The player with this id (a person: bots are not players), or null. */
  player(id: string): Promise<PlayerRecord | null>;
  /** Games where `playerId` has a seat (as a person), newest first. */
  gamesOf(playerId: string, query: GamePageQuery): Promise<GamePage>;
  /** A player's stored ratings, one per game rated in, best ordinal first. */
  ratingsOf(playerId: string): Promise<RatingRecord[]>;
  /** The newest game started from table `code`, or null. */
  gameOfTable(code: string): Promise<GameRecord | null>;
}

const withSeats = { seats: { orderBy: { seat: "asc" } } } satisfies Prisma.GameInclude;

/** The discovery queries over a Prisma client (indexes: Game(status, createdAt), Seat(playerId), Game(tableCode)). */
export function createDiscoveryRepository(db: DbHandle): DiscoveryRepository {
  const { prisma } = db;
  const page = async (where: Prisma.GameWhereInput, query: GamePageQuery): Promise<GamePage> => {
    const filtered: Prisma.GameWhereInput = {
      ...where,
      ...(query.games ? { game: { in: [...query.games] } } : {}),
      ...(query.status ? { status: query.status } : {}),
    };
    const [total, rows] = await Promise.all([
      prisma.game.count({ where: filtered }),
      prisma.game.findMany({ where: filtered, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: query.limit ?? 50, skip: query.offset ?? 0, include: withSeats }),
    ]);
    return { total, games: rows.map(toRecord) };
  };
  return {
    runningGames: (query) => page({ status: "running" }, query),
    player: (id) => prisma.player.findUnique({ where: { id } }),
    gamesOf: (playerId, query) => page({ seats: { some: { playerId } } }, query),
    ratingsOf: (playerId) => prisma.rating.findMany({ where: { playerId }, orderBy: [{ ordinal: "desc" }, { game: "asc" }] }),
    async gameOfTable(code) {
      const row = await prisma.game.findFirst({ where: { tableCode: code }, orderBy: { createdAt: "desc" }, include: withSeats });
      return row ? toRecord(row) : null;
    },
  };
}
