/**
 * A duel tournament's bracket in the admin dashboard, drawn by brackets-viewer, against the real server
 * and the built app: an organiser runs a 5-player single elimination whose no-shows the server's bot
 * plays (3 byes in round 1); the page shows every participant by name and each finished match's winner
 * as GET /api/tournaments/:id/bracket says, and a click on a match opens its duel game; a match whose
 * players are not known yet is drawn without them, as the API says. A table-format
 * tournament, a tournament not started yet, an unknown id and a server that is down each say so.
 * Screenshots go to test/screenshots/.
 */
import { createGuest, createTournament, fetchBracket, fetchTournament, organiseTournament, registerForTournament, type Guest } from "@bang/client";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, type Player } from "../../server/test/support/players.js";
import { freePort, useServer } from "../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const ADMIN = { name: "marshal", password: "tin star 1881 ok" };
const ORGANISER = "organiser-token-bracket-0123456789";
const server = useServer({ backend: "pglite", botDelayMs: 5, env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, ORGANISER_TOKENS: `wyatt:${ORGANISER}` } });
let web: WebApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  web = await startWeb(server().url);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await web?.stop();
}, 30_000);

const NAMES = ["Annie Oakley", "Bass Reeves", "Belle Starr", "Cole Younger", "Doc Holliday"];

async function signIn(page: Page): Promise<void> {
  await page.goto(`${web.url}/admin/login`);
  await page.fill('[data-testid="admin-user"]', ADMIN.name);
  await page.fill('[data-testid="admin-password"]', ADMIN.password);
  await page.click('[data-testid="sign-in"]');
  await page.waitForURL(/\/admin$/);
}

async function duelTournament(name: string, start: boolean, format: "single_elimination" | "round_robin" = "single_elimination", names = NAMES): Promise<{ id: string; guests: Guest[] }> {
  const url = server().url;
  const guests: Guest[] = [];
  for (const n of names) guests.push(await createGuest(url, n));
  const t = await createTournament(url, ORGANISER, { name, game: "dice_duel", format, noShow: "bot", startsAt: new Date().toISOString() });
  await organiseTournament(url, ORGANISER, t.id, { type: "open" });
  for (const g of guests) await registerForTournament(url, g.token, t.id);
  if (start) {
    await organiseTournament(url, ORGANISER, t.id, { type: "seed", by: "hand", order: guests.map((g) => g.player.id) });
    await organiseTournament(url, ORGANISER, t.id, { type: "start" });
  }
  return { id: t.id, guests };
}

