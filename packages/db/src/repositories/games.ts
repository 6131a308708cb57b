import { randomUUID } from "node:crypto";
import type { SetupBase } from "@bang/game-core";
import type { Prisma, GameStatus } from "../client.js";
import { DbError } from "../errors.js";
import type { DbHandle } from "../handle.js";
import { fromJson } from "../json.js";
import { prismaLogSql } from "../log/sql.js";
import type { GameRecord, SeatInput, SeatRecord, StoredWinner } from "../types.js";
import { CLOSE_GAME, CREATE_GAME, FENCING_TOKEN_OF, RUNNING_GAME_COUNTS, type ClosedGameRow } from "./game-sql.js";

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
  /**
   * Creates a running game and its seats in one statement (one round trip, atomic), and resolves with
   * the record it stored. Rejects with the driver's error on a taken id or an unknown player (then
   * nothing is stored).
   */
  createGame(input: CreateGameInput): Promise<GameRecord>;
  /**
   * Marks the game finished now with its winner, in one statement that also reads the game back. With
   * `fencingToken` (a cluster owner), only while that is the game's stored token. Throws DbError
   * GAME_NOT_FOUND, or FENCED (nothing written).
   */
  finishGame(id: string, winner: StoredWinner | null, options?: { fencingToken?: number | undefined }): Promise<GameRecord>;
  /** Marks the game abandoned now (given up before a winner), in one statement. Throws DbError GAME_NOT_FOUND. */
  abandonGame(id: string): Promise<GameRecord>;
  /**
   * How many running games each of `playerIds` has a seat in, in one query: a map from player id to
   * count, players with none left out. An empty list resolves an empty map without a query.
   */
  countRunningGames(playerIds: readonly string[]): Promise<Map<string, number>>;
  /** Games newest first, with their seats. */
  listGames(filter?: ListGamesFilter): Promise<GameRecord[]>;
  /** One game with its seats, or null. */
  getGame(id: string): Promise<GameRecord | null>;
  /**
   * A takeover's claim (DESIGN invariant 2): records `token` as the game's fencing token if it is
   * greater than the stored one, in one statement (`UPDATE ... WHERE fencingToken < token`), and
   * resolves with the game's lastSeq at that moment: every entry up to it is in the log, and no write of
   * an earlier owner can land after it. Resolves null when the game does not exist, already has a
   * token >= `token` (a later owner claimed it), or is no longer running (ended or finished between a
   * claimer's read and its lease: it must not come back, nor its result be overwritten). Throws
   * RangeError for a token that is not a positive integer.
   */
  claimGame(id: string, token: number): Promise<{ lastSeq: number } | null>;
}

const withSeats = { seats: { orderBy: { seat: "asc" } } } satisfies Prisma.GameInclude;
type GameRow = Prisma.GameGetPayload<{ include: typeof withSeats }>;

/** Games and their seats: the lifecycle's writes as plain SQL (see game-sql.ts), the reads through Prisma. */
export function createGameRepository(db: DbHandle): GameRepository {
  const { prisma } = db;
  const sql = db.logSql ?? prismaLogSql(prisma);

  /** CLOSE_GAME, then, only when it changed nothing, why: no such game, or another owner's token. */
  const close = async (id: string, status: "finished" | "abandoned", winner: StoredWinner | null, token: number | undefined): Promise<GameRecord> => {
    const at = new Date();
    // The instant as a UTC literal, the way Prisma stores DateTime (see log/commit.ts).
    const [row] = await sql.query<ClosedGameRow>(CLOSE_GAME, [id, status, at.toISOString(), winner?.team ?? null, winner ? JSON.stringify(winner.players) : null, token ?? null], "bang_game_close");
    if (row) return closedRecord(row, at);
    const [stored] = await sql.query<{ fencingToken: number }>(FENCING_TOKEN_OF, [id]);
    if (!stored) throw new DbError("GAME_NOT_FOUND", `game ${id} does not exist`, { gameId: id });
    throw new DbError("FENCED", `game ${id}: fencing token ${token} is not the owner's (${stored.fencingToken})`, { gameId: id });
  };

  return {
    async createGame(input) {
      const id = input.id ?? randomUUID();
      const setupText = JSON.stringify(input.setup);
      const now = new Date();
      const fencingToken = input.fencingToken ?? 0;
      const turnSeconds = input.turnSeconds ?? 60;
      const seats: SeatRecord[] = [...input.seats]
        .sort((a, b) => a.seat - b.seat)
        .map((s) => ({ seat: s.seat, playerId: s.playerId ?? null, botKind: s.botKind ?? null, name: s.name }));
      await sql.query(CREATE_GAME, [
        id,
        input.game,
        setupText,
        input.tableCode ?? null,
        now.toISOString(),
        fencingToken,
        turnSeconds,
        seats.map((s) => s.seat),
        seats.map((s) => s.playerId),
        seats.map((s) => s.botKind),
        seats.map((s) => s.name),
      ], "bang_game_create");
      return {
        id,
        game: input.game,
        status: "running",
        // As stored: JSON (a getGame reads back the same value).
        setup: JSON.parse(setupText) as SetupBase,
        tableCode: input.tableCode ?? null,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
        lastSeq: 0,
        fencingToken,
        turnSeconds,
        winner: null,
        seats,
      };
    },
    finishGame: (id, winner, options = {}) => close(id, "finished", winner, options.fencingToken),
    abandonGame: (id) => close(id, "abandoned", null, undefined),
    async countRunningGames(playerIds) {
      if (playerIds.length === 0) return new Map();
      const rows = await sql.query<{ playerId: string; n: number }>(RUNNING_GAME_COUNTS, [[...new Set(playerIds)]], "bang_running_counts");
      return new Map(rows.map((r) => [r.playerId, Number(r.n)]));
    },
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
         WHERE id = ${id} AND "fencingToken" < ${token} AND status = 'running'
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

/** A `timestamp` column read as text ("2026-12-03 07:50:00.12"), which Prisma wrote in UTC, as a Date. */
function fromTimestampText(text: string): Date {
  return new Date(`${text.replace(" ", "T")}Z`);
}

/** A json column as the driver gave it: parsed by pg and PGlite, text through Prisma's raw queries. */
function jsonValue<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** CLOSE_GAME's row as a GameRecord; `at` is the close's instant (its finishedAt and updatedAt). */
function closedRecord(row: ClosedGameRow, at: Date): GameRecord {
  const winnerPlayers = row.winnerPlayers === null ? null : jsonValue<string[]>(row.winnerPlayers);
  return {
    id: row.id,
    game: row.game,
    status: row.status,
    setup: jsonValue<SetupBase>(row.setup),
    tableCode: row.tableCode,
    createdAt: fromTimestampText(row.createdAt),
    updatedAt: at,
    finishedAt: at,
    lastSeq: Number(row.lastSeq),
    fencingToken: Number(row.fencingToken),
    turnSeconds: Number(row.turnSeconds),
    winner: row.winnerTeam === null || winnerPlayers === null ? null : { team: row.winnerTeam, players: winnerPlayers },
    seats: jsonValue<SeatRecord[]>(row.seats),
  };
}
