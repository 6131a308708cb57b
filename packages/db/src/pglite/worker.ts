/**
 * The worker thread that owns the embedded database (started by RemotePGlite.open): PGlite's
 * WebAssembly runs here, off the node's main thread. It answers the Requests of protocol.ts in any
 * order across callers, and a transaction's requests in the order sent. Only this file imports PGlite's
 * runtime; it must stay free of the package's other modules (it runs from source under a loader in tests).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, messages, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import type { Hello, Reply, Request, WireError, WireQueryOptions, WorkerInit } from "./protocol.js";

interface OpenTx {
  tx: Transaction;
  /** Lets PGlite's transaction() callback return: the transaction then commits unless rolled back. */
  release: () => void;
  /** PGlite's transaction() call, settled once committed or rolled back. */
  done: Promise<void>;
  /** The transaction's requests, one after another. */
  chain: Promise<unknown>;
}

const port = parentPort!;
const { dataDir } = workerData as WorkerInit;
const identity = (text: string) => text;
/** Parser maps that keep the given type OIDs as text, by the OIDs' list (a handful of distinct lists). */
const rawParsers = new Map<string, Record<number, (text: string) => string>>();

function wireError(e: unknown): WireError {
  const error = e instanceof Error ? e : new Error(String(e));
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(error)) if (v === undefined || ["string", "number", "boolean"].includes(typeof v)) fields[k] = v;
  return { name: error.name, message: error.message, database: error instanceof messages.DatabaseError, fields };
}

function optionsOf(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.raw && wire.raw.length > 0) {
    const key = wire.raw.join(",");
    let parsers = rawParsers.get(key);
    if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(wire.raw.map((oid) => [oid, identity]))));
    options.parsers = parsers;
  }
  return options;
}

/** Concatenates protocol messages into one buffer: PGlite runs them all in one call into WebAssembly. */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite's one session (PGlite's query() parses and plans every statement
 * anew: an unnamed statement). The first call of a name parses it once (Parse, Describe, Sync); then
 * each run is one buffer of Bind, Describe portal, Execute, Sync: one call into WebAssembly instead of
 * query()'s six, no parsing or planning. It takes PGlite's two locks as query() does, so it never
 * runs inside another caller's open transaction. Parameters are serialised and rows parsed by PGlite's
 * own serializers and parsers (the same values as query()).
 */
function preparedStatements(db: PGlite) {
  /** Parameter type OIDs of each prepared name. */
  const prepared = new Map<string, number[]>();
  const serialize = protocol.serialize;
  const run = async (name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results> => {
    let known = prepared.get(name);
    if (!known) {
      const { messages: described } = await db.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]), { syncToFs: false });
      known = parse.parseDescribeStatementResults(described);
      prepared.set(name, known);
    }
    const types = known;
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = db.serializers[types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    const { messages: out } = await db.execProtocol(concat([serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]));
    return parse.parseResults(out, db.parsers, options)[0] ?? { rows: [], fields: [] };
  };
  return (name: string, text: string, params: unknown[], options?: QueryOptions) => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(name, text, params, options)));
}

/** Most statements the worker prepares on its own (each holds a plan in PGlite's memory). */
const AUTO_PREPARED_MAX = 256;
/** What it prepares on its own: data statements (not BEGIN, SET, DDL: those run as query() runs them). */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * query() outside a transaction (Prisma's statements, through pglite-prisma-adapter): a data statement
 * is prepared the first time its text is seen and run as a named statement afterwards (Prisma sends
 * the same text for the same query shape), so it is parsed and planned once (as postgres.js or pgjdbc
 * do on their own). At most AUTO_PREPARED_MAX texts are prepared; others (and everything else) go
 * through query(). A text whose preparation fails is tried again the next time (it fails as query()).
 */
function cachedQueries(db: PGlite, runPrepared: ReturnType<typeof preparedStatements>) {
  const names = new Map<string, string>();
  return (text: string, params: unknown[], options: QueryOptions): Promise<Results> => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= AUTO_PREPARED_MAX || !PREPARABLE.test(text)) return db.query(text, params, options);
      name = `bang_auto_${names.size + 1}`;
      names.set(text, name);
    }
    return runPrepared(name, text, params, options);
  };
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (e) {
    port.postMessage({ op: "failed", error: wireError(e) } satisfies Hello);
    return;
  }
  const txs = new Map<number, OpenTx>();
  let nextTx = 1;
  const runPrepared = preparedStatements(db);
  const runCached = cachedQueries(db, runPrepared);

  const begin = async (): Promise<number> => {
    const n = nextTx++;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let begun!: (tx: Transaction) => void;
    const started = new Promise<Transaction>((r) => (begun = r));
    const done = db.transaction(async (tx) => {
      begun(tx);
      await gate;
    });
    // A BEGIN that fails settles `done` before the callback ran.
    const tx = await Promise.race([started, done.then(() => Promise.reject(new Error("the transaction ended before it began")))]);
    txs.set(n, { tx, release, done, chain: Promise.resolve() });
    return n;
  };

  /** Queues `step` behind the transaction's earlier requests. */
  const inTx = <T>(n: number, step: (open: OpenTx) => Promise<T>): Promise<T> => {
    const open = txs.get(n);
    if (!open) return Promise.reject(new Error(`no open transaction ${n}`));
    const run = open.chain.then(() => step(open));
    open.chain = run.catch(() => undefined);
    return run;
  };

  const handle = async (r: Request): Promise<unknown> => {
    switch (r.op) {
      case "query":
        return r.tx === undefined ? runCached(r.sql, r.params, optionsOf(r.options)) : inTx(r.tx, (o) => o.tx.query(r.sql, r.params, optionsOf(r.options)));
      case "prepared":
        return runPrepared(r.name, r.sql, r.params);
      case "exec":
        return r.tx === undefined ? db.exec(r.sql, optionsOf(r.options)) : inTx(r.tx, (o) => o.tx.exec(r.sql, optionsOf(r.options)));
      case "begin":
        return begin();
      case "rollback":
        return inTx(r.tx, async (o) => {
          if (!o.tx.closed) await o.tx.rollback();
        });
      case "end":
        return inTx(r.tx, async (o) => {
          if (!r.commit && !o.tx.closed) await o.tx.rollback();
          o.release();
          try {
            await o.done;
          } finally {
            txs.delete(r.tx);
          }
        });
      case "close":
        await db.close();
        return undefined;
    }
  };

  port.on("message", (r: Request) => {
    handle(r).then(
      (value) => port.postMessage({ id: r.id, ok: true, value } satisfies Reply),
      (e: unknown) => port.postMessage({ id: r.id, ok: false, error: wireError(e) } satisfies Reply),
    );
  });
  port.postMessage({ op: "ready" } satisfies Hello);
}

void main();
