/**
 * The card game's web table (apps/web/src/games/cards) in Chromium at phone size (390 x 844) against
 * the real server and the built app: a person creates a 4-seat `cards` table in the lobby, bots fill
 * it, and the person plays the whole game by tapping (draw, play a card then tap its target, answer
 * shots, Duels and Indians!, pick in the General Store, discard down to their life) until it ends, with
 * a reload mid-game that keeps the seat and the hand. At every decision the page is checked against the
 * game's full state (the admin API): no card of another player's hand is anywhere on the table or in the
 * actions (DESIGN invariant 4), and the hand shown is exactly the player's. A spectator sees no hand at
 * all. No serious accessibility violation. Screenshots go to test/screenshots/cards-*.png.
 */
import type { GameState } from "@bang/game-cards";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { http } from "../../server/test/support/players.js";
import { ADMIN_TOKEN, useServer } from "../../server/test/support/server.js";
import { axeViolations } from "./support/a11y.js";
import { screenshot } from "./support/browser.js";
import { useWebApp } from "./support/web.js";

// Bots think 20 ms; a reload must not hand the seat to the bot (a long grace).
const server = useServer({ backend: "pglite", botDelayMs: 20, disconnectGraceMs: 30_000 });
const app = useWebApp(() => server().url, 2);
const [PLAYER, SPECTATOR] = [0, 1];

/** What the person plays first in phase 2, by kind (the rest: never; Beer only when hurt). */
const PLAY_ORDER = ["bang", "gatling", "indians", "duel", "panic", "cat_balou", "stagecoach", "wells_fargo", "general_store", "barrel", "mustang", "scope", "volcanic", "schofield", "remington", "rev_carabine", "winchester", "jail"];
const kindOf = (card: string) => card.replace(/_(\d+|[jqka])[shdc](_2)?$/, "");

const stateId = async (page: Page): Promise<number> => Number(await page.getAttribute('[data-testid="table"]', "data-state-id"));
/** The data-card values of every card the selector's elements show. */
const cardsIn = (page: Page, selector: string): Promise<string[]> => page.$$eval(`${selector} [data-card]`, (els) => els.map((e) => e.getAttribute("data-card")!).filter(Boolean));

/** The game's full state after entry `at` (admins only). */
async function stateAt(gameId: string, at: number): Promise<GameState> {
  const res = await http(`${server().url}/api/admin/games/${gameId}/state?at=${at}`, { token: ADMIN_TOKEN });
  expect(res.status).toBe(200);
  return (res.body as { state: GameState }).state;
}

/**
 * DESIGN 4, E1.3: what `page` shows of the game at its current state holds no card of another player's
 * hand (table and actions), and its hand is exactly `me`'s (none for a spectator). Returns the state id checked.
 */
async function checkSecrets(page: Page, gameId: string, me: string | null): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const at = await stateId(page);
    const shown = await cardsIn(page, '[data-testid="game"]');
    const hand = await page.$$eval('[data-testid="hand-card"]', (els) => els.map((e) => e.getAttribute("data-card")!));
    // The page may have moved on while this was read: read again at one state.
    if ((await stateId(page)) !== at) {
      if (attempt > 20) throw new Error("the page never held still");
      continue;
    }
    const state = await stateAt(gameId, at);
    expect(state.stateId, "the admin state at the page's entry").toBe(at);
    const others = state.players.filter((p) => p.id !== me).flatMap((p) => p.hand);
    const leaked = shown.filter((c) => others.includes(c));
    expect(leaked, `another player's hand cards on the page at state ${at}`).toEqual([]);
    expect(hand).toEqual(me ? state.players.find((p) => p.id === me)!.hand : []);
    // The table's seats never hold a hand card element.
    expect(await page.$$('[data-testid="table"] [data-testid="hand-card"]')).toHaveLength(0);
    return at;
  }
}

/** Clicks `selector` if it is there and enabled; true when clicked. */
async function tap(page: Page, selector: string): Promise<boolean> {
  const el = await page.$(`${selector}:enabled`);
  if (!el) return false;
  await el.click({ timeout: 3_000 }).catch(() => undefined);
  return true;
}

/** Waits (up to `ms`) for the table to move past state `from`. */
const moved = (page: Page, from: number, ms = 5_000) =>
  page.waitForFunction((s) => Number(document.querySelector('[data-testid="table"]')?.getAttribute("data-state-id")) !== s, from, { timeout: ms }).then(
    () => true,
    () => false,
  );

