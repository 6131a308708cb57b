/**
 * Test helper: the REAL game server (apps/server/dist/main.js) as a child process, on a free port, with
 * a fresh embedded PGlite in a temporary DATA_DIR and the server's bots playing without delay.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./bang.js";

export const SERVER_MAIN = join(ROOT, "apps/server/dist/main.js");

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (graceful drain), SIGKILL after 10 s; removes the data folder unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
  /** Kills the process at once (a crash), keeping the data folder. */
  crash(): Promise<void>;
}

export interface ServerOptions {
  /** More environment (BOT_DELAY_MS, DISCONNECT_GRACE_MS...). */
  env?: Record<string, string>;
  /** Listen on this port (default: a free one). */
  port?: number;
  /** Use this data folder (default: a fresh temporary one): a restart of a crashed server. */
  dataDir?: string;
  readyTimeoutMs?: number;
}

/** A port nobody listens on now: the one the OS gives a listener on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("no port"))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/**
 * Starts the server and resolves once GET /readyz answers 200 (PGlite's first start takes a few
 * seconds). Rejects with the server's output if it exits or is not ready within `readyTimeoutMs`.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { env = {}, readyTimeoutMs = 90_000 } = options;
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "bang-server-"));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    // Every test client comes from 127.0.0.1: the per-address budgets are lifted.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, BOT_DELAY_MS: "0", LOG_LEVEL: "warn", SHUTDOWN_DELAY_MS: "0", GUEST_RATE_LIMIT: "1000000", TABLE_JOIN_RATE_LIMIT: "1000000", TABLE_JOIN_ADDRESS_RATE_LIMIT: "1000000", SOCKETS_PER_ADDRESS: "1000000", API_RATE_LIMIT: "1000000", GAMES_PER_PLAYER: "1000", LOOKUP_RATE_LIMIT: "1000000", ...env },
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (output += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (keepData = false) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    child.kill("SIGKILL");
    await exited(child);
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }
  return { url, port, dataDir, output: () => output, stop, crash };
}
