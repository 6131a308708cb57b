/**
 * The game page's shell around any game's table, in Chromium at phone size against the real server
 * and the built app: every running timer counts down for everyone; when the player's time runs out the
 * bot plays for them and a banner offers the seat back, which ends the bot's control at once (DESIGN
 * invariant 7); the event log holds the whole game, oldest first and grouped by turn, after a reload and
 * for a spectator who arrives late.
 */
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, startTable, type Player } from "../../server/test/support/players.js";
import { ADMIN_TOKEN, useServer } from "../../server/test/support/server.js";
import { screenshot } from "./support/browser.js";
import { useWebApp } from "./support/web.js";

// Bots think 150 ms; a reload must not hand the seat to the bot (a long grace): only the timer does.
const server = useServer({ backend: "pglite", botDelayMs: 150, disconnectGraceMs: 30_000 });
const app = useWebApp(() => server().url, 2);
const [PLAYER, SPECTATOR] = [0, 1];

/**
 * On `page`: picks the name `name` (unless the browser has one), creates a dice table of 4 with `seconds` per turn, fills it with
 * bots and starts; resolves with the game id and the player's id once the game's page shows.
 */
async function startDiceGame(page: Page, name: string, seconds: number): Promise<{ gameId: string; me: string }> {
  await page.goto(`${app().web.url}/play`);
  // A browser that played before keeps its identity: the name is asked only once.
  await page.waitForSelector('[data-testid="name"], [data-testid="create-table"]');
  if (await page.isVisible('[data-testid="name"]')) {
    await page.fill('[data-testid="name"]', name);
    await page.click('[data-testid="pick-name"]');
  }
  await page.waitForSelector('[data-testid="game"] option[value="dice"]', { state: "attached" });
  await page.selectOption('[data-testid="game"]', "dice");
  await page.getByLabel("Seconds per turn").fill(String(seconds));
  await page.click('[data-testid="create-table"]');
  await page.waitForSelector('[data-testid="lobby"]');
  await page.click('[data-testid="fill-bots"]');
  await page.waitForSelector("text=bot (heuristic)");
  await page.click('[data-testid="start"]');
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await page.waitForSelector('[data-testid="game"] [data-testid="table"]');
  const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem("bang.guest") ?? "null")?.player?.id ?? null);
  return { gameId: page.url().split("/").at(-1)!, me };
}

/** The distinct entry seqs the page's event log shows, in the order shown. */
const loggedSeqs = (page: Page): Promise<number[]> =>
  page.$$eval('[data-testid="event-log"] [data-seq]', (lis) => [...new Set(lis.map((li) => Number(li.getAttribute("data-seq"))))]);

/** The seqs of the game's stored entries that have events, as the replay API lists them (a spectator's). */
async function seqsWithEvents(gameId: string): Promise<number[]> {
  const res = await http(`${server().url}/api/games/${gameId}/replay`);
  const body = res.body as { entries: { seq: number; events?: unknown[] }[] };
  return body.entries.filter((e) => (e.events ?? []).length > 0).map((e) => e.seq);
}

