/**
 * The admin dashboard in a real browser against the real server and the built app: every admin page
 * fits a phone (390x844) without scrolling sideways (tables scroll in their own box); the game page
 * shows each seat's connection and timer, the table as one player saw it at any point (the others'
 * secrets hidden) and the raw state; statistics cover every game, duels included, with labelled
 * axes on a phone and on a desktop; the history names a duel's winner. Screenshots go to
 * test/screenshots/ (admin-phone-*, admin-game-*, admin-stats-*).
 */
import { createTournament, fetchPlayerView, fetchRawState, fetchStatistics, organiseTournament, registerForTournament, createGuest } from "@bang/client";
import type { PlayerView } from "@bang/game-dice";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, startTable, type Player } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { until } from "../../server/test/support/waits.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const ADMIN = { name: "marshal", password: "tin star 1881 ok" };
const ORGANISER = "organiser-token-admin-pages-0123456789";
const server = useServer({ backend: "postgresql", botDelayMs: 10, env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, ORGANISER_TOKENS: `wyatt:${ORGANISER}` } });
let web: WebApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const players: Player[] = [];
let token = "";
/** The games and tournament the pages show. */
const ids = { running: "", dice: "", duel: "", tournament: "" };
let wyatt: Player;

const PHONE = { width: 390, height: 844 };

async function signIn(page: Page): Promise<void> {
  await page.goto(`${web.url}/admin/login`);
  await page.fill('[data-testid="admin-user"]', ADMIN.name);
  await page.fill('[data-testid="admin-password"]', ADMIN.password);
  await page.click('[data-testid="sign-in"]');
  await page.waitForURL(/\/admin$/);
}

/** A game of one person and bots, played to its end by the bot once an admin gives it the person's seat. */
async function finishedGame(name: string, game: string, seats: number): Promise<string> {
  const p = await connectPlayer(server().url, name);
  players.push(p);
  const { gameId } = await startTable([p], { game, seats, fillBots: true });
  expect(await http(`${server().url}/api/admin/games/${gameId}/players/${p.id}/bot`, { method: "POST", token })).toMatchObject({ status: 200 });
  return gameId;
}

beforeAll(async () => {
  const { url } = server();
  web = await startWeb(url);
  browser = await launchBrowser();
  token = ((await http(`${url}/api/admin/sessions`, { method: "POST", body: JSON.stringify(ADMIN) })).body as { token: string }).token;
  ids.dice = await finishedGame("Ike Clanton", "dice", 5);
  ids.duel = await finishedGame("Belle Starr", "dice_duel", 2);
  // Wyatt sits with bots and does not play: the game waits for him, his timer runs.
  wyatt = await connectPlayer(url, "Wyatt Earp");
  players.push(wyatt);
  ids.running = (await startTable([wyatt], { game: "dice", seats: 5, fillBots: true, turnSeconds: 600 })).gameId;
  await until("the game waits for Wyatt", async () => wyatt.client.view(ids.running)?.waitingFor.includes(wyatt.id) ?? false, 30_000);
  // A duel bracket whose no-shows the server's bot plays.
  const t = await createTournament(url, ORGANISER, { name: "Phone-sized bracket", game: "dice_duel", format: "single_elimination", noShow: "bot", startsAt: new Date().toISOString() });
  await organiseTournament(url, ORGANISER, t.id, { type: "open" });
  for (const n of ["Annie Oakley", "Bass Reeves", "Doc Holliday"]) await registerForTournament(url, (await createGuest(url, n)).token, t.id);
  await organiseTournament(url, ORGANISER, t.id, { type: "start" });
  ids.tournament = t.id;
  await until("both games are over", async () => (await listGames(url, "?status=finished")).filter((g) => g.id === ids.dice || g.id === ids.duel).length === 2, 90_000, () => server().output().slice(-2000));
}, 150_000);
afterAll(async () => {
  await closeAll(players);
  await browser?.close();
  await web?.stop();
}, 30_000);

