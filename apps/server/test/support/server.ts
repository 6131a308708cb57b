/**
 * The real game server as a child process, for end-to-end tests: `node apps/server/dist/main.js` on a
 * free port, with a fresh temporary DATA_DIR (embedded PGlite) or a fresh PostgreSQL database made for
 * it (CREATE DATABASE bang_e2e_<random>, dropped by `dispose()`). PostgreSQL being unreachable FAILS
 * the test with a message saying so; it never skips.
 *
 * The server is ready when GET /readyz answers 200. Its stdout and stderr are kept for failure
 * messages. `stop()` sends SIGTERM (graceful drain), `kill()` SIGKILL (a crash); `restart()` starts it
 * again on the same DATA_DIR / DATABASE_URL and the same port, as an operator would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ROOT, SERVER_MAIN } from "./build.js";

export const BACKENDS = ["pglite", "postgresql"] as const;
export type Backend = (typeof BACKENDS)[number];

/** The PostgreSQL server the per-file databases are created on (trust auth, see ../shared/STACK.md). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** A bearer token that grants the admin view on every test server. */
export const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";

/** The bearer token of GET /metrics on every test server (METRICS_TOKEN). */
export const METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef";

/** How long a start may take before /readyz answers 200 (PGlite's first start runs initdb). */
export const READY_TIMEOUT_MS = 60_000;

/** Timeout for hooks that start servers (a busy 2-core machine may need most of READY_TIMEOUT_MS). */
export const START_HOOK_TIMEOUT_MS = 90_000;

export interface ServerOptions {
  backend: Backend;
  /** BOT_DELAY_MS (default 0). */
  botDelayMs?: number;
  /** DISCONNECT_GRACE_MS (default 300). */
  disconnectGraceMs?: number;
  /** More environment for the server (LOG_LEVEL defaults to warn, SHUTDOWN_DELAY_MS to 0). */
  env?: Record<string, string>;
  /** PostgreSQL only: use this existing database (shared by several servers, not dropped by dispose). */
  databaseUrl?: string;
}

/** How a server process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface TestServer {
  readonly backend: Backend;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The fresh PostgreSQL database's url (null on PGlite). */
  readonly databaseUrl: string | null;
  /** The running process's pid (null when stopped). */
  readonly pid: number | null;
  /** Resolves when the current process exits. */
  readonly exited: Promise<Exit>;
  /** Everything the server printed so far, over every start, each start headed by a line. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`, which then throws). */
  stop(timeoutMs?: number): Promise<Exit>;
  /** SIGKILL (a crash), and waits for the exit. */
  kill(): Promise<Exit>;
  /**
   * Starts the server again on the same data and port; resolves once /readyz answers 200. `env`
   * changes its environment from then on (a variable set to undefined is removed), as an operator would.
   */
  restart(env?: Record<string, string | undefined>): Promise<void>;
  /** Kills the process if it still runs, removes DATA_DIR and drops the PostgreSQL database. */
  dispose(): Promise<void>;
}

/** A TCP port that was free a moment ago (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("no port from listen(0)"))));
    });
  });
}

const running = new Set<ChildProcess>();
// A test process that dies must not leave servers behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Connects to the admin database or throws an Error saying PostgreSQL is needed (never a skip). */
async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_DATABASE_URL} (${error instanceof Error ? error.message : String(error)}). ` +
        "The server's end-to-end tests on PostgreSQL need it: start it with " +
        "`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, or set TEST_DATABASE_URL.",
    );
  }
  return client;
}

/** Creates an empty database bang_e2e_<random> and returns its url. */
export async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `bang_e2e_${process.pid}_${randomBytes(5).toString("hex")}`;
  const admin = await adminClient();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = await adminClient();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** GET `url`, resolving with the status, or null when nothing answers. */
