/**
 * Real databases for the tests: every suite runs once on embedded PGlite and once on the local
 * PostgreSQL (TEST_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres). Each store is
 * a new, empty database: a copy of a PGlite data folder just after initdb, or a PostgreSQL database
 * with a unique name that is dropped afterwards. PostgreSQL being down FAILS the PostgreSQL suites.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database, type OpenDatabaseOptions } from "../../src/index.js";

export const BACKENDS = ["pglite", "postgresql"] as const;
export type BackendName = (typeof BACKENDS)[number];

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Hook timeout for anything that starts PGlite (initdb takes seconds on a busy 2-core machine). */
export const START_TIMEOUT = 180_000;

/** A new, empty database of one backend. */
export interface Store {
  backend: BackendName;
  /** Opens it through openDatabase (migrations applied); may be called again after close(). */
  open(options?: Pick<OpenDatabaseOptions, "migrationsDir">): Promise<Database>;
  /** PGlite: the data folder. PostgreSQL: the connection url. */
  location: string;
  /** Removes the database (drops it, or deletes the folder). */
  dispose(): Promise<void>;
}

/** Creates an empty store on `backend`. */
export async function createStore(backend: BackendName): Promise<Store> {
  return backend === "pglite" ? pgliteStore() : postgresStore();
}

async function pgliteStore(): Promise<Store> {
  const template = await pgliteTemplate();
  const dir = await mkdtemp(path.join(os.tmpdir(), "bang-db-test-"));
  await cp(template, dir, { recursive: true });
  return {
    backend: "pglite",
    location: dir,
    open: (options = {}) => openDatabase({ ...options, url: null, dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A PGlite data folder right after initdb, made once per PGlite version and machine (in the temp dir)
 * and copied for each store: starting on a copy takes about a second, initdb many.
 */
async function pgliteTemplate(): Promise<string> {
  const pkg = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..", "package.json");
  const version = (JSON.parse(await readFile(pkg, "utf8")) as { version: string }).version;
  const dir = path.join(os.tmpdir(), `bang-db-pglite-template-${version}`);
  if (existsSync(dir)) return dir;
  const building = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const db = await PGlite.create(building);
  await db.close();
  // Atomic: the template exists only when complete. A parallel test file may have won the race.
  await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  return dir;
}

async function postgresStore(): Promise<Store> {
  const admin = await adminClient();
  const name = `bang_db_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const location = url.toString();
  return {
    backend: "postgresql",
    location,
    open: (options = {}) => openDatabase({ ...options, url: location }),
    async dispose() {
      const c = await adminClient();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${(e as Error).message}). The PostgreSQL half of the @bang/db ` +
        `tests needs it: start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.`,
    );
  }
  return client;
}

/**
 * Another way in, beside the Prisma client under test: a separate pg connection, or PGlite's own
 * query(), which waits for any open transaction to end and so sees only committed rows.
 */
export interface Observer {
  rows<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** Opens an Observer on the database `db` of `store`. */
export async function observe(store: Store, db: Database): Promise<Observer> {
  if (db.kind === "pglite") {
    const { pglite } = db;
    return { rows: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: store.location, max: 8 });
  // dispose() drops the database WITH (FORCE): an idle connection then ends with 57P01, which must not
  // surface as an uncaught error of the test run.
  pool.on("error", () => undefined);
  return {
    rows: async <Row>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as Row[],
    close: () => pool.end(),
  };
}
