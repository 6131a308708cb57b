/**
 * The messages between RemotePGlite (the node's main thread) and the worker thread that owns the PGlite
 * instance (worker.ts). Every request carries an `id`; the worker answers each with one Reply of the
 * same id. Transactions are named by the number `begin` answers; the worker runs a transaction's
 * requests one after another, in the order sent.
 */

/** What the worker is started with (workerData). */
export interface WorkerInit {
  /** PGlite's data folder (absolute), or `memory://...`. */
  dataDir: string;
}

/** Query options that cross the thread boundary (parsers are functions: they stay on the main side). */
export interface WireQueryOptions {
  rowMode?: "object" | "array";
  /** Type OIDs whose values must come back as PostgreSQL's text (the main side parses them). */
  raw?: number[];
}

export type Request =
  | { op: "query"; id: number; tx?: number; sql: string; params: unknown[]; options: WireQueryOptions }
  | { op: "exec"; id: number; tx?: number; sql: string; options: WireQueryOptions }
  /**
   * One statement as a named prepared statement of the worker's session (parsed and planned the first
   * time `name` is seen, then only bound and run), outside any transaction; rows parsed as query's are.
   * One name per text.
   */
  | { op: "prepared"; id: number; name: string; sql: string; params: unknown[] }
  /** Opens a transaction (waits for any other to end, as PGlite's transaction() does); answers its number. */
  | { op: "begin"; id: number }
  /** Rolls the transaction back now (PGlite's tx.rollback()); `end` must still follow. */
  | { op: "rollback"; id: number; tx: number }
  /** Ends the transaction: commit (unless rolled back) or roll back; answers once it is over. */
  | { op: "end"; id: number; tx: number; commit: boolean }
  | { op: "close"; id: number };

/** An error as it crosses the boundary: PGlite's DatabaseError fields (code, detail, ...) kept. */
export interface WireError {
  name: string;
  message: string;
  /** True for PostgreSQL's own errors (PGlite's messages.DatabaseError). */
  database: boolean;
  /** The error's own fields: code, severity, detail, hint, constraint, ... */
  fields: Record<string, unknown>;
}

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** The worker's first message: the database is open, or could not be. */
export type Hello = { op: "ready" } | { op: "failed"; error: WireError };
