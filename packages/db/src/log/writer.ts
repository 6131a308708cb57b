import { DbError } from "../errors.js";
import type { NewLogEntry } from "../types.js";
import type { DbHandle } from "../handle.js";
import { commitLog, type LogGuard } from "./commit.js";

/** What one flush did, for metrics and tests. */
export interface FlushInfo {
  /** Entries in the batch (committed + failed). */
  entries: number;
  /** Distinct games in the batch. */
  games: number;
  /** Games whose entries were refused (their promises rejected with the reason). */
  failedGames: number;
  /** Set when the whole transaction failed: every promise of the batch was rejected with it. */
  error?: DbError;
  durationMs: number;
}

export interface LogWriterOptions {
  /** Most entries per transaction, default 256. */
  maxBatch?: number;
  /** How long the first entry of a batch waits for company, default 2 ms. */
  maxDelayMs?: number;
  /**
   * Most flushes running at once, default 1. More than one lets new entries go out while a slow flush
   * runs (on PostgreSQL each flush takes its own pool connection; PGlite has one connection, keep 1).
   * A game's entries are never in two running flushes: they wait for the earlier one.
   */
  maxInFlight?: number;
  /** Called after every flush (after the promises of the batch are settled). */
  onFlush?: (info: FlushInfo) => void;
  /** Fencing seam: see LogGuard. */
  guard?: LogGuard;
}

/** Counters since the writer was created. */
export interface LogWriterStats {
  flushes: number;
  entries: number;
  failedEntries: number;
}

export interface LogWriter {
  /**
   * Queues one entry and resolves once it is committed (DESIGN invariant 3: acknowledge after this).
   * Rejects with a DbError: the game's refusal (DUPLICATE_SEQ, DUPLICATE_COMMAND_ID, SEQ_GAP,
   * GAME_NOT_FOUND, FENCED, INVALID_ENTRY: every entry of that game in the same batch gets it, the
   * other games' entries are committed), WRITE_FAILED (the whole batch's transaction failed), or
   * WRITER_CLOSED. Entries of one game must be appended in seq order; once one is refused, the later
   * ones of that game fail too (SEQ_GAP), so a log never has holes.
   */
  append(gameId: string, entry: NewLogEntry): Promise<void>;
  /** Resolves when everything appended before the call is settled (committed or rejected). Never rejects. */
  flush(): Promise<void>;
  /** Refuses new appends (WRITER_CLOSED), then drains like flush(). Does not close the database. */
  close(): Promise<void>;
  readonly stats: Readonly<LogWriterStats>;
  /** Entries appended and not settled yet: queued, or in a running flush (the write backlog). */
  readonly pending: number;
  /** Flushes running now (their transactions not settled yet), from 0 to `maxInFlight`. */
  readonly flushing: number;
}

interface Pending {
  gameId: string;
  entry: NewLogEntry;
  resolve: () => void;
  reject: (e: DbError) => void;
}

/**
 * A group-commit writer for command logs. Appends from any number of games are queued and written
 * together: one write (see commitLog) per flush, at most `maxBatch` entries. A flush starts
 * `maxDelayMs` after the first queued entry, at once when `maxBatch` entries wait, and right after a
 * running flush ends when entries arrived during it; at most `maxInFlight` flushes run at once, and a
 * game with entries in a running flush has its later entries wait for it, so each game's log is
 * written in seq order.
 */
export function createLogWriter(db: DbHandle, options: LogWriterOptions = {}): LogWriter {
  const maxBatch = options.maxBatch ?? 256;
  const maxDelayMs = options.maxDelayMs ?? 2;
  const maxInFlight = options.maxInFlight ?? 1;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be a positive integer, got ${maxBatch}`);
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new RangeError(`maxInFlight must be a positive integer, got ${maxInFlight}`);
  const stats: LogWriterStats = { flushes: 0, entries: 0, failedEntries: 0 };
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<void>>();
  /** Entries in the running flushes. */
  let writing = 0;
  /** Games with entries in a running flush. */
  const busy = new Set<string>();
  let closed = false;

  /** Takes the next batch off the queue: up to maxBatch entries of games not in a running flush. */
  const take = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const p of queue) {
      if (batch.length < maxBatch && !busy.has(p.gameId)) batch.push(p);
      else rest.push(p);
    }
    queue = rest;
    return batch;
  };

  // Starts flushes now, as many as allowed and as the queue can fill.
  const start = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (running.size < maxInFlight && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return; // only entries of busy games: they go when their flush ends
      const games = new Set(batch.map((p) => p.gameId));
      for (const g of games) busy.add(g);
      writing += batch.length;
      const run: Promise<void> = flushBatch(batch)
        .catch(() => undefined)
        .finally(() => {
          writing -= batch.length;
          for (const g of games) busy.delete(g);
          running.delete(run);
          if (queue.length > 0) start(); // appended while it ran: they have had their company
        });
      running.add(run);
    }
  };

  async function flushBatch(batch: Pending[]): Promise<void> {
    const t0 = performance.now();
    const byGame = new Map<string, NewLogEntry[]>();
    for (const p of batch) {
      const list = byGame.get(p.gameId);
      if (list) list.push(p.entry);
      else byGame.set(p.gameId, [p.entry]);
    }
    let failures = new Map<string, DbError>();
    let error: DbError | undefined;
    try {
      failures = await commitLog(db, byGame, options.guard);
    } catch (e) {
      error = e instanceof DbError ? e : new DbError("WRITE_FAILED", `log write failed: ${String(e)}`, { cause: e });
    }
    let failed = 0;
    for (const p of batch) {
      const why = error ?? failures.get(p.gameId);
      if (why) {
        failed++;
        p.reject(why);
      } else p.resolve();
    }
    stats.flushes++;
    stats.entries += batch.length;
    stats.failedEntries += failed;
    const info: FlushInfo = { entries: batch.length, games: byGame.size, failedGames: error ? byGame.size : failures.size, durationMs: performance.now() - t0 };
    if (error) info.error = error;
    try {
      options.onFlush?.(info);
    } catch {
      // A metrics hook must not break the writer.
    }
  }

  const flush = async () => {
    while (queue.length > 0 || running.size > 0) {
      if (running.size === 0) start();
      await Promise.all([...running]);
    }
  };

  return {
    append(gameId, entry) {
      if (closed) return Promise.reject(new DbError("WRITER_CLOSED", "the log writer is closed", { gameId, seq: entry.seq }));
      return new Promise<void>((resolve, reject) => {
        queue.push({ gameId, entry, resolve, reject });
        if (running.size >= maxInFlight) return; // taken when a running flush ends
        if (queue.length >= maxBatch) start();
        else timer ??= setTimeout(start, maxDelayMs);
      });
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get stats() {
      return { ...stats };
    },
    get pending() {
      return queue.length + writing;
    },
    get flushing() {
      return running.size;
    },
  };
}