describe("the admin pages on a phone", () => {
  it("every admin page fits 390x844: the document never scrolls sideways", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    const pages: [string, string, string][] = [
      ["login", "/admin/login", '[data-testid="admin-user"]'],
      ["live", "/admin", `[data-testid="live-game"][data-game="${ids.running}"]`],
      ["game-live", `/admin/games/${ids.running}`, '[data-testid="seat-presence"][data-connected="true"]'],
      ["game-finished", `/admin/games/${ids.dice}`, '[data-testid="entry"]'],
      ["history", "/admin/history", '[data-testid="history-game"]'],
      ["stats", "/admin/stats", '[data-testid="length-chart"] .recharts-label'],
      ["queues", "/admin/queues", "h1"],
      ["tournaments", "/admin/tournaments", '[data-testid="tournament"]'],
      ["tournament", `/admin/tournaments/${ids.tournament}`, '[data-testid="bracket"] .match'],
      ["nodes", "/admin/nodes", '[data-testid="node"]'],
    ];
    const wide: string[] = [];
    for (const [name, path, ready] of pages) {
      if (name === "live") await signIn(page);
      await page.goto(`${web.url}${path}`);
      await page.waitForSelector(ready, { timeout: 20_000 });
      await page.waitForTimeout(300);
      const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth, width: window.innerWidth }));
      if (Math.max(size.scroll, size.body) > size.width) wide.push(`${path}: ${Math.max(size.scroll, size.body)} px wide in ${size.width}`);
      await screenshot(page, `admin-phone-${name}`);
    }
    expect(wide).toEqual([]);
    await page.close();
  }, 120_000);
});

describe("the admin's game page", () => {
  const hiddenRoles = (page: Page) => page.locator('[data-testid="role"] .role.hidden').count();

  it("shows each seat's connection and timer, the table as one player saw it (others' roles hidden, R1.2) at any point, and the raw state", async () => {
    const { url } = server();
    for (const viewport of [{ width: 1280, height: 860 }, PHONE]) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const size = viewport.width > 800 ? "desktop" : "phone";
      await signIn(page);
      await page.goto(`${web.url}/admin/games/${ids.running}`);
      // Seats: Wyatt connected, awaited, his timer counting down; the bots are bots.
      const mine = `[data-testid="seat-presence"][data-player="${wyatt.id}"]`;
      await page.waitForSelector(`${mine}[data-connected="true"][data-away="false"]`, { timeout: 15_000 });
      expect(await page.textContent(`${mine} [data-testid="seat-status"]`)).toBe("connected");
      expect(await page.textContent(`${mine} [data-testid="seat-timer"]`)).toMatch(/^\d+ min \d\d s$/);
      expect(await page.locator('[data-testid="seat-status"]', { hasText: "bot (heuristic)" }).count()).toBe(4);
      // The admin's table: every role.
      await expect.poll(() => page.locator('[data-testid="role"] .role').count(), { timeout: 15_000 }).toBe(5);
      expect(await hiddenRoles(page)).toBe(0);
      await screenshot(page, `admin-game-${size}`);

      // As Wyatt: his own view, the same as the API's, with the other roles hidden.
      await page.selectOption('[data-testid="view-as"]', wyatt.id);
      await page.waitForSelector(`[data-testid="game"][data-view-as="${wyatt.id}"]`, { timeout: 15_000 });
      const at = Number(await page.getAttribute('[data-testid="game"]', "data-at"));
      const seen = await fetchPlayerView(url, token, ids.running, wyatt.id, at);
      const secret = (seen.view as unknown as PlayerView).players.filter((p) => p.role === null).length;
      expect(secret).toBeGreaterThan(0);
      await expect.poll(() => hiddenRoles(page), { timeout: 10_000 }).toBe(secret);
      expect(await page.locator('[data-testid="entry"]').count()).toBe(seen.entries.length);
      await screenshot(page, `admin-game-view-as-${size}`);
      // At the deal (position 0) too (where the game is already when Wyatt is the sheriff, R1.6).
      if (at > 0) await page.click('[data-testid="first"]');
      await page.waitForSelector('[data-testid="game"][data-at="0"]', { timeout: 15_000 });
      expect(await page.getAttribute('[data-testid="game"]', "data-view-as")).toBe(wyatt.id);
      expect(await page.locator('[data-testid="entry"]').count()).toBe(0);
      const dealt = (await fetchPlayerView(url, token, ids.running, wyatt.id, 0)).view as unknown as PlayerView;
      await expect.poll(() => hiddenRoles(page), { timeout: 10_000 }).toBe(dealt.players.filter((p) => p.role === null).length);

      // The raw state at that point, as the API gives it.
      await page.click('[data-testid="raw-state"] summary');
      await page.waitForSelector('[data-testid="raw-state-json"][data-at="0"]', { timeout: 15_000 });
      const raw = JSON.parse((await page.textContent('[data-testid="raw-state-json"]'))!) as unknown;
      expect(raw).toEqual((await fetchRawState(url, token, ids.running, 0)).state);
      await screenshot(page, `admin-game-raw-state-${size}`);
      await page.close();
    }
  }, 120_000);
});

