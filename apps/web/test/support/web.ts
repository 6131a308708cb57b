/**
 * The BUILT web app (`next start`, apps/web/.next) as a child process on a free port, told the game
 * server's URL through BANG_SERVER_URL. Ready once `/` answers 200.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { freePort } from "../../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./browser.js";

const WEB = resolve(import.meta.dirname, "../..");
const NEXT = createRequire(resolve(WEB, "package.json")).resolve("next/dist/bin/next");

export interface WebApp {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startWeb(serverUrl: string): Promise<WebApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const proc = spawn(process.execPath, [NEXT, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: WEB,
    env: { ...process.env, BANG_SERVER_URL: serverUrl, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.setEncoding("utf8").on("data", (d: string) => (log += d));
  proc.stderr.setEncoding("utf8").on("data", (d: string) => (log += d));
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  process.once("exit", () => proc.kill("SIGKILL"));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`next start exited:\n${log}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`the web app was not ready within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    output: () => log,
    async stop() {
      proc.kill("SIGTERM");
      const t = setTimeout(() => proc.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** A browser with its own profile (see launchBrowser). */
export type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/**
 * The built web app on the game server `serverUrl()` names, and `browsers` browsers with a profile each
 * (a player's, a spectator's: each its own guest identity), started before the file's tests and
 * stopped after them. Returns their getter.
 */
export function useWebApp(serverUrl: () => string, browsers = 1): () => { web: WebApp; browsers: Browser[] } {
  let web: WebApp | null = null;
  const opened: Browser[] = [];
  beforeAll(async () => {
    web = await startWeb(serverUrl());
    for (let i = 0; i < browsers; i++) opened.push(await launchBrowser());
  }, 60_000);
  // A failed test leaves what each open page showed: a screenshot (failed-<test>-<n>.png) and its text,
  // printed, so a failure on CI can be read without rerunning it.
  afterEach(async (context) => {
    if (context.task.result?.state !== "fail") return;
    const pages = opened.flatMap((b) => b.context.pages()).filter((p) => p.url() !== "about:blank");
    const slug = context.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 40);
    for (const [i, page] of pages.entries()) {
      await screenshot(page, `failed-${slug}-${i}`).catch(() => undefined);
      const text = await page.evaluate(() => document.body?.innerText ?? "").catch((e: unknown) => `(unreadable: ${String(e)})`);
      console.error(`--- page ${i} at failure (${page.url()}) ---\n${text.slice(0, 3_000)}`);
    }
  }, 30_000);
  afterAll(async () => {
    for (const browser of opened) await browser.close();
    await web?.stop();
  }, 30_000);
  return () => {
    if (!web) throw new Error("the web app is not started: useWebApp starts it in beforeAll");
    return { web, browsers: opened };
  };
}
