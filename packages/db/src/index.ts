/**
 * @bang/db: game history storage. `openDatabase()` gives a Prisma client on embedded PGlite (default,
 * data in ./data) or PostgreSQL (DATABASE_URL), with the migrations of prisma/migrations applied at
 * open. Repositories for players, games and the command log; `createLogWriter` batches log appends of
 * many games into few atomic writes (one statement each) and resolves each append only once it is
 * committed.
 */
export { openDatabase, type Database, type OpenDatabaseOptions } from "./open.js";
export { DbError, isDbError, DB_ERROR_CODES, type DbErrorCode } from "./errors.js";
export type { DbHandle } from "./handle.js";
export { PrismaClient, Prisma, PlayerKind, GameStatus } from "./client.js";
export type { PlayerRecord, SeatInput, SeatRecord, GameRecord, NewLogEntry, StoredLogEntry, StoredWinner } from "./types.js";
export { createPlayerRepository, type PlayerRepository } from "./repositories/players.js";
export { createGameRepository, type GameRepository, type CreateGameInput, type ListGamesFilter } from "./repositories/games.js";
export { createCommandLog, type CommandLogRepository } from "./repositories/commandLog.js";
export { createRefusalRepository, type RefusalRepository, type StoredRefusal } from "./repositories/refusals.js";
export { createLogWriter, type LogWriter, type LogWriterOptions, type LogWriterStats, type FlushInfo } from "./log/writer.js";
export { commitLog, type LogGuard, type TransactionClient, type CommitFailures } from "./log/commit.js";
export { pgLogSql, prismaLogSql, type LogSql } from "./log/sql.js";
export { RemotePGlite, type RemoteQueryable, type RemoteTransaction } from "./pglite/remote.js";
export { applyMigrations, PRISMA_MIGRATE_LOCK, type MigrationReport, type MigrationSession, type MigrationTx } from "./migrations/apply.js";
export { readMigrations, type MigrationFile } from "./migrations/read.js";
export { locateMigrationsDir } from "./migrations/locate.js";
export { createRatingRepository, type RatingRepository, type RatingRecord, type RatingChangeRecord, type RatingUpdate } from "./repositories/ratings.js";
export {
  createTournamentRepository,
  type TournamentRepository,
  type TournamentRecord,
  type TournamentPlayerRecord,
  type TournamentGameRecord,
  type TournamentStatus,
  type NoShowPolicy,
  type TournamentFormat,
  type TableResult,
  type AuditRecord,
  type NewTournament,
  type Audited,
} from "./repositories/tournaments.js";
export { createAdminRepository, type AdminRepository, type AdminRecord } from "./repositories/admins.js";
export { createHistoryRepository, type HistoryRepository, type HistoryFilter } from "./repositories/history.js";
export { createAdminSetupRepository, type AdminSetupRepository, type SetupLinkRecord, type SetupRefusal } from "./repositories/admin-setup.js";
export { createDiscoveryRepository, type DiscoveryRepository, type GamePage, type GamePageQuery } from "./repositories/discovery.js";
