import type { SetupBase } from "@bang/game-core";
import { Prisma, type GameStatus } from "../client.js";
import { DbError } from "../errors.js";
import type { DbHandle } from "../handle.js";
import { fromJson, toJson } from "../json.js";
import type { GameRecord, SeatInput, StoredWinner } from "../types.js";

export interface CreateGameInput {
  /** Default: a new uuid. */
  id?: string | undefined;
  /** The game module's id (as the registry names it). */
  game: string;
  /** The module's setup the game starts from, seed included. */
  setup: SetupBase;
  tableCode?: string | null | undefined;
  seats: readonly SeatInput[];
  /** Fencing token of the creating owner (a cluster node's lease token); default 0. */
  fencingToken?: number | undefined;
  /** The table's turn timer, in seconds; default 60. */
  turnSeconds?: number | undefined;
}

export interface ListGamesFilter {
  status?: GameStatus | undefined;
  tableCode?: string | undefined;
  /** Most games returned, newest first; default 100. */
  limit?: number | undefined;
}

export interface GameRepository {
  /** Creates a running game and its seats in one transaction. Rejects on a taken id or unknown player. */
  createGame(input: CreateGameInput): Promise<GameRecord>;
  /**
   * Marks the game finished now with its winner. With `fencingToken` (a cluster owner), only while
   * that is the game's stored token. Throws DbError GAME_NOT_FOUND, or FENCED (nothing written).
   */
  finishGame(id: string, winner: StoredWinner | null, options?: { fencingToken?: number | undefined }): Promise<GameRecord>;
  /** Marks the game abandoned now (given up before a winner). Throws DbError GAME_NOT_FOUND. */
  abandonGame(id: string): Promise<GameRecord>;
  /** Games newest first, with their seats. */
  listGames(filter?: ListGamesFilter): Promise<GameRecord[]>;
  /** One game with its seats, or null. */
  getGame(id: string): Promise<GameRecord | null>;
  /**
   * A takeover's claim (DESIGN invariant 2): records `token` as the game's fencing token if it is
   * greater than the stored one, in one statement (`UPDATE ... WHERE fencingToken < token`), and
   * resolves with the game's lastSeq at that moment: every entry up to it is in the log, and no write of
   * an earlier owner can land after it. Resolves null when the game does not exist or already has a
   * token >= `token` (a later owner claimed it). Throws RangeError for a token that is not a positive
   * integer.
   */
  claimGame(id: string, token: number): Promise<{ lastSeq: number } | null>;
}

const withSeats = { seats: { orderBy: { seat: "asc" } } } satisfies Prisma.GameInclude;
type GameRow = Prisma.GameGetPayload<{ include: typeof withSeats }>;

/** Games and their seats over a Prisma client. */
export function createGameRepository(db: DbHandle): GameRepository {
  const { prisma } = db;

  const update = async (id: string, data: Prisma.GameUpdateInput): Promise<GameRecord> => {
    try {
      return toRecord(await prisma.game.update({ where: { id }, data, include: withSeats }));
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2025") {
        throw new DbError("GAME_NOT_FOUND", `game ${id} does not exist`, { gameId: id });
      }
      throw e;
    }
  };

  return {
    async createGame(input) {
      const row = await prisma.game.create({
        data: {
          ...(input.id === undefined ? {} : { id: input.id }),
          game: input.game,
          setup: toJson(input.setup),
          tableCode: input.tableCode ?? null,
          fencingToken: input.fencingToken ?? 0,
          turnSeconds: input.turnSeconds ?? 60,
          seats: {
            create: input.seats.map((s) => ({
              seat: s.seat,
              name: s.name,
              botKind: s.botKind ?? null,
              ...(s.playerId ? { player: { connect: { id: s.playerId } } } : {}),
            })),
          },
        },
        include: withSeats,
      });
      return toRecord(row);
    },
    async finishGame(id, winner, options = {}) {
      const data = {
        status: "finished",
        finishedAt: new Date(),
        winnerTeam: winner?.team ?? null,
        winnerPlayers: winner ? toJson(winner.players) : Prisma.DbNull,
      } satisfies Prisma.GameUpdateInput;
      const token = options.fencingToken;
      if (token === undefined) return update(id, data);
      const { count } = await prisma.game.updateMany({ where: { id, fencingToken: token }, data });
      const row = await prisma.game.findUnique({ where: { id }, include: withSeats });
      if (!row) throw new DbError("GAME_NOT_FOUND", `game ${id} does not exist`, { gameId: id });
      if (count === 0) throw new DbError("FENCED", `game ${id}: fencing token ${token} is not the owner's (${row.fencingToken})`, { gameId: id });
      return toRecord(row);
    },
    abandonGame: (id) => update(id, { status: "abandoned", finishedAt: new Date() }),
    async listGames(filter = {}) {
      const rows = await prisma.game.findMany({
        where: {
          ...(filter.status === undefined ? {} : { status: filter.status }),
          ...(filter.tableCode === undefined ? {} : { tableCode: filter.tableCode }),
        },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        take: filter.limit ?? 100,
        include: withSeats,
      });
      return rows.map(toRecord);
    },
    async claimGame(id, token) {
      if (!Number.isSafeInteger(token) || token < 1 || token > 2 ** 31 - 1) throw new RangeError(`a fencing token is a positive 32-bit integer, got ${token}`);
      const rows = await prisma.$queryRaw<{ lastSeq: number }[]>`
        UPDATE "Game" SET "fencingToken" = ${token}, "updatedAt" = ${new Date()}
         WHERE id = ${id} AND "fencingToken" < ${token}
        RETURNING "lastSeq"`;
      return rows[0] ? { lastSeq: Number(rows[0].lastSeq) } : null;
    },
    async getGame(id) {
      const row = await prisma.game.findUnique({ where: { id }, include: withSeats });
      return row ? toRecord(row) : null;
    },
  };
}

/** A stored game row with its seats (ordered), as a GameRecord. */
export function toRecord(row: GameRow): GameRecord {
  return {
    id: row.id,
    game: row.game,
    status: row.status,
    setup: fromJson<SetupBase>(row.setup),
    tableCode: row.tableCode,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
    lastSeq: row.lastSeq,
    fencingToken: row.fencingToken,
    turnSeconds: row.turnSeconds,
    winner:
      row.winnerTeam === null || row.winnerPlayers === null
        ? null
        : { team: row.winnerTeam, players: fromJson<string[]>(row.winnerPlayers) },
    seats: row.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, botKind: s.botKind, name: s.name })),
  };
}
