import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results } from "@electric-sql/pglite";
import { DbError } from "../errors.js";
import type { LogSql } from "../log/sql.js";
import type { Hello, Reply, Request, WireError, WireQueryOptions, WorkerInit } from "./protocol.js";

/** Distributes Omit over the Request union (Omit of a union keeps only the common fields). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Ask = Without<Request, "id">;

/** What both the database and an open transaction answer (the part of PGlite's API the package uses). */
export interface RemoteQueryable {
  /** One statement with $1.. parameters (PGlite's query()): rows parsed as PGlite parses them. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  /** A script of statements, no parameters (PGlite's exec()). */
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

/** An open transaction on the worker's database (PGlite's Transaction, the part used here). */
export interface RemoteTransaction extends RemoteQueryable {
  /** Rolls back now; the transaction ends when its callback returns. */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Where the worker's code is: compiled next to this file, or (tests on the sources) the .ts under jiti. */
function workerEntry(): { url: URL; execArgv?: string[] } {
  if (import.meta.url.endsWith(".ts")) return { url: new URL("./worker.ts", import.meta.url), execArgv: ["--import", "jiti/register"] };
  return { url: new URL("./worker.js", import.meta.url) };
}

/** PostgreSQL's own error, as PGlite throws it (pglite-prisma-adapter and callers test instanceof). */
function errorOf(wire: WireError): Error {
  const error = wire.database ? new messages.DatabaseError(wire.message, 0, "error") : new Error(wire.message);
  Object.assign(error, wire.fields);
  if (!wire.database) (error as { name: string }).name = wire.name;
  return error;
}

/**
 * Embedded PGlite in a worker thread (node:worker_threads): the WebAssembly database runs there, so a
 * query does not stall the node's event loop; this side posts requests and parses nothing heavier
 * than the rows it gets back. It answers the part of PGlite's API that pglite-prisma-adapter, the
 * migrations and the tests use (query, exec, transaction, close), with PGlite's own errors
 * (messages.DatabaseError, code and detail kept), and `logSql`, the log writer's plain-SQL path.
 *
 * When the worker dies (crash, out of memory, terminated), every request in flight and every later one
 * rejects with DbError WORKER_FAILED; nothing is retried (what was not acknowledged was not stored).
 * After close(), requests reject with WORKER_FAILED too.
 */
export class RemotePGlite implements RemoteQueryable {
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: DbError | null = null;
  private openTransactions = 0;
  private closing: Promise<void> | null = null;
  /** The log writer's path: plain SQL, rows parsed with PGlite's defaults. */
  readonly logSql: LogSql;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) w.resolve(reply.value);
      else w.reject(errorOf(reply.error));
    });
    worker.on("error", (e) => this.fail(`the database worker crashed: ${e.message}`, e));
    worker.on("exit", (code) => this.fail(`the database worker exited (code ${code})`));
    const over = (q: RemoteQueryable, top: boolean): LogSql => ({
      query: async <Row>(text: string, params: readonly unknown[], name?: string) =>
        // A named statement outside a transaction: prepared once in the worker's session (see worker.ts).
        top && name !== undefined ? ((await this.ask({ op: "prepared", name, sql: text, params: [...params] })) as Results<Row>).rows : (await q.query<Row>(text, [...params])).rows,
      transaction: (fn) => this.transaction((tx) => fn(over(tx, false))),
    });
    this.logSql = over(this, true);
  }

  /**
   * Starts the worker and opens PGlite in `dataDir` (an absolute folder, or `memory://`). Rejects with
   * PGlite's error when it cannot open the folder, DbError WORKER_FAILED when the worker cannot start.
   */
  static async open(dataDir: string): Promise<RemotePGlite> {
    const entry = workerEntry();
    const worker = new Worker(entry.url, { workerData: { dataDir } satisfies WorkerInit, ...(entry.execArgv ? { execArgv: entry.execArgv } : {}) });
    let onError!: (e: Error) => void;
    let onExit!: (code: number) => void;
    let onHello!: (m: Hello) => void;
    const hello = new Promise<Hello>((resolve, reject) => {
      onError = (e) => reject(new DbError("WORKER_FAILED", `the database worker could not start: ${e.message}`, { cause: e }));
      onExit = (code) => reject(new DbError("WORKER_FAILED", `the database worker exited (code ${code}) before opening ${dataDir}`));
      onHello = resolve;
    });
    worker.once("error", onError).once("exit", onExit).once("message", onHello);
    // Only our own listeners come off: the Worker keeps internal ones (removeAllListeners would stop its port).
    const first = await hello.finally(() => worker.off("error", onError).off("exit", onExit).off("message", onHello));
    if (first.op === "failed") {
      await worker.terminate();
      throw errorOf(first.error);
    }
    worker.unref();
    return new RemotePGlite(worker);
  }

  /** PGlite's query(): `options.parsers` run on this side, on the values the worker leaves as text. */
  async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results<Row>> {
    const result = (await this.ask({ op: "query", sql, params, options: wireOptions(options), ...(tx === undefined ? {} : { tx }) })) as Results<Row>;
    return parseCustom(result, options);
  }

  /** PGlite's exec(). */
  async exec(sql: string, options: QueryOptions = {}, tx?: number): Promise<Results[]> {
    const results = (await this.ask({ op: "exec", sql, options: wireOptions(options), ...(tx === undefined ? {} : { tx }) })) as Results[];
    return results.map((r) => parseCustom(r, options));
  }

  /**
   * PGlite's transaction(): `fn` runs with the transaction's queries; commit when it resolves (unless
   * it rolled back), roll back when it throws (rethrown). Other queries wait until it ends.
   */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const n = (await this.ask({ op: "begin" })) as number;
    this.openTransactions++;
    let closed = false;
    const tx: RemoteTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, n),
      exec: (sql, options) => this.exec(sql, options, n),
      rollback: async () => {
        closed = true;
        await this.ask({ op: "rollback", tx: n });
      },
      get closed() {
        return closed;
      },
    };
    try {
      let out: T;
      try {
        out = await fn(tx);
      } catch (e) {
        await this.ask({ op: "end", tx: n, commit: false }).catch(() => undefined);
        throw e;
      }
      await this.ask({ op: "end", tx: n, commit: true });
      return out;
    } finally {
      this.openTransactions--;
    }
  }

  /** True while a transaction opened through this object is open (PGlite's isInTransaction()). */
  isInTransaction(): boolean {
    return this.openTransactions > 0;
  }

  /** True once closed or failed. */
  get closed(): boolean {
    return this.failure !== null;
  }

  /** Closes the database (PGlite's close(): everything written is on disk), then ends the worker. Idempotent. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      try {
        if (!this.failure) await this.ask({ op: "close" });
      } finally {
        this.fail("the database is closed");
        await this.worker.terminate();
      }
    })());
  }

  private ask(request: Ask): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // The worker holds the process open only while it has work, as PGlite in the main thread did.
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private fail(why: string, cause?: unknown): void {
    this.failure ??= new DbError("WORKER_FAILED", why, cause === undefined ? {} : { cause });
    for (const w of this.waiting.values()) w.reject(this.failure);
    this.waiting.clear();
  }
}

function wireOptions(options: QueryOptions): WireQueryOptions {
  const wire: WireQueryOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.parsers) wire.raw = Object.keys(options.parsers).map(Number);
  return wire;
}

/** Applies `options.parsers` to the columns of those types (the worker left them as text). */
function parseCustom<R>(result: Results<R>, options: QueryOptions): Results<R> {
  const parsers = options.parsers;
  if (!parsers) return result;
  const columns = result.fields.flatMap((f, i) => {
    const parse = parsers[f.dataTypeID];
    return parse ? [{ i, name: f.name, type: f.dataTypeID, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = options.rowMode === "array" ? c.i : c.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = (c.parse as (text: string, type: number) => unknown)(value as string, c.type);
    }
  }
  return result;
}
