/**
 * The admin's game page shows every secret of the card game and of Ca$h 'n Guns, and "view as" a
 * player only that player's, in a real browser against the real server and the built app: at the deal
 * of a cards game every hand is on its seat (E1.3: admins only), viewed as one seat only that seat's;
 * after the first bullet card of a Ca$h 'n Guns game the admin's table says which card it is, and the
 * same point viewed as another gangster says only that a card is loaded (F8.4).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, startTable, type Player } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { until } from "../../server/test/support/waits.js";
import { launchBrowser } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const ADMIN = { name: "marshal", password: "tin star 1881 ok" };
const server = useServer({ backend: "pglite", botDelayMs: 0, env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password } });
let web: WebApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const players: Player[] = [];
let token = "";
const ids = { cards: "", cng: "" };

/** A game of one person and bots, played to its end by the bot once an admin gives it the person's seat. */
async function finishedGame(name: string, game: string, seats: number): Promise<string> {
  const p = await connectPlayer(server().url, name);
  players.push(p);
  const { gameId } = await startTable([p], { game, seats, fillBots: true });
  expect(await http(`${server().url}/api/admin/games/${gameId}/players/${p.id}/bot`, { method: "POST", token })).toMatchObject({ status: 200 });
  return gameId;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${web.url}/admin/login`);
  await page.fill('[data-testid="admin-user"]', ADMIN.name);
  await page.fill('[data-testid="admin-password"]', ADMIN.password);
  await page.click('[data-testid="sign-in"]');
  await page.waitForURL(/\/admin$/);
}

/** Opens the admin's page of `gameId` at position `at` of its log (the admin's own view). */
async function openAt(page: Page, gameId: string, at: number): Promise<void> {
  await page.goto(`${web.url}/admin/games/${gameId}`);
  await page.waitForSelector('[data-testid="scrubber"]');
  await page.click('[data-testid="first"]');
  for (let i = 0; i < at; i++) await page.click('[data-testid="forward"]');
  await page.waitForSelector(`[data-testid="game"][data-at="${at}"][data-view-as=""]`, { timeout: 15_000 });
}

beforeAll(async () => {
  const { url } = server();
  web = await startWeb(url);
  browser = await launchBrowser();
  token = ((await http(`${url}/api/admin/sessions`, { method: "POST", body: JSON.stringify(ADMIN) })).body as { token: string }).token;
  ids.cards = await finishedGame("Calamity Jane", "cards", 4);
  ids.cng = await finishedGame("Lucky Luciano", "cash_n_guns", 4);
  await until("both games are over", async () => (await listGames(url, "?status=finished")).filter((g) => g.id === ids.cards || g.id === ids.cng).length === 2, 90_000, () => server().output().slice(-2000));
}, 150_000);
afterAll(async () => {
  await closeAll(players);
  await browser?.close();
  await web?.stop();
}, 30_000);

describe("the admin's game page shows every secret, view-as only the player's", () => {
  it("E1.3: at the deal of a cards game every hand is on its seat; viewed as one seat, only that seat's hand", async () => {
    const page = await browser.context.newPage();
    await signIn(page);
    await openAt(page, ids.cards, 0);
    const admin = (await (await fetch(`${server().url}/api/games/${ids.cards}/replay?at=0`, { headers: { authorization: `Bearer ${token}` } })).json()) as { view: { players: { id: string; hand: string[] }[] } };
    await expect.poll(() => page.locator('[data-testid="seat-hand"]').count(), { timeout: 10_000 }).toBe(4);
    for (const p of admin.view.players) {
      const shown = await page.$$eval(`[data-testid="seat-hand"][data-player="${p.id}"] [data-testid="seat-hand-card"]`, (els) => els.map((e) => e.getAttribute("data-card")));
      expect(shown).toEqual(p.hand);
    }
    const seat = admin.view.players[2]!.id;
    await page.selectOption('[data-testid="view-as"]', seat);
    await page.waitForSelector(`[data-testid="game"][data-view-as="${seat}"]`, { timeout: 15_000 });
    await expect.poll(() => page.$$eval('[data-testid="seat-hand"]', (els) => els.map((e) => e.getAttribute("data-player"))), { timeout: 10_000 }).toEqual([seat]);
    await page.close();
  }, 60_000);

  it("F8.4: after the first bullet card, the admin's table says which card it is; viewed as another gangster, only that one is loaded", async () => {
    const log = ((await http(`${server().url}/api/admin/games/${ids.cng}/timeline`, { token })).body as { entries: { seq: number; by: string; command: { type: string; card?: string } }[] }).entries;
    const first = log.find((e) => e.command.type === "choose_bullet")!;
    const page = await browser.context.newPage();
    await signIn(page);
    await openAt(page, ids.cng, first.seq);
    const line = (id: string) => page.textContent(`[data-testid="cng-seat"][data-player="${id}"] [data-testid="round-line"]`);
    const word = first.command.card === "bang" ? "Bang!" : "Click";
    await expect.poll(() => line(first.by), { timeout: 10_000 }).toContain(`loaded ${word}`);
    const other = log.find((e) => e.by !== first.by)!.by;
    await page.selectOption('[data-testid="view-as"]', other);
    await page.waitForSelector(`[data-testid="game"][data-view-as="${other}"]`, { timeout: 15_000 });
    await expect.poll(() => line(first.by), { timeout: 10_000 }).toContain("card loaded");
    expect(await line(first.by)).not.toMatch(/loaded (Click|Bang!)/);
    await page.close();
  }, 60_000);
});
