/**
 * Ca$h 'n Guns in the browser (game `cash_n_guns`, RULES-cash-n-guns.md part F) against the real server
 * and the built app: a player on a phone-sized screen creates a table of 5 from the lobby's catalog,
 * fills it with the server's bots and plays the whole game by tapping (a bullet card, a seat to aim at
 * and its confirm, the Godfather's order or pass, a new target when ordered, stand or lie down, a loot
 * card or the New Godfather tile when it is their share) while a spectator watches on another phone.
 * Mid-round, after loading a card, a reload keeps the seat, the card already loaded and the last round's
 * showdown (rebuilt from the game's history). Neither page
 * ever shows another player's card, aim or courage before its reveal; the aims, the cards and the
 * wounds show after it; the final scores rank everyone. The table has no serious accessibility
 * violation (axe-core). Screenshots go to test/screenshots/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useServer } from "../../server/test/support/server.js";
import { axeViolations } from "./support/a11y.js";
import { screenshot } from "./support/browser.js";
import { useWebApp } from "./support/web.js";

// Bots think 120 ms, so the secret steps last long enough to be looked at; a reload must not hand the
// seat to the bot (a long grace).
const server = useServer({ backend: "pglite", botDelayMs: 120, disconnectGraceMs: 30_000 });
const app = useWebApp(() => server().url, 2);
const [PLAYER, SPECTATOR] = [0, 1];

const TABLE = '[data-testid="game"][data-game="cash_n_guns"] [data-testid="table"]';
/** The steps before the cards take effect: no card may show on another player's seat (F8.4, F8.8). */
const BEFORE_CARDS = ["bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage"];

/** What a page shows of the seats: each seat's player, chosen mark and round line, and the table's step. */
async function readTable(page: Page) {
  return page.evaluate((sel) => {
    const table = document.querySelector(sel);
    return {
      phase: table?.getAttribute("data-phase") ?? null,
      round: Number(table?.getAttribute("data-round") ?? 0),
      stateId: Number(table?.getAttribute("data-state-id") ?? 0),
      seats: [...document.querySelectorAll('[data-testid="cng-seat"]')].map((s) => ({
        player: s.getAttribute("data-player") ?? "",
        mark: s.getAttribute("data-mark") ?? "",
        line: s.querySelector('[data-testid="round-line"]')?.textContent ?? "",
        text: s.textContent ?? "",
      })),
    };
  }, TABLE);
}

/**
 * F8.4, F8.5, F8.7, F8.8: what `page` shows of every seat but `me`'s before the reveals: no card at all
 * before the cards take effect, no aim during the bullet choice and the hold-up, no courage choice
 * during courage; only the "has chosen" mark. Returns the phase read.
 */
async function expectNoSecret(page: Page, me: string | null, who: string): Promise<string | null> {
  const t = await readTable(page);
  for (const s of t.seats) {
    if (s.player === me) continue;
    const where = `${who}: ${s.player}'s seat in ${t.phase}: "${s.line}"`;
    if (t.phase && BEFORE_CARDS.includes(t.phase)) expect(s.line, where).not.toMatch(/Bang!|Click|face down/);
    if (t.phase === "bullet_choice" || t.phase === "hold_up") expect(s.line, where).not.toMatch(/→|aims? at/);
    if (t.phase === "courage") expect(s.line, where).not.toMatch(/stand|lay down|lie down/);
  }
  return t.phase;
}

/** The showdown a page shows: its round, whether every card is known, and each row's player, card, target and words. */
async function showdownRows(page: Page) {
  return page.$eval('[data-testid="showdown"]', (el) => ({
    round: el.getAttribute("data-round"),
    complete: el.getAttribute("data-complete"),
    rows: [...el.querySelectorAll("li")].map((li) => ({ player: li.getAttribute("data-player"), card: li.getAttribute("data-card"), target: li.getAttribute("data-target"), text: li.textContent ?? "" })),
  }));
}

