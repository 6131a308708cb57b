import type pg from "pg";
import { Prisma, type PrismaClient } from "../client.js";

/**
 * The log writer's way to the database: plain parameterised SQL ($1, $2, ...), no ORM. On PostgreSQL
 * it is the pg pool itself; on PGlite the worker that owns the database (see RemotePGlite); for a
 * handle that has neither, Prisma's raw queries (slower, same results).
 */
export interface LogSql {
  /**
   * Runs one statement; resolves with its rows (column name -> value, pg's default type parsing).
   * `name` (optional) makes it a named prepared statement where the driver has them (pg: parsed and
   * planned once per connection, then only bound and run): give it only to a constant `text`, one name
   * per text. Ignored elsewhere.
   */
  query<Row>(text: string, params: readonly unknown[], name?: string): Promise<Row[]>;
  /**
   * Runs `fn` in one transaction: its queries go through the `LogSql` it is given, committed when `fn`
   * resolves, rolled back when it throws (the error is rethrown).
   */
  transaction<T>(fn: (sql: LogSql) => Promise<T>): Promise<T>;
}

/** A LogSql over a pg pool: a statement takes any pooled connection, a transaction keeps one. */
export function pgLogSql(pool: pg.Pool): LogSql {
  return {
    query: async <Row>(text: string, params: readonly unknown[], name?: string) => (await pool.query(statement(text, params, name))).rows as Row[],
    async transaction(fn) {
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query("BEGIN");
        const out = await fn({
          query: async <Row>(text: string, params: readonly unknown[], name?: string) => (await client.query(statement(text, params, name))).rows as Row[],
          transaction: () => Promise.reject(new Error("nested log transactions are not supported")),
        });
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch((rollbackError: unknown) => {
          broken = rollbackError;
        });
        throw e;
      } finally {
        // A connection that could not even roll back is dropped from the pool, not reused.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}

/** pg's query config: named (prepared once per connection) when `name` is given. */
function statement(text: string, params: readonly unknown[], name: string | undefined): pg.QueryConfig {
  return name === undefined ? { text, values: params as unknown[] } : { name, text, values: params as unknown[] };
}

const TX_OPTIONS = { maxWait: 15_000, timeout: 60_000 } as const;

/** A LogSql through Prisma's raw queries: for a DbHandle that carries only its Prisma client. */
export function prismaLogSql(prisma: PrismaClient): LogSql {
  const over = (db: Prisma.TransactionClient): LogSql => ({
    query: <Row>(text: string, params: readonly unknown[]) => db.$queryRawUnsafe<Row[]>(text, ...params),
    transaction: () => Promise.reject(new Error("nested log transactions are not supported")),
  });
  return {
    query: over(prisma).query,
    transaction: (fn) => prisma.$transaction((tx) => fn(over(tx)), TX_OPTIONS),
  };
}

/** Did a statement fail on a unique index (PostgreSQL 23505), through pg, PGlite or Prisma? */
export function isUniqueViolation(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError) {
    if (e.code === "P2002") return true;
    const text = `${e.message} ${JSON.stringify(e.meta ?? {})}`;
    return text.includes("23505") || text.includes("UniqueConstraintViolation");
  }
  return typeof e === "object" && e !== null && (e as { code?: unknown }).code === "23505";
}
