import type { CommandBase, Draw, GameLog, SetupBase } from "@bang/game-core";
import type { CommandLogEntry } from "../client.js";
import type { DbHandle } from "../handle.js";
import { fromJson } from "../json.js";
import { commitLog } from "../log/commit.js";
import type { NewLogEntry, StoredLogEntry } from "../types.js";

export interface CommandLogRepository {
  /**
   * Stores a game's entries, all or none, in one transaction. `entries` must continue the log: seq
   * lastSeq + 1, + 2, ... in order (an empty array does nothing). Throws DbError DUPLICATE_SEQ,
   * DUPLICATE_COMMAND_ID, SEQ_GAP, GAME_NOT_FOUND, INVALID_ENTRY or WRITE_FAILED; nothing is stored then.
   * For many concurrent games prefer createLogWriter (one atomic write for many games).
   */
  appendEntries(gameId: string, entries: readonly NewLogEntry[]): Promise<void>;
  /** The game's entries in seq order (those after `afterSeq` when given; resume from a seq). */
  loadLog(gameId: string, options?: { afterSeq?: number }): Promise<StoredLogEntry[]>;
  /**
   * The entry the command `clientCommandId` of player `playerId` produced, or null (DESIGN invariant 5:
   * answer a repeat from it). Command ids are unique per player of a game.
   */
  findByClientCommandId(gameId: string, playerId: string, clientCommandId: string): Promise<StoredLogEntry | null>;
  /** The game id, setup and entries, ready for game-core's replay(), or null when the game does not exist. */
  loadGameLog(gameId: string): Promise<GameLog | null>;
}

/** The command log over a Prisma client. */
export function createCommandLog(db: DbHandle): CommandLogRepository {
  const { prisma } = db;
  return {
    async appendEntries(gameId, entries) {
      const failures = await commitLog(db, new Map([[gameId, entries]]));
      const failure = failures.get(gameId);
      if (failure) throw failure;
    },
    async loadLog(gameId, options = {}) {
      const rows = await prisma.commandLogEntry.findMany({
        where: { gameId, ...(options.afterSeq === undefined ? {} : { seq: { gt: options.afterSeq } }) },
        orderBy: { seq: "asc" },
      });
      return rows.map(toStored);
    },
    async findByClientCommandId(gameId, playerId, clientCommandId) {
      const row = await prisma.commandLogEntry.findUnique({ where: { gameId_playerId_clientCommandId: { gameId, playerId, clientCommandId } } });
      return row ? toStored(row) : null;
    },
    async loadGameLog(gameId) {
      const game = await prisma.game.findUnique({
        where: { id: gameId },
        select: { game: true, setup: true, log: { orderBy: { seq: "asc" }, select: { command: true, draws: true } } },
      });
      if (!game) return null;
      return {
        game: game.game,
        setup: fromJson<SetupBase>(game.setup),
        entries: game.log.map((e) => ({
          command: fromJson<CommandBase>(e.command),
          ...(e.draws === null ? {} : { draws: fromJson<Draw[]>(e.draws) }),
        })),
      };
    },
  };
}

function toStored(row: CommandLogEntry): StoredLogEntry {
  return {
    gameId: row.gameId,
    seq: row.seq,
    playerId: row.playerId,
    clientCommandId: row.clientCommandId,
    command: fromJson<CommandBase>(row.command),
    ...(row.draws === null ? {} : { draws: fromJson<Draw[]>(row.draws) }),
    createdAt: row.createdAt,
  };
}
