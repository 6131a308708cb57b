/**
 * A duel in the browser (the game `dice_duel`, RULES.md part D) against the real server and the built
 * app: a player on a phone-sized screen creates a duel table from the lobby's catalog, a server bot takes the other seat, and the player plays the
 * whole duel by clicking (roll, keep a die and reroll, stop, the cards of each resolution, the secret
 * picks, the effect cards; on a phone until its first resolution, then on a desktop-sized screen) while a
 * spectator watches; the duel's table has no serious accessibility violation (axe-core). Neither the player nor the spectator ever sees
 * the bot's pick before the reveal. A player joins a public queue (MATCHMAKING_QUEUES: bots after 1 s),
 * sees the wait, confirms the table found and lands in its game; an admin sees the queues and a
 * tournament's page. Screenshots go to test/screenshots/.
 */
import { createTournament, fetchQueues } from "@bang/client";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connectPlayer, listGames } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { axeViolations } from "./support/a11y.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { useWebApp } from "./support/web.js";

const ADMIN = { name: "deputy", password: "silver star 1877" };
const ORGANISER = "organiser-token-0123456789";
const QUEUES = [
  { id: "web-bots", game: "dice", minSeats: 4, maxSeats: 4, botsAfterSeconds: 1, readySeconds: 20 },
  { id: "web-wait", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 20 },
];
const server = useServer({
  backend: "pglite",
  botDelayMs: 10,
  // A reload on a loaded machine can take over a second: with the 300 ms test default the bot would play
  // the player's turns (and, at 10 ms a move, often the rest of the duel) before the page reconnects.
  disconnectGraceMs: 15_000,
  env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, ORGANISER_TOKENS: `ann:${ORGANISER}`, MATCHMAKING_QUEUES: JSON.stringify(QUEUES) },
});
const app = useWebApp(() => server().url, 2);
/** The player's browser, and the spectator's (its own guest identity in localStorage, not the player's). */
const [PLAYER, SPECTATOR] = [0, 1];

const CARDS = ["sheriff", "outlaw", "renegade"];

/** The pick states the page shows for players other than `me`: never a card while the duel waits (R8.9). */
async function othersPicks(page: Page, me: string | null): Promise<string[]> {
  return page.$$eval('[data-testid="pick-state"]', (els, id) => els.filter((e) => e.getAttribute("data-player") !== id).map((e) => e.getAttribute("data-state") ?? ""), me);
}