describe("the bracket of a duel tournament (brackets-viewer)", () => {
  it("shows every participant by name and each finished match's winner as the server's bracket says; a match opens its game", async () => {
    const { id, guests } = await duelTournament("Dodge City bracket", true);
    const nameOf = new Map(guests.map((g) => [g.player.id, g.player.name]));
    // Round 1's duels are played by the bot for the no-shows: wait until some matches finished.
    const deadline = Date.now() + 60_000;
    while ((await fetchBracket(server().url, id)).matches.filter((m) => m.winner !== null && m.gameId !== null).length < 2) {
      if (Date.now() > deadline) throw new Error(`no two matches finished in time\n${server().output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await browser.context.newPage();
    await signIn(page);
    await page.goto(`${web.url}/admin/tournaments/${id}`);
    await page.waitForSelector('[data-testid="bracket"] .match[data-match-id]', { timeout: 15_000 });
    // The page polls every 3 s: wait until it draws the bracket's latest state (the tournament may still be running).
    await expect.poll(async () => (await fetchTournament(server().url, id)).status, { timeout: 60_000 }).toBe("finished");
    const bracket = await fetchBracket(server().url, id);
    // Duels played (a bye advances its player with a "win" but has no game and no loser).
    const finished = bracket.matches.filter((m) => m.winner !== null && m.gameId !== null);
    expect(finished.length).toBeGreaterThanOrEqual(4);
    const winnerShown = (matchId: number) => page.$$eval(`[data-testid="bracket"] .match[data-match-id="${matchId}"] .participant.win .name`, (els) => els.map((e) => e.textContent?.trim() ?? ""));
    await expect.poll(async () => (await Promise.all(finished.map((m) => winnerShown(m.matchId)))).map((w) => w.join("|")), { timeout: 15_000 }).toEqual(finished.map((m) => nameOf.get(m.winner!)));

    const text = (await page.textContent('[data-testid="bracket"]')) ?? "";
    for (const n of NAMES) expect(text).toContain(n);
    // Names, never raw player ids.
    for (const g of guests) expect(text).not.toContain(g.player.id);
    for (const m of finished) {
      const sel = `[data-testid="bracket"] .match[data-match-id="${m.matchId}"]`;
      const loser = m.players.find((p) => p !== m.winner)!;
      expect(await page.$$eval(`${sel} .participant.loss .name`, (els) => els.map((e) => e.textContent?.trim()))).toEqual([nameOf.get(loser)]);
      expect(await page.getAttribute(sel, "data-game-id")).toBe(m.gameId);
    }
    // The champion of the final is the tournament's first place.
    const final = bracket.matches.reduce((a, b) => (b.roundId > a.roundId ? b : a));
    const standings = (await fetchTournament(server().url, id)).standings;
    expect(nameOf.get(final.winner!)).toBe(standings[0]!.name);
    await screenshot(page, "admin-bracket");

    // A click on a finished match opens its duel game's admin page.
    const first = finished[0]!;
    await page.click(`[data-testid="bracket"] .match[data-match-id="${first.matchId}"]`);
    await page.waitForURL(new RegExp(`/admin/games/${first.gameId}$`), { timeout: 10_000 });
    await page.close();
  }, 150_000);

  it("a round robin is drawn too: every duel's winner by name", async () => {
    const names = NAMES.slice(0, 3);
    const { id, guests } = await duelTournament("Round robin at the O.K. Corral", true, "round_robin", names);
    const nameOf = new Map(guests.map((g) => [g.player.id, g.player.name]));
    await expect.poll(async () => (await fetchTournament(server().url, id)).status, { timeout: 60_000 }).toBe("finished");
    const bracket = await fetchBracket(server().url, id);
    const played = bracket.matches.filter((m) => m.winner !== null);
    // Everyone meets everyone once.
    expect(played).toHaveLength(3);
    const page = await browser.context.newPage();
    await signIn(page);
    await page.goto(`${web.url}/admin/tournaments/${id}`);
    await page.waitForSelector('[data-testid="bracket"] .round-robin .match[data-match-id]', { timeout: 15_000 });
    const winners = () => Promise.all(played.map((m) => page.$$eval(`[data-testid="bracket"] .match[data-match-id="${m.matchId}"] .participant.win .name`, (els) => els.map((e) => e.textContent?.trim()).join("|"))));
    await expect.poll(winners, { timeout: 15_000 }).toEqual(played.map((m) => nameOf.get(m.winner!)));
    const text = (await page.textContent('[data-testid="bracket"]')) ?? "";
    for (const n of names) expect(text).toContain(n);
    await screenshot(page, "admin-round-robin");
    await page.close();
  }, 120_000);

  it("an undecided match names no player: the API's empty slots are drawn empty, never as the top seed", async () => {
    // Five players who stay connected and do not play: round 1's duel waits for them (its turn timer),
    // so round 2 and the final wait for winners not known yet.
    const url = server().url;
    const people: Player[] = [];
    try {
      for (const n of NAMES) people.push(await connectPlayer(url, n));
      const t = await createTournament(url, ORGANISER, { name: "Undecided at Tombstone", game: "dice_duel", format: "single_elimination", noShow: "bot", startsAt: new Date().toISOString() });
      await organiseTournament(url, ORGANISER, t.id, { type: "open" });
      for (const p of people) await registerForTournament(url, p.guest.token, t.id);
      await organiseTournament(url, ORGANISER, t.id, { type: "seed", by: "hand", order: people.map((p) => p.id) });
      await organiseTournament(url, ORGANISER, t.id, { type: "start" });
      const nameOf = new Map(people.map((p) => [p.id, p.guest.player.name]));
      const bracket = await fetchBracket(url, t.id);
      const final = bracket.matches.reduce((a, b) => (b.roundId > a.roundId ? b : a));
      expect(final.players).toEqual([null, null]);
      // No match names one player in both slots.
      for (const m of bracket.matches) if (m.players[0] !== null) expect(m.players[1]).not.toBe(m.players[0]);

      const page = await browser.context.newPage();
      await signIn(page);
      await page.goto(`${web.url}/admin/tournaments/${t.id}`);
      await page.waitForSelector(`[data-testid="bracket"] .match[data-match-id="${final.matchId}"]`, { timeout: 15_000 });
      const drawn = (matchId: number) => page.$$eval(`[data-testid="bracket"] .match[data-match-id="${matchId}"] .participant .name`, (els) => els.map((e) => e.textContent?.trim() ?? ""));
      const names = [...nameOf.values()];
      const now = await fetchBracket(url, t.id);
      for (const m of now.matches.filter((x) => x.status !== "completed")) {
        const shown = await drawn(m.matchId);
        if (shown.length === 0) continue;
        m.players.forEach((p, i) => {
          if (p === null) expect(names, `match ${m.matchId} slot ${i + 1}: "${shown[i]}"`).not.toContain(shown[i]);
          else expect(shown[i], `match ${m.matchId} slot ${i + 1}`).toBe(nameOf.get(p));
        });
      }
      for (const slot of await drawn(final.matchId)) expect(names).not.toContain(slot);
      await screenshot(page, "admin-bracket-undecided");
      await page.close();
    } finally {
      await closeAll(people);
    }
  }, 90_000);

  it("a table-format tournament, a duel not started, an unknown id and a server that is down each say so", async () => {
    const page = await browser.context.newPage();
    await signIn(page);
    const table = await createTournament(server().url, ORGANISER, { name: "Tombstone tables", game: "dice", tableSize: 4, startsAt: new Date().toISOString() });
    await page.goto(`${web.url}/admin/tournaments/${table.id}`);
    await expect.poll(() => page.textContent('[data-testid="no-bracket"]'), { timeout: 10_000 }).toContain("table format");
    expect(await page.$('[data-testid="bracket"]')).toBeNull();

    const { id } = await duelTournament("Not yet", false);
    await page.goto(`${web.url}/admin/tournaments/${id}`);
    await expect.poll(() => page.textContent('[data-testid="no-bracket"]'), { timeout: 10_000 }).toContain("when the organiser starts");
    expect(await page.$('[data-testid="problem"]')).toBeNull();

    await page.goto(`${web.url}/admin/tournaments/no-such-tournament`);
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("No such tournament");
    await screenshot(page, "admin-tournament-unknown");

    // The same page on a web app whose server is down (with this admin's session).
    const session = await page.evaluate(() => window.localStorage.getItem("bang.admin"));
    const dead = await startWeb(`http://127.0.0.1:${await freePort()}`);
    try {
      const other = await browser.context.newPage();
      await other.goto(`${dead.url}/`);
      await other.evaluate((s) => window.localStorage.setItem("bang.admin", s!), session);
      await other.goto(`${dead.url}/admin/tournaments/${id}`);
      await expect.poll(() => other.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("does not answer");
      await other.close();
    } finally {
      await dead.stop();
    }
    await page.close();
  }, 90_000);
});
