/**
 * The first run as an operator lives it, in Chromium: `npm start`'s script (scripts/start.mjs: the
 * server and the built web app) on a fresh data folder with no admin account prints a one-time setup
 * link once. An admin page asked for (a game's page) sends to the sign-in page, which says no account
 * exists yet and how to create one; the printed link creates the account, signs in and returns to the
 * page asked for. The link is not printed at the next start; a later sign-in also returns to the page
 * asked for. Screenshots go to test/screenshots/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../server/test/support/build.js";
import { closeAll, connectPlayer, startTable, type Player } from "../../server/test/support/players.js";
import { freePort } from "../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./support/browser.js";

/** `npm start` without the install and build steps (the global setup built everything): scripts/start.mjs. */
interface Started {
  proc: ChildProcess;
  output(): string;
}

const dataDir = mkdtempSync(join(tmpdir(), "bang-first-run-"));
let ports: { server: number; web: number };
let run: Started | null = null;
let log = "";
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const players: Player[] = [];
const serverUrl = () => `http://127.0.0.1:${ports.server}`;
const webUrl = () => `http://127.0.0.1:${ports.web}`;

/** Starts scripts/start.mjs; resolves once both answer (and, when `says`, once the output matches it). */
async function startAll(says: RegExp | null): Promise<Started> {
  const from = log.length;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(ports.server), WEB_PORT: String(ports.web), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SHUTDOWN_DELAY_MS: "0" };
  // The defaults of a fresh clone: embedded PGlite, no admin account, the link to the web app it starts.
  for (const name of ["DATABASE_URL", "REDIS_URL", "TOKEN_SECRET", "ADMIN_NAME", "ADMIN_PASSWORD", "ADMIN_TOKEN", "WEB_URL", "BANG_SERVER_URL"]) delete env[name];
  const proc = spawn(process.execPath, ["scripts/start.mjs"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.setEncoding("utf8").on("data", (d: string) => (log += d));
  proc.stderr!.setEncoding("utf8").on("data", (d: string) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`npm start exited:\n${log}`);
    const up = await Promise.all([`${serverUrl()}/readyz`, `${webUrl()}/`].map((u) => fetch(u, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)));
    // The server prints how to get in once it listens: wait for that too.
    if (up.every(Boolean) && (!says || says.test(log.slice(from)))) break;
    if (Date.now() > deadline) throw new Error(`npm start was not ready in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, output: () => log.slice(from) };
}

async function stopAll(): Promise<void> {
  const proc = run?.proc;
  run = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  ports = { server: await freePort(), web: await freePort() };
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await closeAll(players);
  await stopAll();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const setupLinks = (text: string) => [...text.matchAll(/(http:\/\/\S+\/admin\/login#setup=[A-Za-z0-9_-]+)/g)].map((m) => m[1]!);

async function waitSignIn(page: Page, next: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === "/admin/login" && u.searchParams.get("next") === next, { timeout: 20_000 });
}

describe("the first run of `npm start`", () => {
  it("prints a setup link once; the asked page -> sign-in (no account yet) -> the link -> signed in, back on the asked page", async () => {
    run = await startAll(/No admin account exists yet/);
    const [link, ...more] = setupLinks(run.output());
    expect(more).toEqual([]);
    expect(link).toMatch(new RegExp(`^${webUrl()}/admin/login#setup=[A-Za-z0-9_-]{43}$`));

    // A game to ask for.
    const wyatt = await connectPlayer(serverUrl(), "Wyatt Earp");
    players.push(wyatt);
    const { gameId } = await startTable([wyatt], { game: "dice_duel", seats: 2, fillBots: true, turnSeconds: 600 });
    const asked = `/admin/games/${gameId}`;

    const page = await browser.context.newPage();
    await page.goto(`${webUrl()}${asked}`);
    await waitSignIn(page, asked);
    await page.waitForSelector('[data-testid="no-account"]');
    expect(await page.textContent('[data-testid="no-account"]')).toContain("setup link");
    await screenshot(page, "admin-no-account-desktop");

    // The printed link, opened in the same browser: the first account, signed in, back on the asked page.
    await page.goto(link!);
    await page.waitForSelector('[data-testid="setup"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "admin-setup-phone");
    await page.fill('[data-testid="setup-name"]', "marshal");
    await page.fill('[data-testid="setup-password"]', "tin star 1881");
    await page.fill('[data-testid="setup-password-again"]', "tin star 1881 typo");
    await page.click('[data-testid="create-admin"]');
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("passwords differ");
    await page.fill('[data-testid="setup-password-again"]', "tin star 1881");
    await page.click('[data-testid="create-admin"]');
    await page.waitForURL(`${webUrl()}${asked}`, { timeout: 20_000 });
    await page.waitForSelector('[data-testid="game-status"]', { timeout: 20_000 });
    expect(await page.textContent('[data-testid="admin-name"]')).toBe("marshal");
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, "admin-first-run-signed-in-desktop");

    // The link again: used. The sign-in page says so.
    await page.goto(link!);
    await page.waitForSelector('[data-testid="setup-closed"]');

    // The next start prints no link (an account exists) and the old secret appears nowhere new.
    await stopAll();
    run = await startAll(null);
    expect(setupLinks(log)).toEqual([link]);
    expect(run.output()).not.toMatch(/admin account|setup=/);

    // Signing out and in again returns to the page asked for.
    await page.goto(`${webUrl()}/admin/history`);
    await page.click("text=Sign out");
    await page.goto(`${webUrl()}/admin/history`);
    await waitSignIn(page, "/admin/history");
    expect(await page.locator('[data-testid="no-account"]').count()).toBe(0);
    await page.fill('[data-testid="admin-user"]', "marshal");
    await page.fill('[data-testid="admin-password"]', "tin star 1881");
    await page.click('[data-testid="sign-in"]');
    await page.waitForURL(`${webUrl()}/admin/history`, { timeout: 20_000 });
    await page.close();
  }, 240_000);
});
