/**
 * A browser that watched a game before it had a name, then opens an invite link: the link asks for a
 * name and seats the person under the name they typed, never under the identity made for watching
 * ("spectator"). A tester's report: watching stored a guest named "spectator" as this browser's player
 * identity, and a later invite link sat that browser at the table as "spectator" without asking.
 * Chromium (playwright-core) against the real server (PostgreSQL) and the built app.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, startTable, type Player } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const server = useServer({ backend: "postgresql", botDelayMs: 50 });
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

const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe("watching, then an invite link", () => {
  it("a fresh browser watches a game, then opens an invite link: it is asked a name and sits under that name", async () => {
    const { url } = server();
    const [kate, wyatt] = [await connectPlayer(url, "Big Nose Kate"), await connectPlayer(url, "Wyatt")];
    players.push(kate, wyatt);
    const { gameId } = await startTable([kate], { seats: 4, fillBots: true, turnSeconds: 600 });
    const { code } = await wyatt.client.createTable({ game: "dice", seats: 4 });

    const page = await browser.context.newPage();
    // Watching needs no name: the game's table shows, as a spectator's.
    await page.goto(`${web.url}/watch/${gameId}`);
    await page.waitForSelector('[data-testid="game"]', { timeout: 30_000 });
    await expect.poll(() => page.textContent('[data-testid="status"]'), { timeout: 15_000 }).toBe("connected");
    expect(await stored(page, "bang.guest")).toBeNull();

    // The invite link asks for a name (it does not sit this browser as whoever watched).
    await page.goto(`${web.url}/join/${code}`);
    await page.waitForSelector('[data-testid="name"], [data-testid="lobby"]', { timeout: 30_000 });
    expect(await page.locator('[data-testid="lobby"]').count()).toBe(0);
    await page.fill('[data-testid="name"]', "Belle Starr");
    await page.click('[data-testid="pick-name"]');
    await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid="me"]')).toBe("Belle Starr");
    await screenshot(page, "join-after-watching");

    // The table, as its host sees it: the name typed, nobody called "spectator".
    await expect
      .poll(() => wyatt.client.table(code)?.seats.filter((s) => s.playerId !== null).map((s) => s.name), { timeout: 15_000 })
      .toEqual(["Wyatt", "Belle Starr"]);
    expect(JSON.parse((await stored(page, "bang.guest"))!)).toMatchObject({ player: { name: "Belle Starr" } });

    // Watching again now uses the name picked: the game still shows.
    await page.goto(`${web.url}/watch/${gameId}`);
    await page.waitForSelector('[data-testid="game"]', { timeout: 30_000 });
    expect(JSON.parse((await stored(page, "bang.guest"))!)).toMatchObject({ player: { name: "Belle Starr" } });
    await page.close();
  }, 120_000);

  it("a player identity that no longer verifies (the server's data reset) still watches: with the identity made to watch, no problem left on the page", async () => {
    const { url } = server();
    const doc = await connectPlayer(url, "Doc Holliday");
    players.push(doc);
    const { gameId } = await startTable([doc], { seats: 4, fillBots: true, turnSeconds: 600 });
    const context = await launchBrowser();
    try {
      const page = await context.context.newPage();
      // A player identity signed by another server's secret (what a data reset leaves in a browser).
      await page.goto(`${web.url}/play`);
      const stale = { token: "v1.bm90LWEtcmVhbC10b2tlbg.c2lnbmF0dXJl", player: { id: "00000000-0000-4000-8000-000000000000", name: "Gone Player" } };
      await page.evaluate((g) => window.localStorage.setItem("bang.guest", JSON.stringify(g)), stale);
      await page.goto(`${web.url}/watch/${gameId}`);
      await page.waitForSelector('[data-testid="game"] [data-testid="table"]', { timeout: 30_000 });
      await expect.poll(() => page.textContent('[data-testid="status"]'), { timeout: 15_000 }).toBe("connected");
      expect(await page.locator(".problem").allTextContents()).toEqual([]);
      // The player's identity is left as it was (a player page asks a name again); the watcher is apart.
      expect(JSON.parse((await stored(page, "bang.guest"))!)).toEqual(stale);
      expect(JSON.parse((await stored(page, "bang.watcher"))!)).toMatchObject({ player: { name: "spectator" } });
      await screenshot(page, "watch-after-stale-identity");
    } finally {
      await context.close();
    }
  }, 120_000);

  it("an invite link that leads nowhere, to a table that started or to a full one, says so before asking a name: no guest is made", async () => {
    const { url } = server();
    const doc = await connectPlayer(url, "Johnny Ringo");
    players.push(doc);
    const { code } = await startTable([doc], { seats: 4, fillBots: true, turnSeconds: 600 });
    const context = await launchBrowser();
    try {
      const page = await context.context.newPage();
      // A code no table has: the refusal, a way back, and no name box.
      await page.goto(`${web.url}/join/ZZZZ9999`);
      await page.waitForSelector(".problem", { timeout: 30_000 });
      expect(await page.textContent(".problem")).toContain("No table or game has this code");
      expect(await page.locator('[data-testid="name"]').count()).toBe(0);
      expect(await stored(page, "bang.guest")).toBeNull();
      await screenshot(page, "join-unknown-code");

      // A table that started: it says so, with the way to watch its game, and asks no name either.
      await page.goto(`${web.url}/join/${code}`);
      await page.waitForSelector('[data-testid="find-notice"]', { timeout: 30_000 });
      expect(await page.textContent('[data-testid="find-notice"]')).toContain("already started");
      expect(await page.locator('[data-testid="name"]').count()).toBe(0);
      expect(await stored(page, "bang.guest")).toBeNull();

      // An open table with no free seat: full, said before a name is asked.
      const [host, guest1, guest2] = [await connectPlayer(url, "Ike"), await connectPlayer(url, "Billy"), await connectPlayer(url, "Frank")];
      players.push(host, guest1, guest2);
      const full = await host.client.createTable({ game: "dice", seats: 3 });
      await guest1.client.joinTable(full.code);
      await guest2.client.joinTable(full.code);
      await page.goto(`${web.url}/join/${full.code}`);
      await page.waitForSelector('[data-testid="find-notice"]', { timeout: 30_000 });
      expect(await page.textContent('[data-testid="find-notice"]')).toContain("is full");
      expect(await page.locator('[data-testid="name"]').count()).toBe(0);
      expect(await stored(page, "bang.guest")).toBeNull();
    } finally {
      await context.close();
    }
  }, 120_000);
});