describe("statistics and history", () => {
  it("statistics cover every game by default, duels included, and every chart keeps its labelled axes on a phone and a desktop", async () => {
    const stats = await fetchStatistics(server().url, token);
    const duels = stats.covers.find((c) => c.game === "dice_duel")!;
    expect(duels.games).toBeGreaterThanOrEqual(1);
    const roles = stats.byFacet.find((f) => f.game === "dice" && f.facet === "role")!;
    for (const viewport of [PHONE, { width: 1280, height: 860 }]) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto(`${web.url}/admin/stats`);
      await page.waitForSelector('[data-testid="activity-chart"] .recharts-label', { timeout: 20_000 });
      expect(await page.textContent('[data-testid="stats-summary"]')).toContain("of every game");
      expect(Number(await page.textContent('[data-testid="stats-cover"][data-game="dice_duel"] [data-testid="cover-games"]'))).toBe(duels.games);
      const labels = (sel: string) => page.$$eval(`${sel} .recharts-label`, (els) => els.map((e) => e.textContent?.trim()));
      expect(await labels('[data-testid="length-chart"]')).toEqual(expect.arrayContaining(["commands per game", "games"]));
      expect(await labels('[data-testid="activity-chart"]')).toEqual(expect.arrayContaining(["day (UTC)", "finished games"]));
      expect(await labels('[data-testid="facet-chart"][data-facet="role"]')).toEqual(expect.arrayContaining(["Role", "win rate (%)"]));
      // Every category keeps its tick label, however narrow the chart.
      const ticks = (sel: string) => page.$$eval(`${sel} .recharts-cartesian-axis-tick-value`, (els) => els.map((e) => e.textContent?.trim()));
      expect(await ticks('[data-testid="length-chart"]')).toEqual(expect.arrayContaining(stats.length.buckets.map((b) => b.commands)));
      expect(await ticks('[data-testid="facet-chart"][data-facet="role"]')).toEqual(expect.arrayContaining(roles.rows.map((r) => r.key.charAt(0).toUpperCase() + r.key.slice(1))));
      await screenshot(page, `admin-stats-${viewport.width > 800 ? "desktop" : "phone"}`);
      await page.close();
    }
  }, 90_000);

  it("the history names a duel's winner (R8.10), and a dice game's winners with their team", async () => {
    type Row = { id: string; players: { id: string; name: string }[]; winner: { team: string; players: string[]; names: string[] } | null };
    const history = (await http(`${server().url}/api/admin/games/history`, { token })).body as { games: Row[] };
    const duelRow = history.games.find((g) => g.id === ids.duel)!;
    const diceRow = history.games.find((g) => g.id === ids.dice)!;
    expect(duelRow.winner!.names).toEqual([duelRow.players.find((p) => p.id === duelRow.winner!.players[0])!.name]);
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page);
    await page.goto(`${web.url}/admin/history`);
    const cell = (id: string) => page.textContent(`[data-testid="history-game"][data-game="${id}"] [data-testid="history-winner"]`);
    await page.waitForSelector(`[data-testid="history-game"][data-game="${ids.duel}"]`, { timeout: 15_000 });
    expect((await cell(ids.duel))?.trim()).toBe(duelRow.winner!.names[0]);
    expect((await cell(ids.duel))?.trim()).not.toBe("duel");
    expect((await cell(ids.dice))?.trim()).toBe(`${diceRow.winner!.names.join(", ")} (${diceRow.winner!.team})`);
    await screenshot(page, "admin-history-phone");
    await page.close();
  }, 60_000);
});
