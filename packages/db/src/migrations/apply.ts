import { randomUUID } from "node:crypto";
import { DbError } from "../errors.js";
import type { MigrationFile } from "./read.js";

/** The statements of one migration transaction. */
export interface MigrationTx {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs one statement with $1.. parameters and returns its rows. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** A connection that can run a function in one transaction (COMMIT on success, ROLLBACK on throw). */
export interface MigrationSession {
  transaction<T>(fn: (tx: MigrationTx) => Promise<T>): Promise<T>;
}

/** What applyMigrations did: the migrations it applied now, in order (empty when up to date). */
export interface MigrationReport {
  applied: string[];
  /** Migrations recorded as applied whose file no longer has the recorded checksum (edited after). */
  modified: string[];
}

/**
 * The key of Prisma's own advisory lock (migrate deploy / dev take it too), so this runner and the
 * Prisma CLI never migrate one database at the same time.
 */
export const PRISMA_MIGRATE_LOCK = 72707369;

// Prisma's table, column for column (schema-engine's sql-migration-connector, postgres flavour).
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface Recorded {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
}

const lock = (tx: MigrationTx) => tx.query(`SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK})`);
const recorded = (tx: MigrationTx) =>
  tx.query<Recorded>(
    `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
       FROM "_prisma_migrations"`,
  );

/**
 * Applies the pending `migrations` (sorted, as from readMigrations) to the database behind `session`,
 * the way `prisma migrate deploy` would, and records each in `_prisma_migrations` (same table, a
 * random uuid id, sha256 checksum, applied_steps_count 1), so `prisma migrate status` agrees.
 * Each migration runs in its own transaction under pg_advisory_xact_lock(PRISMA_MIGRATE_LOCK), and is
 * re-checked under the lock: concurrent callers against one PostgreSQL apply it exactly once.
 * Idempotent: a second call applies nothing. Migrations must therefore be transactional (no
 * CREATE INDEX CONCURRENTLY).
 * Throws DbError MIGRATION_FAILED when a migration fails (its transaction is rolled back, nothing is
 * recorded) or when the Prisma CLI left one recorded as failed (fix it with `prisma migrate resolve`).
 */
export async function applyMigrations(session: MigrationSession, migrations: readonly MigrationFile[]): Promise<MigrationReport> {
  const before = await session.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(CREATE_TABLE);
    return recorded(tx);
  });
  const modified = migrations
    .filter((m) => before.some((r) => r.migration_name === m.name && r.finished && !r.rolled_back && r.checksum !== m.checksum))
    .map((m) => m.name);
  const applied: string[] = [];
  for (const m of migrations) {
    if (isApplied(before, m.name)) continue;
    const didApply = await session.transaction(async (tx) => {
      await lock(tx);
      const now = await recorded(tx);
      if (isApplied(now, m.name)) return false; // another process applied it while we waited
      const failed = now.find((r) => r.migration_name === m.name && !r.finished && !r.rolled_back);
      if (failed) {
        throw new DbError(
          "MIGRATION_FAILED",
          `migration ${m.name} is recorded as failed in _prisma_migrations: fix the database, then run \`prisma migrate resolve\``,
        );
      }
      const id = randomUUID();
      const startedAt = new Date();
      try {
        await tx.exec(m.sql);
      } catch (cause) {
        throw new DbError("MIGRATION_FAILED", `migration ${m.name} failed and was rolled back: ${(cause as Error).message}`, { cause });
      }
      await tx.query(
        `INSERT INTO "_prisma_migrations"
           (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
         VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
        [id, m.checksum, m.name, startedAt],
      );
      return true;
    });
    if (didApply) applied.push(m.name);
  }
  return { applied, modified };
}

const isApplied = (rows: readonly Recorded[], name: string) => rows.some((r) => r.migration_name === name && r.finished && !r.rolled_back);