describe("Ca$h 'n Guns in the browser", () => {
  it("F3 to F8: a player plays a whole game against bots on a phone, reloading mid-round, while a spectator watches; no secret shows before its reveal; the scores rank everyone", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app().web.url}/play`);
    await page.fill('[data-testid="name"]', "Lucky Luciano");
    await page.click('[data-testid="pick-name"]');
    await page.waitForSelector('[data-testid="game"] option[value="cash_n_guns"]', { state: "attached" });
    await page.selectOption('[data-testid="game"]', "cash_n_guns");
    await page.selectOption('[data-testid="seats"]', "5");
    await page.getByLabel("Seconds per turn").fill("30");
    await page.click('[data-testid="create-table"]');
    await page.waitForSelector('[data-testid="lobby"]');
    await page.click('[data-testid="fill-bots"]');
    await page.waitForSelector("text=bot (heuristic)");
    await page.click('[data-testid="start"]');
    await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
    const gameId = page.url().split("/").at(-1)!;
    await page.waitForSelector(TABLE);
    const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem("bang.guest") ?? "null")?.player?.id as string);
    // The game's own table, not the generic fallback: 5 gangsters, one Godfather, the round's 8 loot cards.
    expect(await page.$$eval('[data-testid="cng-seat"]', (s) => s.length)).toBe(5);
    expect(await page.$$eval('[data-testid="cng-seat"][data-godfather="true"]', (s) => s.length)).toBe(1);
    expect(await page.$('[data-testid="generic-table"]')).toBeNull();
    const cards = await page.$$eval('[data-testid="table-loot"] [data-card]', (els) => els.reduce((n, e) => n + Number(e.getAttribute("data-count") ?? 1), 0));
    expect(cards).toBe(8);

    const watch = await app().browsers[SPECTATOR]!.context.newPage();
    await watch.setViewportSize({ width: 390, height: 844 });
    await watch.goto(`${app().web.url}/watch/${gameId}`);
    await watch.waitForSelector(TABLE);
    expect(await watch.$('[data-testid="actions"]')).toBeNull();

    const seen: Record<string, number> = {};
    const shots = new Set<string>();
    let reloaded = false;
    let showdowns = 0;
    let checks = 0;
    const deadline = Date.now() + 240_000;
    const click = (sel: string) => page.click(sel, { timeout: 2_000 }).then(() => true, () => false);
    while (!(await page.isVisible('[data-testid="game-over"]'))) {
      if (Date.now() > deadline) throw new Error(`the game did not end in time (${JSON.stringify(seen)})`);
      const phase = await expectNoSecret(page, me, "player");
      await expectNoSecret(watch, null, "spectator");
      checks++;
      if (phase === "sharing" && (await page.isVisible('[data-testid="showdown"]'))) {
        // After the reveal everyone sees which cards fired: every card shown as Bang!, Click or face down (F4.1, F4.2).
        const rows = await watch.$$eval('[data-testid="showdown"][data-complete="true"] li', (lis) => lis.map((li) => li.getAttribute("data-card") ?? ""));
        for (const card of rows) expect(["bang", "click", "face_down"]).toContain(card);
        if (rows.length > 0) showdowns++;
        if (showdowns === 1 && !shots.has("showdown")) {
          shots.add("showdown");
          await screenshot(page, "cng-sharing");
          await screenshot(watch, "cng-watch-sharing");
        }
      }
      const ui = await page.evaluate(() => ({
        legal: document.querySelector('[data-testid="actions"]')?.getAttribute("data-legal") ?? null,
        round: Number(document.querySelector('[data-testid="table"]')?.getAttribute("data-round") ?? 0),
        bang: document.querySelector<HTMLButtonElement>('[data-testid="bullet-bang"]')?.disabled === false,
      }));
      const count = (k: string) => (seen[k] = (seen[k] ?? 0) + 1);
      switch (ui.legal) {
        case "choose_bullet": {
          // A Bang! from round 2 on while one is left, else a Click.
          const card = ui.round >= 2 && ui.bang ? "bang" : "click";
          if (!shots.has("bullet")) {
            shots.add("bullet");
            await screenshot(page, "cng-bullet-choice");
            expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
          }
          if (!(await click(`[data-testid="bullet-${card}"]:enabled`))) break;
          count(card);
          const word = card === "bang" ? "Bang!" : "Click";
          const mine = `[data-testid="cng-seat"][data-player="${me}"] [data-testid="round-line"]`;
          await page.waitForFunction(([sel, w]) => document.querySelector(sel!)?.textContent?.includes(`loaded ${w}`) ?? false, [mine, word] as const, { timeout: 10_000 });
          if (!reloaded && ui.round === 2) {
            // Mid-round, the card is loaded but not shown: a reload keeps the seat and the card.
            const before = await showdownRows(page);
            expect(before.round).toBe("1");
            await page.reload();
            await page.waitForSelector(TABLE);
            await page.waitForSelector('[data-testid="actions"]');
            expect(Number(await page.getAttribute(TABLE, "data-round"))).toBe(2);
            expect(await page.textContent(mine)).toContain(`loaded ${word}`);
            // Round 1's showdown is back, rebuilt from the game's history (F4): the same aims, cards and wounds.
            await page.waitForSelector('[data-testid="showdown"][data-round="1"][data-complete="true"]', { timeout: 10_000 });
            const after = await showdownRows(page);
            if (before.complete === "true") expect(after).toEqual(before);
            else expect(after.rows.map((r) => [r.player, r.target, r.text.includes("dies")])).toEqual(before.rows.map((r) => [r.player, r.target, r.text.includes("dies")]));
            // The card left the hand (F3.4): it is in front of the player, not back for another choice.
            expect(await page.getAttribute('[data-testid="actions"]', "data-legal")).not.toBe("choose_bullet");
            reloaded = true;
            await screenshot(page, "cng-after-reload");
            // The spectator watches the rest on a desktop-sized screen.
            await watch.setViewportSize({ width: 1280, height: 860 });
          }
          break;
        }
        case "aim":
        case "retarget": {
          const target = await page.$('[data-testid="seat-tap"]:enabled');
          if (!target) break;
          await target.click({ timeout: 2_000 }).catch(() => undefined);
          if (!shots.has(ui.legal)) {
            shots.add(ui.legal);
            await screenshot(page, `cng-${ui.legal}`);
            if (ui.legal === "aim") expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
          }
          // The aim is confirmed on the seat itself (no scrolling on a phone), the new target in the action bar.
          if (await click(ui.legal === "aim" ? '[data-testid="seat-confirm"]:enabled' : '[data-testid="retarget"]:enabled')) count(ui.legal);
          break;
        }
        case "privilege": {
          // The first time an order, then passes.
          const other = (seen.order ?? 0) === 0 ? await page.$('[data-testid="seat-tap"]:enabled') : null;
          if (other) {
            await other.click({ timeout: 2_000 }).catch(() => undefined);
            if (!shots.has("privilege")) {
              shots.add("privilege");
              await screenshot(page, "cng-privilege");
            }
            if (await click('[data-testid="order"]:enabled')) count("order");
          } else if (await click('[data-testid="pass"]:enabled')) count("pass");
          break;
        }
        case "courage": {
          if (!shots.has("courage")) {
            shots.add("courage");
            await screenshot(page, "cng-courage");
            expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
          }
          if (reloaded && !shots.has("watch-desktop")) {
            shots.add("watch-desktop");
            await screenshot(watch, "cng-watch-desktop-courage");
            expect(await axeViolations(watch, '[data-testid="game"]')).toEqual([]);
          }
          // Lie down when two or more aim at the player (the prompt counts them), else stand.
          const prompt = (await page.textContent('[data-testid="prompt"]')) ?? "";
          const choice = /[2-9] gangsters aim at you/.test(prompt) ? "lie_down" : "stand";
          if (await click(`[data-testid="${choice}"]:enabled`)) count(choice);
          break;
        }
        case "take": {
          if (!shots.has("take")) {
            shots.add("take");
            await screenshot(page, "cng-take");
            expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
          }
          // The tile once, else the first card.
          const tile = (seen.tile ?? 0) === 0 ? await page.$('[data-testid="take"][data-card="new_godfather"]:enabled') : null;
          if (tile) {
            if (await tile.click({ timeout: 2_000 }).then(() => true, () => false)) count("tile");
          } else if (await click('[data-testid="take"]:enabled')) count("take");
          break;
        }
        default:
          await page.waitForTimeout(40);
      }
    }
    // Every kind of step was played by tapping; the reload happened.
    expect(reloaded).toBe(true);
    for (const k of ["click", "aim", "stand"]) expect(seen[k] ?? 0, `${k} in ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    expect(checks).toBeGreaterThan(20);
    expect(showdowns, "a sharing step with its showdown was seen").toBeGreaterThan(0);

    // The end: both pages rank the five gangsters, the winners first at place 1.
    await watch.waitForSelector('[data-testid="scores"]', { timeout: 15_000 });
    for (const p of [page, watch]) {
      await p.waitForSelector('[data-testid="scores"]');
      const lines = await p.$$eval('[data-testid="score-line"]', (trs) => trs.map((tr) => ({ player: tr.getAttribute("data-player"), place: Number(tr.getAttribute("data-place")) })));
      expect(lines).toHaveLength(5);
      expect(lines[0]!.place).toBe(1);
      expect(lines.map((l) => l.place)).toEqual([...lines.map((l) => l.place)].sort((a, b) => a - b));
      expect(await p.textContent('[data-testid="winner"]')).toMatch(/wins?|nobody wins/);
    }
    await page.locator('[data-testid="scores"]').scrollIntoViewIfNeeded();
    await screenshot(page, "cng-game-over");
    await watch.locator('[data-testid="scores"]').scrollIntoViewIfNeeded();
    await screenshot(watch, "cng-watch-game-over");
    expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
    // The log tells the rounds under their headings.
    const headings = await page.$$eval('[data-testid="log-turn"] h4', (hs) => hs.map((h) => h.textContent ?? ""));
    expect(headings[0]).toBe("Round 1");
    expect(headings.some((h) => /^Round 8 · Godfather /.test(h)) || (await page.textContent('[data-testid="winner"]'))!.includes("last survivor") || (await page.textContent('[data-testid="winner"]'))!.includes("nobody")).toBe(true);
    await watch.close();
    await page.close();
  }, 300_000);
});
