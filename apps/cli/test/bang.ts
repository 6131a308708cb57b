/**
 * Test helpers: the BUILT `bang` binary (apps/cli/dist/main.js), built first when it is missing or
 * older than the sources it is made of. `npm test` builds before Vitest runs, so this usually builds
 * nothing; run alone (`npx vitest run apps/cli`), it builds once, under a lock shared by the test files.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const MAIN = join(ROOT, "apps/cli/dist/main.js");
/** The shared scenarios, beside the repository (../shared/scenarios from the repository root). */
export const SCENARIOS = resolve(ROOT, "../shared/scenarios");

/** The workspaces the binary is built from, and the file each build writes. */
const BUILT_FROM = [
  ["apps/cli", "dist/main.js"],
  ["packages/engine", "dist/index.js"],
  ["packages/bots", "dist/index.js"],
  ["packages/scenario", "dist/index.js"],
] as const;

function newestIn(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestIn(join(path, name))), 0);
}

function stale(): boolean {
  return BUILT_FROM.some(([dir, output]) => {
    const out = join(ROOT, dir, output);
    if (!existsSync(out)) return true;
    const inputs = ["src", "package.json", "tsconfig.json"].map((f) => join(ROOT, dir, f)).filter(existsSync);
    return Math.max(...inputs.map(newestIn)) > statSync(out).mtimeMs;
  });
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds the binary and the packages it uses (turbo, `@bang/cli...`) when dist is missing or stale. */
export function ensureBuilt(): void {
  if (!stale()) return;
  const lock = join(tmpdir(), `bang-cli-build-${createHash("sha1").update(ROOT).digest("hex").slice(0, 12)}.lock`);
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for the build lock ${lock}`);
      sleep(200);
    }
  }
  try {
    if (!stale()) return;
    const build = spawnSync("npx", ["turbo", "run", "build", "--filter=@bang/cli...", "--output-logs=errors-only"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}\n${build.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node apps/cli/dist/main.js ...args` with `input` on stdin (closed after it). */
export function bang(args: string[], input = ""): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
    child.stdin.on("error", () => {}); // the game may end before it reads all its input
    child.stdin.end(input);
  });
}

/**
 * Runs `bang ...args` as a person would: each time the output stops at a prompt (a line ending in
 * "> "), `answer(promptLine, transcript)` gives the next line to type, or null to close the input.
 */
export function drive(args: string[], answer: (prompt: string, transcript: string) => string | null): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let answered = 0;
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      if (!stdout.endsWith("> ") || stdout.length === answered) return;
      answered = stdout.length;
      const prompt = stdout.slice(stdout.lastIndexOf("\n") + 1);
      const line = answer(prompt, stdout);
      if (line === null) child.stdin.end();
      else child.stdin.write(`${line}\n`);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdin.on("error", () => {});
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** Splits the concatenated pretty JSON documents `bang scenario` prints. */
export function jsonDocuments(stdout: string): unknown[] {
  return stdout
    .split(/\n(?=\{)/)
    .filter((s) => s.trim().length > 0)
    .map((s) => JSON.parse(s) as unknown);
}

/** True when `text` holds a JavaScript stack trace line. */
export const hasStack = (text: string) => /^\s+at .+(\(|:\d+)/m.test(text);
