/**
 * Test helpers: the BUILT `bang` binary (apps/cli/dist/main.js), built first when it is missing or
 * older than the sources it is made of. `npm test` builds before Vitest runs, so this usually builds
 * nothing; run alone (`npx vitest run apps/cli`), it builds once, under a lock shared by the test files.
 * The same goes for the game server (apps/server/dist/main.js) that the server tests start.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll } from "vitest";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const MAIN = join(ROOT, "apps/cli/dist/main.js");
/** The shared scenarios, beside the repository (../shared/scenarios from the repository root). */
export const SCENARIOS = resolve(ROOT, "../shared/scenarios");

/** A turbo build target: its filter, and the workspaces it is built from with the file each build writes. */
interface Target {
  filter: string;
  from: readonly (readonly [string, string])[];
}

/** The `bang` binary. */
const CLI: Target = {
  filter: "@bang/cli...",
  from: [
    ["apps/cli", "dist/main.js"],
    ["packages/game-core", "dist/index.js"],
    ["packages/games/dice", "dist/index.js"],
    ["packages/games/dice-duel", "dist/index.js"],
    ["packages/games/cards", "dist/index.js"],
    ["packages/games/cash-n-guns", "dist/index.js"],
    ["packages/games/registry", "dist/index.js"],
    ["packages/bots", "dist/index.js"],
    ["packages/scenario", "dist/index.js"],
    ["packages/protocol", "dist/index.js"],
    ["packages/client", "dist/index.js"],
  ],
};

/** The game server node. */
const SERVER: Target = {
  filter: "@bang/server...",
  from: [
    ["apps/server", "dist/main.js"],
    ["packages/db", "dist/index.js"],
    ["packages/game-core", "dist/index.js"],
    ["packages/games/dice", "dist/index.js"],
    ["packages/games/dice-duel", "dist/index.js"],
    ["packages/games/cards", "dist/index.js"],
    ["packages/games/cash-n-guns", "dist/index.js"],
    ["packages/games/registry", "dist/index.js"],
    ["packages/bots", "dist/index.js"],
    ["packages/protocol", "dist/index.js"],
    ["packages/client", "dist/index.js"],
  ],
};

function newestIn(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestIn(join(path, name))), 0);
}

function stale(target: Target): boolean {
  return target.from.some(([dir, output]) => {
    const out = join(ROOT, dir, output);
    if (!existsSync(out)) return true;
    const inputs = ["src", "package.json", "tsconfig.json"].map((f) => join(ROOT, dir, f)).filter(existsSync);
    return Math.max(...inputs.map(newestIn)) > statSync(out).mtimeMs;
  });
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds the binary and the packages it uses (turbo, `@bang/cli...`) when dist is missing or stale. */
export function ensureBuilt(): void {
  build(CLI);
}

/** Builds the game server and the packages it uses (`@bang/server...`) when dist is missing or stale. */
export function ensureServerBuilt(): void {
  build(SERVER);
}

function build(target: Target): void {
  if (!stale(target)) return;
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
    if (!stale(target)) return;
    const run = spawnSync("npx", ["turbo", "run", "build", `--filter=${target.filter}`, "--output-logs=errors-only"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    });
    if (run.status !== 0) throw new Error(`the build failed:\n${run.stdout}\n${run.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A fresh temporary folder `<tmpdir>/<prefix>XXXXXX` for the files of one test file, removed with all it
 * holds once the file's tests end. Call it at the top level of a test file (it registers an afterAll).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
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
 * "> "), `answer(promptLine, transcript)` gives the next line to type (or a promise of it: the person
 * may wait for something), or null to close the input.
 */
export function drive(args: string[], answer: (prompt: string, transcript: string) => string | null | Promise<string | null>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    // Each prompt is answered once, found by where its line starts: the output may stop at it, or (when
    // the other players' moves come in as the person is asked) the CLI ends its line and goes on, and a
    // slow reader gets both in one chunk. An empty answer leaves the prompt's line as it was.
    const answered = new Set<number>();
    let scanned = 0;
    let typing: Promise<void> = Promise.resolve();
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      for (let start = scanned; start < stdout.length; ) {
        const newline = stdout.indexOf("\n", start);
        const line = stdout.slice(start, newline === -1 ? undefined : newline);
        if (line.endsWith("> ") && !answered.has(start)) {
          answered.add(start);
          const transcript = stdout.slice(0, start + line.length);
          typing = typing.then(() =>
            Promise.resolve(answer(line, transcript)).then((text) => {
              if (text === null) child.stdin.end();
              else if (child.stdin.writable) child.stdin.write(`${text}\n`);
            }, fail),
          );
        }
        if (newline === -1) break;
        start = scanned = newline + 1;
      }
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
