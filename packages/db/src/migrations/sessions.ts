import type pg from "pg";
import type { MigrationSession, MigrationTx } from "./apply.js";

/** The part of a PGlite transaction a migration uses (PGlite's Transaction, or RemotePGlite's). */
interface PgliteTx {
  exec(sql: string): Promise<unknown>;
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** PGlite itself, or RemotePGlite (PGlite in its worker thread). */
export interface PgliteLike {
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>;
}

/** A MigrationSession over the embedded PGlite (its own transaction(), which also locks out other queries). */
export function pgliteSession(db: PgliteLike): MigrationSession {
  return {
    transaction: (fn) =>
      db.transaction((tx) => {
        const mtx: MigrationTx = {
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => (await tx.query<Row>(sql, params)).rows,
        };
        return fn(mtx);
      }),
  };
}

/**
 * A MigrationSession over a pg pool: each transaction takes one pooled connection, BEGIN ... COMMIT,
 * ROLLBACK when `fn` throws. Scripts go through the simple query protocol (several statements allowed).
 */
export function pgPoolSession(pool: pg.Pool): MigrationSession {
  return {
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const mtx: MigrationTx = {
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
        };
        const out = await fn(mtx);
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
  };
}
