import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./client.js";
import { lockDataDir } from "./data-dir-lock.js";
import { DbError } from "./errors.js";
import { pgLogSql, type LogSql } from "./log/sql.js";
import { applyMigrations, type MigrationReport } from "./migrations/apply.js";
import { locateMigrationsDir } from "./migrations/locate.js";
import { readMigrations } from "./migrations/read.js";
import { pgliteSession, pgPoolSession } from "./migrations/sessions.js";
import { RemotePGlite } from "./pglite/remote.js";

/** Where the data lives. Every field is optional: `openDatabase()` alone is the no-configuration default. */
export interface OpenDatabaseOptions {
  /**
   * `postgresql://...` (or `postgres://...`): a PostgreSQL server. Omitted: DATABASE_URL, and when that
   * is unset or empty, embedded PGlite. `null`: embedded PGlite whatever DATABASE_URL says (tests).
   */
  url?: string | null | undefined;
  /** PGlite's folder (created if missing), default `./data`; `memory://` keeps everything in memory. */
  dataDir?: string | undefined;
  /** The prisma/migrations folder; default: found above this package (see locateMigrationsDir). */
  migrationsDir?: string | undefined;
  /** Largest pg pool (PostgreSQL only), default 10. */
  poolSize?: number | undefined;
}

interface DatabaseBase {
  prisma: PrismaClient;
  /** The log writer's plain-SQL path: the pg pool, or the PGlite worker (see DbHandle). */
  logSql: LogSql;
  /** What openDatabase applied: `applied` is empty when the schema was already up to date. */
  migrations: MigrationReport;
  /** Disconnects Prisma and closes PGlite or the pg pool. Idempotent. */
  close(): Promise<void>;
}
/**
 * An open database: embedded PGlite (run in a worker thread; `pglite` is the main thread's handle on
 * it, for tools and tests) or a PostgreSQL server.
 */
export type Database =
  | (DatabaseBase & { kind: "pglite"; pglite: RemotePGlite; dataDir: string })
  | (DatabaseBase & { kind: "postgresql"; pool: pg.Pool });

/**
 * Opens the database and brings its schema up to date before returning (migrations applied
 * in-process, see applyMigrations). Embedded PGlite in `dataDir` unless a PostgreSQL url is given or
 * DATABASE_URL holds one. Only one process may open a given PGlite dataDir at a time. PGlite runs in a
 * worker thread (RemotePGlite): Prisma reaches it through pglite-prisma-adapter over that handle, the
 * log writer through plain SQL; on PostgreSQL, Prisma uses @prisma/adapter-pg and the log writer the
 * same pg pool directly.
 * Throws DbError INVALID_CONFIG (url neither postgresql:// nor postgres://), MIGRATIONS_NOT_FOUND,
 * MIGRATION_FAILED, WORKER_FAILED (PGlite's worker could not start); connection errors from pg or
 * PGlite pass through. Nothing stays open on failure.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.url === undefined ? process.env.DATABASE_URL : options.url;
  const migrations = await readMigrations(locateMigrationsDir(options.migrationsDir));
  if (url === null || url === undefined || url === "") {
    return openPglite(options.dataDir ?? "./data", (session) => applyMigrations(session, migrations));
  }
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new DbError("INVALID_CONFIG", `database url must start with postgresql:// (got "${url.split(":")[0]}:...")`);
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client's error (server restart) must not crash the process: the next query fails instead.
  pool.on("error", () => undefined);
  try {
    const report = await applyMigrations(pgPoolSession(pool), migrations);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    let closed: Promise<void> | null = null;
    return {
      kind: "postgresql",
      prisma,
      pool,
      logSql: pgLogSql(pool),
      migrations: report,
      close: () => (closed ??= prisma.$disconnect().finally(() => pool.end())),
    };
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
}

async function openPglite(
  dataDir: string,
  migrate: (session: ReturnType<typeof pgliteSession>) => Promise<MigrationReport>,
): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const dir = inMemory ? dataDir : path.resolve(dataDir);
  if (!inMemory) await mkdir(dir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(dir);
  let pglite: RemotePGlite;
  try {
    pglite = await RemotePGlite.open(dir);
  } catch (e) {
    unlock();
    throw e;
  }
  try {
    const report = await migrate(pgliteSession(pglite));
    // The adapter uses PGlite's query/exec/transaction, which RemotePGlite answers the same way.
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite as unknown as PGlite) });
    let closed: Promise<void> | null = null;
    return {
      kind: "pglite",
      prisma,
      pglite,
      logSql: pglite.logSql,
      dataDir: dir,
      migrations: report,
      close: () => (closed ??= prisma.$disconnect().finally(() => pglite.close().finally(unlock))),
    };
  } catch (e) {
    await pglite.close().catch(() => undefined);
    unlock();
    throw e;
  }
}
