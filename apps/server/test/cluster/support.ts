/**
 * Real services for the cluster tests: the shared local Redis (each test file under its own unique key
 * prefix, its keys deleted afterwards), private redis-server processes that a test may kill and restart,
 * and a scratch PostgreSQL database. A service that is down FAILS the tests with a message saying what
 * to start; nothing is skipped.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createKeys, type ClusterKeys } from "../../src/cluster/keys.js";
import { connectRedis, type ConnectOptions, type Redis } from "../../src/cluster/redis.js";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** A connection to the shared test Redis; throws a message that says how to start it. */
export async function connectTestRedis(name = "bang-cluster-test", options: ConnectOptions = {}): Promise<Redis> {
  try {
    return await connectRedis(REDIS_URL, { name, ...options });
  } catch (error) {
    throw new Error(
      `the cluster tests need Redis at ${REDIS_URL} (or TEST_REDIS_URL) and it does not answer: ${(error as Error).message}. ` +
        `Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no (.ci/run does).`,
    );
  }
}

/** Keys under a prefix no other run uses. */
export function uniqueKeys(label: string): ClusterKeys {
  return createKeys(`test:cluster:${label}:${randomUUID()}:`);
}

/** Deletes every key under `keys.prefix` (the prefix holds no glob character). */
export async function removeKeys(redis: Redis, keys: ClusterKeys): Promise<void> {
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${keys.prefix}*`, "COUNT", 500);
    cursor = next;
    if (found.length > 0) await redis.del(...found);
  } while (cursor !== "0");
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries `check` (assertions) until it passes or `timeoutMs` runs out; then throws its last error. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 2000, everyMs = 10): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await sleep(everyMs);
    }
  }
}

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A redis-server of this test alone, on its own port, with nothing on disk. */
export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: a crash) and resolves once the process is gone; start() may follow. */
  kill(): Promise<void>;
  /** Kills it and removes its folder (afterAll). */
  dispose(): Promise<void>;
}

/** Starts a private redis-server. Call dispose() in afterAll. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "bang-cluster-redis-"));
  let child: ChildProcess | null = null;
  const killNow = () => child?.kill("SIGKILL");
  process.once("exit", killNow);

  const start = async () => {
    if (child) throw new Error("the private redis-server is already running");
    const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", dir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error("did not start within 5 s")), 5000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        proc.kill("SIGKILL");
        child = null;
        reject(new Error(`private redis-server on port ${port}: ${error.message}\n${output}`));
      };
      proc.once("error", fail); // ENOENT: redis-server is not installed
      proc.once("exit", (code) => fail(new Error(`exited with ${code}`)));
      const onData = (data: Buffer) => {
        output += data.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          proc.removeAllListeners("exit");
          proc.removeAllListeners("error");
          resolve();
        }
      };
      proc.stdout.on("data", onData);
      proc.stderr.on("data", onData);
    });
  };

  const kill = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    if (proc.exitCode === null && proc.signalCode === null) {
      await new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGKILL");
      });
    }
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    async dispose() {
      await kill();
      process.off("exit", killNow);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const run = promisify(execFile);

/** A new, empty PostgreSQL database (createdb / dropdb on the local server); FAILS if it is down. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bang_cluster_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  try {
    await run("createdb", [`--maintenance-db=${ADMIN_DATABASE_URL}`, name]);
  } catch (error) {
    throw new Error(
      `the fencing test needs PostgreSQL at ${ADMIN_DATABASE_URL} (or TEST_DATABASE_URL): createdb failed: ${(error as Error).message}. ` +
        `Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (.ci/run does).`,
    );
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await run("dropdb", [`--maintenance-db=${ADMIN_DATABASE_URL}`, "--force", "--if-exists", name]);
    },
  };
}