describe("the game page around any table", () => {
  it("DESIGN 7: the turn clock counts down, the bot takes over when it runs out, the player takes the seat back; a reload and a late spectator see the whole log", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const { gameId, me } = await startDiceGame(page, "Rose Doolan", 5);

    // The game waits for the player: the countdown on their own seat, at most 5 s, counting down.
    const mine = `[data-testid="seat"][data-player="${me}"] [data-testid="countdown"]`;
    // On a slow machine the first turn (the player's, when they hold the first seat) may run out before
    // the page shows: then the player takes the seat back and the clock starts again.
    await page.waitForSelector(`${mine}, [data-testid="away-banner"]`, { timeout: 60_000 });
    if (await page.isVisible('[data-testid="away-banner"]')) await page.click('[data-testid="take-seat-back"]');
    await page.waitForSelector(mine, { timeout: 60_000 });
    expect(await page.getAttribute(mine, "role")).toBe("timer");
    const first = Number(await page.getAttribute(mine, "data-seconds"));
    expect(first).toBeLessThanOrEqual(5);
    await screenshot(page, "game-page-clock");
    await page.waitForFunction(([sel, s]) => Number(document.querySelector(sel!)?.getAttribute("data-seconds") ?? 99) < Number(s), [mine, String(first)] as const, { timeout: 5_000 });

    // Time runs out: the banner says the bot plays, and the button gives the seat back at once.
    await page.waitForSelector('[data-testid="away-banner"]', { timeout: 10_000 });
    // Everyone sees the seat as away; the spectator too (below).
    await page.waitForSelector(`[data-testid="seat"][data-player="${me}"][data-status="away"]`);
    await screenshot(page, "game-page-away");
    await page.click('[data-testid="take-seat-back"]');
    await page.waitForSelector('[data-testid="away-banner"]', { state: "detached", timeout: 5_000 });

    // A reload keeps the whole log: from entry 1, in order, grouped by turn.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="event-log"] [data-seq]').length >= 3);
    const before = await loggedSeqs(page);
    await page.reload();
    await page.waitForSelector('[data-testid="game"] [data-testid="table"]');
    await page.waitForFunction((n) => new Set([...document.querySelectorAll('[data-testid="event-log"] [data-seq]')].map((li) => li.getAttribute("data-seq"))).size >= n, before.length);
    // From the game's first entry that shows something (entry 1 may show nothing: Sid Ketchum's heal at
    // full life, say).
    const firstShown = (await seqsWithEvents(gameId))[0]!;
    const after = await loggedSeqs(page);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after[0], `the log's seqs after the reload: ${after.join(",")}`).toBe(firstShown);
    expect(after).toEqual([...after].sort((a, b) => a - b));
    // Grouped by turn, each under the game's heading (its `turnStart`), the first turn too.
    const headings = await page.$$eval('[data-testid="log-turn"]', (turns) => turns.map((t) => t.querySelector("h4")?.textContent ?? null));
    expect(headings.length).toBeGreaterThan(0);
    // The first turn is headed from the game's first event shown, even when entry 1 shows nothing (the
    // log knows its history is whole).
    expect(headings[0]).toMatch(/^Turn 1 · /);
    expect(headings.slice(1).every((h) => h !== null)).toBe(true);
    await screenshot(page, "game-page-after-reload");

    // The game ends (the player idles: the timer hands the seat to the bot again).
    await page.waitForSelector('[data-testid="game-over"]', { timeout: 150_000 });
    const stored = await seqsWithEvents(gameId);
    await page.waitForFunction((n) => new Set([...document.querySelectorAll('[data-testid="event-log"] [data-seq]')].map((li) => li.getAttribute("data-seq"))).size >= n, stored.length);
    expect(await loggedSeqs(page)).toEqual(stored);

    // A spectator who arrives after the end sees the whole game too.
    const watch = await app().browsers[SPECTATOR]!.context.newPage();
    await watch.setViewportSize({ width: 390, height: 844 });
    await watch.goto(`${app().web.url}/watch/${gameId}`);
    await watch.waitForSelector('[data-testid="game"] [data-testid="table"]');
    await watch.waitForFunction((n) => new Set([...document.querySelectorAll('[data-testid="event-log"] [data-seq]')].map((li) => li.getAttribute("data-seq"))).size >= n, stored.length);
    expect(await loggedSeqs(watch)).toEqual(stored);
    expect(await watch.isVisible('[data-testid="take-seat-back"]')).toBe(false);
    await screenshot(watch, "game-page-late-spectator");
  });

  it("the table page stays light on a phone: its first-load JavaScript is under 200 kB gzipped", async () => {
    const players: Player[] = [];
    try {
      const host = await connectPlayer(server().url, "host");
      players.push(host);
      const { gameId } = await startTable([host], { game: "dice", seats: 5, fillBots: true });
      const page = await app().browsers[SPECTATOR]!.context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      // A cold load: the browser's cache must not hide a script.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const scripts = new Map<string, number>();
      page.on("response", (res) => {
        if (res.request().resourceType() !== "script") return;
        void res.body().then(
          (body) => scripts.set(res.url(), gzipSync(body).length),
          () => undefined,
        );
      });
      await page.goto(`${app().web.url}/watch/${gameId}`, { waitUntil: "networkidle" });
      await page.waitForSelector('[data-testid="game"] [data-testid="table"]');
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      console.log(`table page first-load JavaScript: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzipped`);
      for (const [url, n] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / 1024).toFixed(1)} kB  ${new URL(url).pathname}`);
      expect(scripts.size).toBeGreaterThan(0);
      expect(total).toBeLessThan(200 * 1024);
      await page.close();
    } finally {
      await closeAll(players);
    }
  });

  it("a seat an admin gives to the bot, then a game an admin ends, say so to the player and offer no control", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const { gameId, me } = await startDiceGame(page, "Ruth Ellis", 600);
    const admin = (path: string) => http(`${server().url}/api/admin/games/${gameId}${path}`, { method: "POST", token: ADMIN_TOKEN });
    expect(await admin(`/players/${me}/bot`)).toMatchObject({ status: 200 });
    await page.waitForSelector('[data-testid="replaced-notice"]');
    await page.waitForSelector(`[data-testid="seat"][data-player="${me}"][data-status="replaced"]`);
    // The bot plays the seat: no clock runs for the person any more.
    await page.waitForSelector(`[data-testid="seat"][data-player="${me}"] [data-testid="countdown"]`, { state: "detached" });
    expect(await page.$('[data-testid="actions"]')).toBeNull();
    expect(await page.isVisible('[data-testid="take-seat-back"]')).toBe(false);
    await screenshot(page, "game-page-replaced");
    expect(await admin("/end")).toMatchObject({ status: 200 });
    await page.waitForSelector('[data-testid="game-ended"]');
    expect(await page.$('[data-testid="actions"]')).toBeNull();
    // Nobody is to act in an ended game (the bots' seats were mid-game).
    expect(await page.$$('[data-testid="seat"][data-acting="true"]')).toHaveLength(0);
    // After a reload too: the stored game says it was ended.
    await page.reload();
    await page.waitForSelector('[data-testid="game-ended"]');
    expect(await page.$('[data-testid="actions"]')).toBeNull();
    expect(await page.$$('[data-testid="seat"][data-acting="true"]')).toHaveLength(0);
    await screenshot(page, "game-page-ended");
    await page.close();
  });
});