describe("a duel in the browser", () => {
  it("R8.1-R8.10 a player creates a duel table, plays a full duel against a bot by clicking on a phone screen then a desktop one (reloading mid-duel), and a spectator watches; no pick shows before the reveal; no serious accessibility violation", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app().web.url}/play`);
    await page.fill('[data-testid="name"]', "Belle Starr");
    await page.click('[data-testid="pick-name"]');
    await page.waitForSelector('[data-testid="game"] option[value="dice_duel"]', { state: "attached" });
    await page.selectOption('[data-testid="game"]', "dice_duel");
    // A game of exactly 2 seats offers no seat choice.
    expect(await page.isVisible('[data-testid="seats"]')).toBe(false);
    await page.click('[data-testid="create-table"]');
    await page.waitForSelector('[data-testid="lobby"]');
    expect(await page.getAttribute('[data-testid="table-game"]', "data-game")).toBe("dice_duel");
    // The lobby names the game as the catalog does, not by its id.
    await page.waitForSelector('[data-testid="table-game"]:has-text("Bang! The Dice Game: the duel")');
    expect(await page.$$eval(".lobby-seats li", (l) => l.length)).toBe(2);
    await page.click('[data-testid="fill-bots"]');
    await page.waitForSelector("text=bot (heuristic)");
    await page.click('[data-testid="start"]');
    await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
    const gameId = page.url().split("/").at(-1)!;
    await page.waitForSelector('[data-testid="game"][data-game="dice_duel"] [data-testid="table"]');
    const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem("bang.guest") ?? "null")?.player?.id ?? null);
    // Both hideouts are 2x4 grids with every card standing and 3 ammo at the start (R8.1).
    expect(await page.$$eval('[data-testid="hideout-mine"] [data-testid="card"]', (c) => c.length)).toBe(8);
    expect(await page.$$eval('[data-testid="hideout-theirs"] [data-testid="card"]', (c) => c.length)).toBe(8);

    const watch = await app().browsers[SPECTATOR]!.context.newPage();
    await watch.setViewportSize({ width: 390, height: 844 });
    await watch.goto(`${app().web.url}/watch/${gameId}`);
    await watch.waitForSelector('[data-testid="game"][data-game="dice_duel"] [data-testid="table"]');
    expect(await watch.isVisible('[data-testid="actions"]')).toBe(false);

    const seen = { roll: 0, reroll: 0, stop: 0, resolve: 0, cards: 0, pick: 0, effect: 0 };
    let reloaded = false;
    let desktop = false;
    const shots: string[] = [];
    const deadline = Date.now() + 120_000;
    while (!(await page.isVisible('[data-testid="game-over"]'))) {
      if (Date.now() > deadline) throw new Error(`the duel did not end in time (${JSON.stringify(seen)})`);
      // R8.9: while a duel waits, the bot's pick is never shown to the player or to the spectator.
      for (const state of await othersPicks(page, me)) expect(CARDS).not.toContain(state);
      for (const state of await othersPicks(watch, null)) expect(CARDS).not.toContain(state);
      if (!reloaded && seen.roll >= 1) {
        // Mid-duel, a reload resumes the same duel with the same hideouts.
        const before = Number(await page.getAttribute('[data-testid="table"]', "data-state-id"));
        const cards = await page.getAttribute('[data-testid="hideout-mine"]', "data-cards");
        await page.reload();
        await page.waitForSelector('[data-testid="game"][data-game="dice_duel"] [data-testid="table"]');
        expect(page.url()).toContain(gameId);
        const after = Number(await page.getAttribute('[data-testid="table"]', "data-state-id"));
        expect(after).toBeGreaterThanOrEqual(before);
        if (after === before) expect(await page.getAttribute('[data-testid="hideout-mine"]', "data-cards")).toBe(cards);
        reloaded = true;
        await screenshot(page, "duel-after-reload");
        continue;
      }
      // One read of the page, then clicks with short timeouts: the server's next state may replace a
      // button between the read and the click (a reroll that ends the rolling), and the loop reads again.
      const ui = await page.evaluate(() => {
        const on = (sel: string) => {
          const b = document.querySelector<HTMLButtonElement>(sel);
          return b !== null && !b.disabled;
        };
        return {
          legal: document.querySelector('[data-testid="actions"]')?.getAttribute("data-legal") ?? null,
          need: document.querySelector('[data-testid="need"]')?.getAttribute("data-need") ?? null,
          roll: on('[data-testid="roll"]'),
          reroll: on('[data-testid="reroll"]'),
          stop: on('[data-testid="stop"]'),
          resolve: on('[data-testid="resolve"]'),
          pick: on('[data-testid="pick"]'),
          effect: on('[data-testid="effect"]'),
          stateId: document.querySelector('[data-testid="table"]')?.getAttribute("data-state-id") ?? null,
        };
      });
      const click = (sel: string) => page.click(sel, { timeout: 2_000 }).then(() => true, () => false);
      if (ui.legal === "roll" && ui.roll) {
        if (await click('[data-testid="roll"]')) seen.roll++;
      } else if (ui.legal === "reroll" && ui.stop) {
        const die = await page.$('[data-testid="die"]:enabled');
        if (seen.reroll < 2 && die) {
          await die.click({ timeout: 2_000 }).catch(() => undefined);
          if ((await die.getAttribute("data-kept").catch(() => null)) === "true") {
            if (seen.reroll === 0) {
              await screenshot(page, "duel-reroll");
              expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
            }
            if (await click('[data-testid="reroll"]:enabled')) seen.reroll++;
          }
        } else if (await click('[data-testid="stop"]:enabled')) seen.stop++;
      } else if (ui.legal === "resolve" && ui.need === "ready" && ui.resolve) {
        if (seen.resolve === 0) {
          await screenshot(page, "duel-resolve");
          expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
        }
        if (await click('[data-testid="resolve"]:enabled')) seen.resolve++;
        if (seen.resolve === 1 && !desktop) {
          // After the first resolution, the rest of the duel is played on a desktop-sized screen.
          await page.setViewportSize({ width: 1280, height: 860 });
          desktop = true;
          await page.waitForTimeout(300);
          await screenshot(page, "duel-desktop");
        }
      } else if (ui.legal === "resolve" && ui.need !== null && ui.need !== "ready") {
        const card = await page.$('[data-testid="card"]:enabled');
        expect(card, `a clickable card for ${ui.need}`).not.toBeNull();
        const where = `${await card!.getAttribute("data-row")}${await card!.getAttribute("data-column")}`;
        await card!.click({ timeout: 2_000 });
        // The draft marks the card at once (local state, no server round trip).
        expect(await card!.getAttribute("data-state")).toMatch(/hit|restored/);
        if (ui.need === "shot") shots.push(where);
        seen.cards++;
      } else if (ui.legal === "pick" && ui.pick) {
        await screenshot(page, "duel-pick");
        if (seen.pick === 0) expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
        if (await click(`[data-testid="pick"][data-card="${CARDS[seen.pick % 3]}"]:enabled`)) {
          seen.pick++;
          // The next state: the own pick shown to its author while the bot's stays secret, or the
          // reveal (equal cards play the duel again, R8.9).
          await page.waitForFunction((id) => document.querySelector('[data-testid="table"]')?.getAttribute("data-state-id") !== id, ui.stateId);
          const mine = await page.$('[data-testid="my-pick"] b');
          if (mine) {
            expect(await mine.textContent()).toBe(CARDS[(seen.pick - 1) % 3]);
            if (seen.pick === 1) await screenshot(page, "duel-picked");
          }
        }
      } else if (ui.legal === "effect") {
        const card = await page.$('[data-testid="card"]:enabled:not(.selected)');
        if (!ui.effect && card) await card.click({ timeout: 2_000 }).catch(() => undefined);
        else if (ui.effect && (await click('[data-testid="effect"]:enabled'))) seen.effect++;
      }
      await page.waitForTimeout(30);
    }
    // A duel can end before the person's second roll (about 1 deal in 300 among heuristic bots).
    expect(seen.roll).toBeGreaterThan(0);
    expect(reloaded).toBe(true);
    if (seen.roll > 1) expect(seen.resolve + seen.cards).toBeGreaterThan(0);
    // Played on both sizes: on a phone until the first resolution, then on a desktop (unless the duel ended first).
    expect(desktop || seen.resolve === 0).toBe(true);
    await page.waitForSelector('[data-testid="winner"]');
    await screenshot(page, "duel-game-over");
    // The stored result names the winner the page shows; a hideout with no card lost (R8.10).
    const finished = (await listGames(server().url, "?status=finished")).find((g) => g.id === gameId);
    const winnerName = await page.textContent('[data-testid="winner"] b');
    expect(finished!.players.map((p) => p.name)).toContain(winnerName);
    const mineLeft = Number(await page.getAttribute('[data-testid="hideout-mine"]', "data-cards"));
    const theirsLeft = Number(await page.getAttribute('[data-testid="hideout-theirs"]', "data-cards"));
    expect(Math.min(mineLeft, theirsLeft)).toBe(0);
    expect(winnerName === "Belle Starr").toBe(theirsLeft === 0);
    expect(await page.textContent('[data-testid="event-log"]')).toContain("wins the duel");
    // The spectator saw the same end.
    await watch.waitForSelector('[data-testid="winner"]');
    expect(await watch.textContent('[data-testid="winner"] b')).toBe(winnerName);
    await screenshot(watch, "duel-spectator");
    console.log(`duel clicks: ${JSON.stringify(seen)}; shots ${shots.join(" ")}`);
    await watch.close();
    await page.close();
  }, 150_000);
});

describe("public queues and the admin pages", () => {
  it("a player joins a queue, sees the wait, confirms the table found and lands in its game", async () => {
    const own = await launchBrowser();
    try {
      const page = await own.context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app().web.url}/play`);
      await page.fill('[data-testid="name"]', "Pearl Hart");
      await page.click('[data-testid="pick-name"]');
      await page.click('[data-testid="queues-link"]');
      await page.waitForSelector('[data-testid="queue"][data-queue="web-bots"]');
      // The queue's game by the catalog's name, not its id.
      await page.waitForSelector('[data-testid="queue"][data-queue="web-bots"]:has-text("Bang! The Dice Game, 4 players, bots after 1 s")');
      // Nobody has waited or been matched in this queue yet.
      expect(await page.textContent('[data-testid="queue"][data-queue="web-bots"] [data-testid="queue-waits"]')).toBe("nobody waiting now; nobody matched in the last 15 min");
      await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent === "connected");
      await page.click('[data-testid="queue"][data-queue="web-bots"] [data-testid="join-queue"]');
      await page.waitForSelector('[data-testid="queue-status"][data-state="queued"]');
      expect(await page.textContent('[data-testid="queue-status"]')).toContain("Waiting in web-bots");
      await screenshot(page, "queue-waiting");
      // Bots fill the table after 1 s: the ready check asks for a confirmation.
      await page.waitForSelector('[data-testid="queue-status"][data-state="matched"]', { timeout: 15_000 });
      expect(await page.textContent('[data-testid="queue-status"]')).toMatch(/confirm within \d+ s/);
      await screenshot(page, "queue-matched");
      await page.click('[data-testid="confirm-match"]');
      await page.waitForURL(/\/play\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const gameId = page.url().split("/").at(-1)!;
      await page.waitForSelector('[data-testid="table"]');
      expect(await page.$$eval('[data-testid="seat"]', (s) => s.length)).toBe(4);
      expect(await page.textContent('[data-testid="table"]')).toContain("Pearl Hart");
      const running = (await listGames(server().url, "?status=running")).find((g) => g.id === gameId);
      expect(running?.players.filter((p) => p.bot !== null)).toHaveLength(3);
      await screenshot(page, "queue-game");
    } finally {
      await own.close();
    }
  }, 60_000);

  it("an admin sees the queues with their waits, the tournaments and a tournament's page", async () => {
    const created = await createTournament(server().url, ORGANISER, { name: "Tombstone Open", game: "dice", tableSize: 4, startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    // A player waits alone in a queue without bots: the page shows their wait growing.
    const waiter = await connectPlayer(server().url, "Calamity Jane");
    const joined = await waiter.client.joinQueue("web-wait");
    if (joined.state !== "queued") throw new Error(`not queued: ${JSON.stringify(joined)}`);
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.goto(`${app().web.url}/admin/queues`);
    await page.waitForURL(/\/admin\/login/);
    await page.fill('[data-testid="admin-user"]', ADMIN.name);
    await page.fill('[data-testid="admin-password"]', ADMIN.password);
    await page.click('[data-testid="sign-in"]');
    // Signed in, back on the page asked for.
    await page.waitForURL(/\/admin\/queues$/);
    await page.waitForSelector('[data-testid="admin-queue"][data-queue="web-bots"]');
    expect(await page.textContent('[data-testid="admin-queue"][data-queue="web-bots"] [data-testid="waiting"]')).toBe("0");
    const cell = (queue: string, name: string) => page.textContent(`[data-testid="admin-queue"][data-queue="${queue}"] [data-testid="${name}"]`);
    await expect.poll(() => cell("web-wait", "waiting"), { timeout: 10_000 }).toBe("1");
    expect(await cell("web-bots", "longest-wait")).toBe("—");
    // The wait shows and grows (refreshed every 2 s): at least 2 s, at most the time since the join.
    await expect.poll(async () => Number(/^(\d+) s$/.exec((await cell("web-wait", "longest-wait")) ?? "")?.[1] ?? -1), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const shown = Number(/^(\d+) s$/.exec((await cell("web-wait", "longest-wait")) ?? "")?.[1]);
    expect(shown).toBeLessThanOrEqual(Math.ceil((Date.now() - joined.joinedAt) / 1000));
    // The recent waits as the server reports them (a game started from web-bots in the test before, if it ran).
    const api = (await fetchQueues(server().url)).find((q) => q.id === "web-bots")!;
    expect(await cell("web-bots", "matched")).toBe(String(api.waits.matched));
    expect(await cell("web-bots", "median-wait")).toBe(api.waits.medianSeconds === null ? "—" : `${Math.round(api.waits.medianSeconds)} s`);
    expect(await cell("web-wait", "median-wait")).toBe("—");
    await screenshot(page, "admin-queues");
    await waiter.client.close();
    await page.click('nav >> text=Tournaments');
    await page.click("text=Tombstone Open");
    await page.waitForURL(new RegExp(`/admin/tournaments/${created.id}$`));
    await expect.poll(() => page.textContent('[data-testid="tournament-status"]'), { timeout: 10_000 }).toContain("created");
    await screenshot(page, "admin-tournament");
    await page.close();
  }, 60_000);
});
