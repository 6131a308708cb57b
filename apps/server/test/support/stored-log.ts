/**
 * The command log as a test server stored it, read straight from its database (not through the
 * server): PostgreSQL through the server's database url, PGlite by opening its DATA_DIR (only one
 * process may hold it: stop the server first, or read a copy).
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@bang/db";
import type { TestServer } from "./server.js";

/** One stored log row (CommandLogEntry): `command` is the module's command, with its `by`. */
export interface StoredRow {
  gameId: string;
  seq: number;
  playerId: string;
  clientCommandId: string;
  command: Record<string, unknown>;
}

/** Where a log is read from: a server's database url (PostgreSQL) or a PGlite data folder. */
export type LogSource = { databaseUrl: string } | { dataDir: string };

/**
 * Every log row of `gameIds`, ordered by game then seq. Throws when the database cannot be opened (a
 * PGlite folder a live server holds: DATA_DIR_LOCKED).
 */
export async function storedLog(source: LogSource, gameIds: readonly string[]): Promise<StoredRow[]> {
  const db = await openDatabase("databaseUrl" in source ? { url: source.databaseUrl } : { url: null, dataDir: source.dataDir });
  try {
    return await db.logSql.query<StoredRow>(
      `SELECT "gameId", seq, "playerId", "clientCommandId", command FROM "CommandLogEntry" WHERE "gameId" = ANY($1::text[]) ORDER BY "gameId", seq`,
      [gameIds],
    );
  } finally {
    await db.close();
  }
}

/** Where `server` keeps its data (PGlite: its DATA_DIR, which only a stopped server lets go of). */
export function sourceOf(server: TestServer): LogSource {
  return server.databaseUrl ? { databaseUrl: server.databaseUrl } : { dataDir: server.dataDir };
}

/**
 * Captures the log of a server that is down (killed or stopped) without touching what its next start
 * will find, and resolves once the server may start again, with the rows still to come: on PGlite a
 * copy of DATA_DIR is made, and opened meanwhile (opening recovers a crashed folder: the server must
 * recover the original itself); on PostgreSQL the rows are read before it resolves.
 */
export async function captureLog(server: TestServer, gameIds: readonly string[]): Promise<{ rows: Promise<StoredRow[]> }> {
  if (server.pid !== null) throw new Error("captureLog: the server still runs");
  if (server.databaseUrl) {
    const rows = await storedLog({ databaseUrl: server.databaseUrl }, gameIds);
    return { rows: Promise.resolve(rows) };
  }
  const copy = await mkdtemp(join(tmpdir(), "bang-e2e-copy-"));
  try {
    await cp(server.dataDir, copy, { recursive: true });
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
  return { rows: storedLog({ dataDir: copy }, gameIds).finally(() => rm(copy, { recursive: true, force: true })) };
}
