import type { PrismaClient } from "./client.js";
import type { LogSql } from "./log/sql.js";

/** What repositories and the log writer need: an open Database, or anything holding its Prisma client. */
export interface DbHandle {
  prisma: PrismaClient;
  /**
   * The log writer's plain-SQL path (an open Database always has one: the pg pool, or the PGlite
   * worker). Without it the log goes through Prisma's raw queries: same results, slower.
   */
  logSql?: LogSql;
}
