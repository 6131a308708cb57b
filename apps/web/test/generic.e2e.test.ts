/**
 * Issue 14: a game the web app has no UI folder for is still played and watched in the browser, through
 * the shell's generic fallback. The real server loads Showdown (the test-only module of
 * apps/server/test/games/showdown) through GAME_MODULES; a player picks it in the lobby's catalog,
 * plays it by typing raw JSON commands (a text that is no command is said so and not sent; a command
 * the game refuses shows the server's code), a spectator watches the view field by field and never
 * sees the bot's pick before the reveal, the event log shows JSON lines, and the admin's game page
 * steps through its replay. Screenshots go to test/screenshots/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildShowdown } from "../../server/test/games/showdown/build.js";
import { listGames } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { screenshot } from "./support/browser.js";
import { useWebApp } from "./support/web.js";

const ADMIN = { name: "marshal", password: "tin star 1881 ok" };
const server = useServer({ backend: "pglite", botDelayMs: 10, env: { GAME_MODULES: buildShowdown(), ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password } });
const app = useWebApp(() => server().url, 2);
/** The player's browser, and the spectator's (its own guest identity in localStorage, not the player's). */
const [PLAYER, SPECTATOR] = [0, 1];

const table = '[data-testid="game"][data-game="showdown"] [data-testid="generic-table"]';
const stateIdOf = (page: Page) => page.getAttribute(table, "data-state-id");

/** The view's `players` field as the fallback lists it: one JSON line per player. */
async function playersShown(page: Page): Promise<{ id: string; picked: boolean; sign: string | null }[]> {
  const text = (await page.textContent('[data-testid="view-fields"] [data-field="players"] dd')) ?? "";
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { id: string; picked: boolean; sign: string | null });
}

describe("the generic fallback", () => {
  it("a game without a UI folder is created from the lobby, played with raw commands, watched and inspected", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.goto(`${app().web.url}/play`);
    await page.fill('[data-testid="name"]', "Ann");
    await page.click('[data-testid="pick-name"]');
    await page.waitForSelector('[data-testid="game"] option[value="showdown"]', { state: "attached" });
    await page.selectOption('[data-testid="game"]', "showdown");
    expect(await page.isVisible('[data-testid="seats"]')).toBe(false);
    await page.click('[data-testid="create-table"]');
    await page.waitForSelector('[data-testid="lobby"]');
    expect(await page.getAttribute('[data-testid="table-game"]', "data-game")).toBe("showdown");
    await page.click('[data-testid="fill-bots"]');
    await page.waitForSelector("text=bot (heuristic)");
    await page.click('[data-testid="start"]');
    await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
    const gameId = page.url().split("/").at(-1)!;
    await page.waitForSelector(table);
    const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem("bang.guest") ?? "null")?.player?.id as string);
    expect(await page.getAttribute('[data-testid="waiting-for"]', "data-waiting")).toContain(me);

    // A text that is no command is said so, and nothing is sent.
    const before = await stateIdOf(page);
    await page.fill('[data-testid="raw-command"]', "{ pick rock }");
    await page.click('[data-testid="send-command"]');
    expect(await page.textContent('[data-testid="raw-command-problem"]')).toMatch(/^not JSON/);
    // Commands the game refuses: the server's code naming the field, and the view unchanged.
    await page.fill('[data-testid="raw-command"]', '{ "type": "pick", "sign": "lizard" }');
    await page.click('[data-testid="send-command"]');
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toMatch(/INVALID_MESSAGE.*command\.sign/);
    await page.fill('[data-testid="raw-command"]', '{ "type": "pickTimeout" }');
    await page.click('[data-testid="send-command"]');
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("sent by the server only");
    expect(await stateIdOf(page)).toBe(before);
    await screenshot(page, "generic-refused");

    const watch = await app().browsers[SPECTATOR]!.context.newPage();
    await watch.goto(`${app().web.url}/watch/${gameId}`);
    await watch.waitForSelector(table);
    expect(await watch.$('[data-testid="raw-command"]')).toBeNull();

    // Ann plays rock every round until someone has 2 points; the bot answers.
    const deadline = Date.now() + 60_000;
    let picks = 0;
    while (!(await page.isVisible('[data-testid="game-over"]'))) {
      if (Date.now() > deadline) throw new Error(`the game did not end in time (${picks} picks)`);
      // A pick stays secret from the spectator until its round is revealed.
      for (const p of await playersShown(watch)) expect(p.sign, `${p.id}'s sign on the spectator's page`).toBeNull();
      const waiting = (await page.getAttribute('[data-testid="waiting-for"]', "data-waiting")) ?? "";
      if (!waiting.split(" ").includes(me) || !(await page.isEnabled('[data-testid="send-command"]'))) {
        await page.waitForTimeout(50);
        continue;
      }
      const at = await stateIdOf(page);
      await page.fill('[data-testid="raw-command"]', '{ "type": "pick", "sign": "rock" }');
      await page.click('[data-testid="send-command"]');
      await page.waitForFunction(([sel, id]) => document.querySelector(sel!)?.getAttribute("data-state-id") !== id, [table, at] as const);
      picks++;
      // The own pick shows to its author while the round waits for the bot.
      const mine = (await playersShown(page)).find((p) => p.id === me)!;
      if (mine.picked) expect(mine.sign).toBe("rock");
      if (picks === 1) await screenshot(page, "generic-play");
    }
    expect(picks).toBeGreaterThanOrEqual(2);
    expect(await page.getAttribute(table, "data-over")).toBe("true");
    expect(await page.$('[data-testid="raw-command"]')).toBeNull();
    // The event log: one JSON line per event.
    const log = await page.$$eval('[data-testid="event-log"] li', (lis) => lis.map((li) => li.textContent!.replace(/^#\d+\s*/, "")));
    const events = log.map((line) => JSON.parse(line) as { type: string });
    expect(events.at(-1)!.type).toBe("gameOver");
    expect(events.some((e) => e.type === "revealed")).toBe(true);
    await screenshot(page, "generic-game-over");
    await watch.waitForSelector(`${table}[data-over="true"]`);
    await screenshot(watch, "generic-watch");
    const finished = (await listGames(server().url, "?status=finished")).find((g) => g.id === gameId);
    expect(finished?.game).toBe("showdown");

    // The admin's game page shows the same fallback, replayed entry by entry, and the events as JSON.
    await page.goto(`${app().web.url}/admin/login`);
    await page.fill('[data-testid="admin-user"]', ADMIN.name);
    await page.fill('[data-testid="admin-password"]', ADMIN.password);
    await page.click('[data-testid="sign-in"]');
    await page.waitForURL(/\/admin$/);
    await page.goto(`${app().web.url}/admin/games/${gameId}`);
    await page.waitForSelector(table);
    await page.click('[data-testid="entry"][data-seq="1"]');
    await expect.poll(() => stateIdOf(page), { timeout: 15_000 }).toBe("1");
    const shown = await page.$$eval('[data-testid="entry"][data-seq="1"] .events li', (lis) => lis.map((li) => JSON.parse(li.textContent!) as { type: string; player?: string }));
    expect(shown.map((e) => e.type)).toEqual(["picked"]);
    // After the first pick the round waits for the other one: the admin sees the pick the others could not.
    const first = (await playersShown(page)).find((p) => p.id === shown[0]!.player)!;
    expect(first.picked).toBe(true);
    expect(["rock", "paper", "scissors"]).toContain(first.sign);
    await screenshot(page, "generic-admin");
    await watch.close();
    await page.close();
  }, 150_000);
});
