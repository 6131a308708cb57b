/**
 * Stable error codes of @bang/db. Callers switch on `code`, never on the message.
 * - DUPLICATE_SEQ: a log entry's seq is already taken for its game (another writer got there first).
 * - DUPLICATE_COMMAND_ID: the game already has an entry with this clientCommandId (invariant 5).
 * - SEQ_GAP: the entries do not continue the game's log (seq must be lastSeq + 1, + 2, ...).
 * - GAME_NOT_FOUND: no game with this id.
 * - FENCED: the log writer's guard refused the game (a deposed owner; see LogGuard).
 * - INVALID_ENTRY: an entry is malformed (seq not a positive integer, empty ids).
 * - WRITER_CLOSED: append() after close().
 * - WRITE_FAILED: the database refused or lost the write for another reason (see `cause`).
 * - WORKER_FAILED: the embedded database's worker thread died or was closed; every query in flight and
 *   every later one fails with it (the log writer reports it as WRITE_FAILED with this as `cause`).
 * - MIGRATION_FAILED: a migration could not be applied (nothing of it was kept) or one is recorded
 *   as failed by the Prisma CLI.
 * - MIGRATIONS_NOT_FOUND: the prisma/migrations folder could not be located.
 * - INVALID_CONFIG: openDatabase() got a url it does not understand.
 * - DATA_DIR_LOCKED: another live process has the PGlite data directory open (data-dir-lock.ts).
 */
export const DB_ERROR_CODES = [
  "DUPLICATE_SEQ",
  "DUPLICATE_COMMAND_ID",
  "SEQ_GAP",
  "GAME_NOT_FOUND",
  "FENCED",
  "INVALID_ENTRY",
  "WRITER_CLOSED",
  "WRITE_FAILED",
  "WORKER_FAILED",
  "MIGRATION_FAILED",
  "MIGRATIONS_NOT_FOUND",
  "INVALID_CONFIG",
  "DATA_DIR_LOCKED",
] as const;
export type DbErrorCode = (typeof DB_ERROR_CODES)[number];

/** The only error type @bang/db throws or rejects with on purpose. `gameId` names the game concerned. */
export class DbError extends Error {
  constructor(
    readonly code: DbErrorCode,
    message: string,
    readonly details: { gameId?: string; seq?: number; clientCommandId?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "DbError";
  }
}

/** True when `e` is a DbError, optionally with the given code. */
export function isDbError(e: unknown, code?: DbErrorCode): e is DbError {
  return e instanceof DbError && (code === undefined || e.code === code);
}