async function status(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/**
 * Starts a server on a fresh database of `backend` and resolves once /readyz answers 200. Rejects (with
 * the server's output) when it exits first or is not ready within READY_TIMEOUT_MS.
 */
export async function startServer(options: ServerOptions): Promise<TestServer> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npx turbo run build\` (the server-e2e global setup builds it)`);
  }
  const database = options.backend === "postgresql" && !options.databaseUrl ? await createDatabase() : null;
  const databaseUrl = options.databaseUrl ?? database?.url ?? null;
  const dataDir = await mkdtemp(join(tmpdir(), "bang-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  let child: ChildProcess | null = null;
  let exited: Promise<Exit> = Promise.resolve({ code: null, signal: null });
  let starts = 0;

  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TOKEN_SECRET;
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BOT_DELAY_MS: String(options.botDelayMs ?? 0),
    DISCONNECT_GRACE_MS: String(options.disconnectGraceMs ?? 300),
    ADMIN_TOKEN,
    METRICS_TOKEN,
    // A test's many clients all come from 127.0.0.1: the per-address budgets are lifted (the budgets'
    // own tests set them).
    REPLAY_RATE_LIMIT: "1000000",
    REPLAY_COLD_RATE_LIMIT: "1000000",
    GUEST_RATE_LIMIT: "1000000",
    LOOKUP_RATE_LIMIT: "1000000",
    TABLE_JOIN_RATE_LIMIT: "1000000",
    TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000",
    SOCKETS_PER_ADDRESS: "1000000",
    API_RATE_LIMIT: "1000000",
    GAMES_PER_PLAYER: "1000",
    LOG_LEVEL: "warn",
    // stop() drains at once (no time of /readyz 503 before it) unless a test asks for the delay.
    SHUTDOWN_DELAY_MS: "0",
    CHECKPOINT_DISABLE: "1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });

  async function launch(): Promise<void> {
    starts++;
    log += `--- start ${starts} (${options.backend}, port ${port}) ---\n`;
    const proc = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    running.add(proc);
    proc.stdout?.setEncoding("utf8").on("data", (d: string) => (log += d));
    proc.stderr?.setEncoding("utf8").on("data", (d: string) => (log += d));
    exited = new Promise<Exit>((resolve) => {
      proc.once("exit", (code, signal) => {
        running.delete(proc);
        if (child === proc) child = null;
        log += `--- exit ${code ?? signal} ---\n`;
        resolve({ code, signal });
      });
    });
    let gone = false;
    void exited.then(() => (gone = true));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`the server exited before it was ready:\n${log}`);
      if ((await status(`${url}/readyz`)) === 200) return;
      if (Date.now() > deadline) {
        proc.kill("SIGKILL");
        await exited;
        throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms:\n${log}`);
      }
      await sleep(100);
    }
  }

  const server: TestServer = {
    backend: options.backend,
    url,
    port,
    dataDir,
    databaseUrl,
    get pid() {
      return child?.pid ?? null;
    },
    get exited() {
      return exited;
    },
    output: () => log,
    async stop(timeoutMs = 20_000) {
      const proc = child;
      if (!proc) return exited;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
      const exit = await exited;
      clearTimeout(timer);
      if (exit.signal === "SIGKILL") throw new Error(`the server did not stop within ${timeoutMs} ms of SIGTERM:\n${log}`);
      return exit;
    },
    async kill() {
      child?.kill("SIGKILL");
      return exited;
    },
    async restart(changes = {}) {
      if (child) throw new Error("restart: the server still runs; stop() or kill() it first");
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete env[name];
        else env[name] = value;
      }
      await launch();
    },
    async dispose() {
      if (child) {
        child.kill("SIGKILL");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      if (database) await dropDatabase(database.name);
    },
  };
  try {
    await launch();
  } catch (error) {
    await server.dispose().catch(() => undefined);
    throw error;
  }
  return server;
}

/** Prints the server's output after each failed test of the enclosing suite (to see why it failed). */
export function printOutputOnFailure(current: () => TestServer | null): void {
  afterEach((context) => {
    const server = current();
    if (server && context.task.result?.state === "fail") console.error(`--- server output (${server.backend}, ${server.url}) ---\n${server.output()}`);
  });
}

/**
 * A server for the enclosing suite: started before its tests, disposed after them (after the suite's
 * own afterAll hooks, which run first), its output printed after a failed test. Returns the getter of
 * the server; when the start failed (PostgreSQL down, a crash at start), the getter throws why, so
 * that every test FAILS with the reason instead of being skipped.
 */
export function useServer(options: ServerOptions): () => TestServer {
  let server: TestServer | null = null;
  let failure: unknown = null;
  beforeAll(async () => {
    try {
      server = await startServer(options);
    } catch (error) {
      failure = error;
    }
  }, START_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await server?.dispose();
  }, 30_000);
  printOutputOnFailure(() => server);
  return () => {
    if (failure) throw failure;
    if (!server) throw new Error("the server was not started");
    return server;
  };
}

/** `init` run once, on the first call; later calls get the same promise (and the same failure). */
export function once<T>(init: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | null = null;
  return () => (result ??= init());
}
