/**
 * The player's lobby (/play) in a real browser against the real server and the built app: a game is
 * offered back as "your game in progress" only while it runs and this player has a seat in it (not a
 * game they opened to look at, not one that ended); while the server is down the page says plainly
 * that it cannot be reached, offers no form, and comes back by itself once the server is up again.
 * Screenshots go to test/screenshots/.
 */
import type { Guest } from "@bang/client";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, http, startTable, type Player } from "../../server/test/support/players.js";
import { ADMIN_TOKEN, useServer } from "../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const server = useServer({ backend: "postgresql", botDelayMs: 20 });
let web: WebApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const players: Player[] = [];

beforeAll(async () => {
  web = await startWeb(server().url);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await closeAll(players);
  await browser?.close();
  await web?.stop();
}, 30_000);

const FORMS = ['[data-testid="name"]', '[data-testid="create-table"]', '[data-testid="code"]', '[data-testid="watch-id"]'];
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("bang.game"));

/** The lobby once its forms are up and the kept game was asked about. */
async function lobby(page: Page): Promise<void> {
  await page.goto(`${web.url}/play`);
  await page.waitForSelector('[data-testid="create-table"]', { timeout: 15_000 });
  await page.waitForTimeout(500);
}

describe("the lobby", () => {
  let page: Page;

  it("offers back only a running game where this player has a seat", async () => {
    const { url } = server();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${web.url}/play`);
    await page.fill('[data-testid="name"]', "Calamity");
    await page.click('[data-testid="pick-name"]');
    await page.waitForSelector('[data-testid="create-table"]');
    const guest = JSON.parse((await page.evaluate(() => window.localStorage.getItem("bang.guest")))!) as Guest;

    // Someone else's game, opened at its play address: the page keeps it, the lobby must not offer it.
    const doc = await connectPlayer(url, "Doc Holliday");
    players.push(doc);
    const theirs = (await startTable([doc], { seats: 4, fillBots: true })).gameId;
    await page.goto(`${web.url}/play/${theirs}`);
    await page.waitForSelector('[data-testid="game"]');
    await expect.poll(() => stored(page)).toContain(theirs);
    await lobby(page);
    expect(await page.locator('[data-testid="game-in-progress"]').count()).toBe(0);
    expect(await stored(page)).toBeNull();

    // Her own running game is offered, and leads back to it.
    const me = await connectAs(url, guest);
    players.push(me);
    const mine = (await startTable([me], { seats: 4, fillBots: true })).gameId;
    await page.goto(`${web.url}/play/${mine}`);
    await page.waitForSelector('[data-testid="game"]');
    await lobby(page);
    await page.waitForSelector(`[data-testid="game-in-progress"] a[href="/play/${mine}"]`, { timeout: 10_000 });
    await screenshot(page, "play-game-in-progress");

    // Once it is over (an admin ends it), it is no longer offered.
    expect(await http(`${url}/api/admin/games/${mine}/end`, { method: "POST", token: ADMIN_TOKEN })).toMatchObject({ status: 200 });
    await lobby(page);
    expect(await page.locator('[data-testid="game-in-progress"]').count()).toBe(0);
  }, 90_000);

  it("while the server is down it says so, offers no form, and comes back once the server is up", async () => {
    await server().stop();
    await page.reload();
    await expect.poll(() => page.textContent('[data-testid="server-down"]'), { timeout: 15_000 }).toContain("cannot be reached");
    for (const form of FORMS) expect(await page.locator(form).count(), form).toBe(0);
    await screenshot(page, "play-server-down");
    // Trying again now while it is still down says the same.
    await page.click('[data-testid="retry-server"]');
    await expect.poll(() => page.textContent('[data-testid="server-down"]'), { timeout: 10_000 }).toContain("cannot be reached");
    // Without an identity either: no name form that cannot work.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="server-down"]').count(), { timeout: 15_000 }).toBe(1);
    for (const form of FORMS) expect(await page.locator(form).count(), form).toBe(0);

    await server().restart();
    // The page tries again by itself and offers the name form back.
    await page.waitForSelector('[data-testid="name"]', { timeout: 20_000 });
    expect(await page.locator('[data-testid="server-down"]').count()).toBe(0);
    await page.close();
  }, 90_000);
});
