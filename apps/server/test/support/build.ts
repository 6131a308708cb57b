/**
 * The BUILT server (apps/server/dist/main.js) and the workspaces it runs on, built with turbo when a
 * dist is missing or older than its sources (the approach of apps/cli/test/bang.ts). `npm test` builds
 * before Vitest runs, so this usually builds nothing; `npx vitest run apps/server` alone builds once,
 * in the global setup, under a lock that other Vitest runs on this checkout share.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../../..");
export const SERVER_MAIN = join(ROOT, "apps/server/dist/main.js");

/** The workspaces the server process loads at run time, and the file each build writes. */
const BUILT_FROM = [
  ["apps/server", "dist/main.js"],
  ["packages/game-core", "dist/index.js"],
  ["packages/games/dice", "dist/index.js"],
  ["packages/games/dice-duel", "dist/index.js"],
  ["packages/games/registry", "dist/index.js"],
  ["packages/protocol", "dist/index.js"],
  ["packages/db", "dist/index.js"],
] as const;

function newestIn(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestIn(join(path, name))), 0);
}

/** The workspaces whose dist is missing or older than their sources (empty: nothing to build). */
export function staleWorkspaces(): string[] {
  return BUILT_FROM.filter(([dir, output]) => {
    const out = join(ROOT, dir, output);
    if (!existsSync(out)) return true;
    // packages/db/src/generated is written by its own build (prisma generate), just before tsc.
    const inputs = ["src", "package.json", "tsconfig.json"].map((f) => join(ROOT, dir, f)).filter(existsSync);
    return Math.max(...inputs.map(newestIn)) > statSync(out).mtimeMs;
  }).map(([dir]) => dir);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds `@bang/server...` (the server and the packages it uses) when a dist is missing or stale. */
export function ensureServerBuilt(): void {
  if (staleWorkspaces().length === 0) return;
  const lock = join(tmpdir(), `bang-server-build-${createHash("sha1").update(ROOT).digest("hex").slice(0, 12)}.lock`);
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 360_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for the build lock ${lock}`);
      sleep(250);
    }
  }
  try {
    const stale = staleWorkspaces();
    if (stale.length === 0) return;
    const build = spawnSync("npx", ["turbo", "run", "build", "--filter=@bang/server...", "--output-logs=errors-only"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" },
    });
    if (build.status !== 0) throw new Error(`building the server (stale: ${stale.join(", ")}) failed:\n${build.stdout}\n${build.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