describe("the card game's web table", () => {
  it("E3 E5 E7 E1.3: a person plays a whole 4-player game against bots by tapping at phone size, reloads mid-game and keeps seat and hand, and never sees another player's hand", async () => {
    const page = await app().browsers[PLAYER]!.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const done: Record<string, boolean> = {};
    let reloaded = false;
    let decisions = 0;
    let turnPlays = { turn: -1, n: 0 };
    let watched = false;
    const deadline = Date.now() + 540_000;
    let gameId = "";
    // A deal can end the person's game before the reload and the spectator had their turn (an early
    // elimination): then another game, up to three.
    for (let game = 1; game <= 3 && !(reloaded && watched && decisions > 5); game++) {
      await page.goto(`${app().web.url}/play`);
      if (game === 1) {
        await page.fill('[data-testid="name"]', "Calamity");
        await page.click('[data-testid="pick-name"]');
      }
      await page.waitForSelector('[data-testid="game"] option[value="cards"]', { state: "attached" });
      await page.selectOption('[data-testid="game"]', "cards");
      await page.selectOption('[data-testid="seats"]', "4");
      await page.getByLabel("Seconds per turn").fill("40");
      await page.click('[data-testid="create-table"]');
      await page.waitForSelector('[data-testid="lobby"]');
      await page.click('[data-testid="fill-bots"]');
      await page.waitForSelector("text=bot (heuristic)");
      await page.click('[data-testid="start"]');
      await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
      gameId = page.url().split("/").at(-1)!;
      await page.waitForSelector('[data-testid="game"][data-game="cards"] [data-testid="table"]');
      expect(await page.$('[data-testid="generic-table"]')).toBeNull();
      const me = (await page.getAttribute('[data-testid="my-role"]', "data-player"))!;
      expect(me).toBeTruthy();
      // Four seats; the sheriff's star is public, the other roles secret (E1.3).
      expect(await page.$$('[data-testid="seat"]')).toHaveLength(4);
      const roles = await page.$$eval('[data-testid="seat"]', (seats) => seats.map((s) => ({ id: s.getAttribute("data-player"), role: s.querySelector('[data-testid="role"]')?.getAttribute("data-role") ?? null })));
      expect(roles.filter((r) => r.role === "sheriff")).toHaveLength(1);
      expect(roles.filter((r) => r.id !== me && r.role !== null && r.role !== "sheriff")).toEqual([]);
      await screenshot(page, "cards-start");

      turnPlays = { turn: -1, n: 0 };

      while (!(await page.isVisible('[data-testid="game-over"]'))) {
        if (Date.now() > deadline) throw new Error(`the game did not end in time (${decisions} decisions)`);
        if (await tap(page, '[data-testid="take-seat-back"]')) continue;
        const mine = await page.$('[data-testid="actions"].cards-actions-mine');
        if (!mine) {
          await page.waitForTimeout(60);
          continue;
        }
        const at = await checkSecrets(page, gameId, me);
        decisions++;
        const phase = (await page.getAttribute('[data-testid="actions"]', "data-phase"))!;
        const pending = (await page.getAttribute('[data-testid="actions"]', "data-pending")) ?? "";

        // Mid-game, on the player's own move: a reload keeps the seat and the hand.
        if (!reloaded && phase === "play" && decisions >= 3) {
          const hand = await page.$$eval('[data-testid="hand-card"]', (els) => els.map((e) => e.getAttribute("data-card")));
          await page.reload();
          await page.waitForSelector('[data-testid="game"][data-game="cards"] [data-testid="table"]');
          await page.waitForSelector('[data-testid="actions"]');
          expect(await page.getAttribute('[data-testid="my-role"]', "data-player")).toBe(me);
          expect(page.url()).toContain(gameId);
          if ((await stateId(page)) === at) expect(await page.$$eval('[data-testid="hand-card"]', (els) => els.map((e) => e.getAttribute("data-card")))).toEqual(hand);
          await checkSecrets(page, gameId, me);
          await screenshot(page, "cards-after-reload");
          reloaded = true;
          continue;
        }

        if (phase === "response") {
          if (!done[`window-${pending}`]) {
            await screenshot(page, `cards-answer-${pending}`);
            done[`window-${pending}`] = true;
          }
          (await tap(page, '[data-testid="respond"]')) || (await tap(page, '[data-testid="barrel"]')) || (await tap(page, '[data-testid="pass"]'));
        } else if (phase === "draw" || phase === "choice" || phase === "generalStore") {
          if (phase !== "draw" && !done[phase]) {
            await screenshot(page, `cards-${phase}`);
            done[phase] = true;
          }
          (await tap(page, '[data-testid="draw"]')) || (await tap(page, '[data-testid="keep"]')) || (await tap(page, '[data-testid="choose"]')) || (await tap(page, '[data-testid="pick"]'));
        } else if (phase === "discard") {
          for (let i = 0; i < 10 && !(await page.isEnabled('[data-testid="discard"]')); i++) {
            const card = await page.$('[data-testid="hand-card"][aria-pressed="false"]:enabled');
            if (!card) break;
            await card.click();
          }
          if (!done.discard) {
            await screenshot(page, "cards-discard");
            done.discard = true;
          }
          await tap(page, '[data-testid="discard"]');
        } else if (phase === "play") {
          const turn = Number((await page.textContent('[data-testid="turn-line"]'))!.match(/Turn (\d+)/)![1]);
          if (turnPlays.turn !== turn) turnPlays = { turn, n: 0 };
          const usable = await page.$$eval('[data-testid="hand-card"][data-usable="true"]', (els) => els.map((e) => e.getAttribute("data-card")!));
          const self = await page.$eval(`[data-testid="seat"][data-player="${me}"] [data-testid="life"]`, (e) => Number(e.getAttribute("data-life")));
          const max = Number((await page.textContent(`[data-testid="seat"][data-player="${me}"] [data-testid="life"]`))!.match(/\/(\d+)/)![1]);
          const choice = turnPlays.n < 4 ? [...usable].sort((a, b) => rank(a) - rank(b)).find((c) => rank(c) < 99 || (kindOf(c) === "beer" && self < max)) : undefined;
          if (!choice) {
            await tap(page, '[data-testid="end"]');
          } else {
            turnPlays.n++;
            await page.click(`[data-testid="hand-card"][data-card="${choice}"]`);
            expect(await page.getAttribute(`[data-testid="hand-card"][data-card="${choice}"]`, "aria-pressed")).toBe("true");
            expect(await page.textContent('[data-testid="card-detail"]')).toContain("(E");
            if (await tap(page, '[data-testid="play"]')) {
              // an untargeted card, confirmed
            } else {
              // A target is tapped on its seat; only players the card can reach are offered (the module's `legal`).
              if (!done.target) {
                await screenshot(page, "cards-target");
                expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
                done.target = true;
              }
              const direct = await page.$('[data-testid="seat"] [data-testid="seat-target"][data-send]:enabled');
              if (direct) await direct.click();
              else {
                await page.click('[data-testid="seat"] [data-testid="seat-target"]:enabled');
                if (!done.take) {
                  await screenshot(page, "cards-take");
                  done.take = true;
                }
                await tap(page, '[data-testid="take"]');
              }
            }
          }
        }
        await moved(page, at);

        // Mid-game, a spectator watches: no hand at all, no action.
        if (!watched && decisions >= 6) {
          const watch = await app().browsers[SPECTATOR]!.context.newPage();
          await watch.setViewportSize({ width: 390, height: 844 });
          await watch.goto(`${app().web.url}/watch/${gameId}`);
          await watch.waitForSelector('[data-testid="game"][data-game="cards"] [data-testid="table"]');
          expect(await watch.$('[data-testid="actions"]')).toBeNull();
          await checkSecrets(watch, gameId, null);
          await screenshot(watch, "cards-spectator");
          await watch.setViewportSize({ width: 1280, height: 860 });
          await screenshot(watch, "cards-spectator-desktop");
          await watch.close();
          watched = true;
        }
      }
    }

    expect(reloaded).toBe(true);
    expect(watched).toBe(true);
    expect(decisions).toBeGreaterThan(5);
    await page.waitForSelector('[data-testid="winner"]');
    const final = await stateAt(gameId, await stateId(page));
    expect(final.winner).not.toBeNull();
    expect(await page.textContent('[data-testid="winner"] b')).toBe(final.winner!.team);
    // Every role shows at the end (E1.3).
    expect(await page.$$eval('[data-testid="seat"] [data-testid="role"][data-role]', (els) => els.length)).toBe(4);
    const log = (await page.textContent('[data-testid="event-log"]'))!;
    expect(log).toContain("Game over");
    expect(log).toMatch(/Turn 1 · /);
    await screenshot(page, "cards-game-over");
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, "cards-desktop");
    await page.close();
  }, 600_000);
});

/** The person's preference of a card in phase 2 (lower first; 99: not played). */
function rank(card: string): number {
  const i = PLAY_ORDER.indexOf(kindOf(card));
  return i < 0 ? 99 : i;
}
