/**
 * The web app in a real browser (playwright-core + Debian's Chromium) against the real game server on
 * PostgreSQL and the built app (`next start`): a player creates a table, a friend (another browser)
 * joins it by its code, bots fill it, and both play a full game to its end by clicking (one on a phone,
 * one on a desktop), with a page reload mid-game that resumes the same game; the table has no serious
 * accessibility violation (axe-core), its help opens on focus and on a click, and it plays by keyboard; an admin signs in, opens a live
 * game, steps its replay back and forth and exports its log (which `bang replay` reads); the error
 * pages (wrong password, expired session, unknown game, a server that is down); and no page or API
 * reachable without the admin role shows a living player's secret role. Screenshots go to test/screenshots/.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { PlayerView } from "@bang/game-dice";
import { createSigner } from "fast-jwt";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, playSeat, replayOf, startTable, type Player, type Seat } from "../../server/test/support/players.js";
import { ROOT } from "../../server/test/support/build.js";
import { freePort, useServer } from "../../server/test/support/server.js";
import { axeViolations, tabTo } from "./support/a11y.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const SECRET = "web-e2e-token-secret-0123456789ab";
const ADMIN = { name: "marshal", password: "tin star 1881" };

const server = useServer({ backend: "postgresql", botDelayMs: 15, env: { TOKEN_SECRET: SECRET, ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password } });
let web: WebApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const players: Player[] = [];
const seats: Seat[] = [];

beforeAll(async () => {
  web = await startWeb(server().url);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const s of seats) s.stop();
  await closeAll(players);
  await browser?.close();
  await web?.stop();
}, 30_000);

const phone = async (context: BrowserContext): Promise<Page> => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
};

const stateId = async (page: Page): Promise<number> => Number(await page.getAttribute('[data-testid="table"]', "data-state-id"));

/** A running 5-seat dice game of one SDK client (thinking `thinkMs` before each move) and 4 server bots. */
async function liveGame(name: string, thinkMs: number): Promise<{ gameId: string; player: Player }> {
  const player = await connectPlayer(server().url, name);
  players.push(player);
  const { gameId } = await startTable([player], { game: "dice", seats: 5, fillBots: true });
  seats.push(playSeat(player, gameId, { thinkMs, timeoutMs: 600_000 }));
  return { gameId, player };
}

describe("the player pages", () => {
  it("R2.1 R3.9 R6: a player creates a table, a friend joins it by its code, bots fill it; both play to the end by clicking (phone and desktop) and by keyboard; a reload mid-game resumes it; no serious accessibility violation", async () => {
    const friendBrowser = await launchBrowser();
    try {
      const page = await phone(browser.context);
      // The friend plays on a desktop-sized screen (launchBrowser's 1280 x 860).
      const friend = await friendBrowser.context.newPage();
      await page.goto(`${web.url}/play`);
      await screenshot(page, "play-pick-name");
      await page.fill('[data-testid="name"]', "Calamity");
      await page.click('[data-testid="pick-name"]');
      await friend.goto(`${web.url}/play`);
      await friend.fill('[data-testid="name"]', "Doc Holliday");
      await friend.click('[data-testid="pick-name"]');
      // The lobby offers the server's catalog: the dice game's tables have 3 to 8 seats.
      await page.waitForSelector('[data-testid="game"] option[value="dice"]', { state: "attached" });
      await page.selectOption('[data-testid="game"]', "dice");
      expect(await page.$$eval('[data-testid="seats"] option', (o) => o.map((x) => x.getAttribute("value")))).toEqual(["3", "4", "5", "6", "7", "8"]);
      await page.selectOption('[data-testid="seats"]', "4");
      await page.click('[data-testid="create-table"]');
      const code = (await page.textContent('[data-testid="table-code"]'))!;
      expect(code).toMatch(/^[A-Z0-9]{4,8}$/);
      await friend.fill('[data-testid="code"]', code.toLowerCase());
      await friend.click('[data-testid="join-table"]');
      await friend.waitForSelector('[data-testid="lobby"]');
      await friend.click('[data-testid="ready"]');
      await page.waitForSelector("text=Doc Holliday · ready");
      await page.click('[data-testid="fill-bots"]');
      await page.waitForSelector("text=bot (heuristic)");
      await screenshot(page, "play-lobby");
      await page.click('[data-testid="start"]');
      await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
      const gameId = page.url().split("/").at(-1)!;
      await friend.waitForURL(new RegExp(`/play/${gameId}$`));
      // The shell shows the dice game's own table (its UI folder), picked by the snapshot's `game`.
      await page.waitForSelector('[data-testid="game"][data-game="dice"] [data-testid="table"]');
      expect(await page.$('[data-testid="generic-table"]')).toBeNull();
      const role = await page.textContent('[data-testid="my-role"] .role');
      expect(["sheriff", "deputy", "outlaw", "renegade"]).toContain(role);

      let clicks = 0;
      let reloaded = false;
      let rerolled = false;
      let byKeyboard = false;
      let resolveChecked = false;
      let desktopShot = false;
      const clickedBy = new Map<Page, number>([
        [page, 0],
        [friend, 0],
      ]);
      const count = (p: Page) => {
        clicks++;
        clickedBy.set(p, clickedBy.get(p)! + 1);
      };
      /**
       * The first roll of the phone player: no serious axe violation on the table; a character's help
       * opens on keyboard focus (Escape closes it) and on a click; then Tab to Roll and Enter rolls.
       */
      const rollByKeyboard = async (p: Page): Promise<void> => {
        await screenshot(p, "play-roll");
        expect(await axeViolations(p, '[data-testid="game"]')).toEqual([]);
        await p.locator("body").focus();
        expect(await tabTo(p, '[data-testid="character"]')).toBe(true);
        await p.waitForSelector('[data-testid="character"]:focus + [role="tooltip"]', { state: "visible", timeout: 2_000 });
        await p.keyboard.press("Escape");
        await p.waitForSelector('[data-testid="character"]:focus + [role="tooltip"]', { state: "hidden", timeout: 2_000 });
        const help = p.locator('[data-testid="character"]').last();
        await help.click();
        await expect.poll(() => help.getAttribute("aria-expanded"), { timeout: 2_000 }).toBe("true");
        await screenshot(p, "play-help");
        await p.click('[data-testid="prompt"]');
        await expect.poll(() => help.getAttribute("aria-expanded"), { timeout: 2_000 }).toBe("false");
        const before = await stateId(p);
        expect(await tabTo(p, '[data-testid="roll"]')).toBe(true);
        await p.keyboard.press("Enter");
        await expect.poll(() => stateId(p), { timeout: 10_000 }).toBeGreaterThan(before);
        byKeyboard = true;
      };
      /**
       * Plays the enabled action of `p`, if any: a shot or beer without a target first gets its first
       * offered target; keeps a die (by keyboard on the phone) and rerolls once, else stops; resolves,
       * heals the first offered player, takes the first offered number of arrows.
       */
      const act = async (p: Page): Promise<void> => {
        const target = await p.$('[data-testid="target-row"][data-chosen="false"] [data-testid="target"]:enabled');
        if (target) {
          await target.click({ timeout: 2_000 }).catch(() => undefined);
          return;
        }
        const button = await p.$('[data-testid="roll"]:enabled, [data-testid="reroll"]:enabled, [data-testid="stop"]:enabled, [data-testid="resolve"]:enabled, [data-testid="heal"]:enabled, [data-testid="react"]:enabled');
        if (!button) return;
        const which = await button.getAttribute("data-testid");
        if (p === friend && !desktopShot && (which === "reroll" || which === "resolve")) {
          await screenshot(p, "play-desktop");
          desktopShot = true;
        }
        if (p === page && which === "roll" && !byKeyboard) {
          await rollByKeyboard(p);
          count(p);
          return;
        }
        if (which === "reroll" && !rerolled) {
          const die = await p.$('[data-testid="die"]:enabled');
          if (die && p === page) {
            // Keep a die by keyboard: Tab to it, Space.
            await p.locator("body").focus();
            if (await tabTo(p, '[data-testid="die"]')) await p.keyboard.press("Space");
            expect(await p.$eval('[data-testid="die"]', (d) => d.getAttribute("data-kept")).catch(() => "true")).toBe("true");
          } else if (die) {
            await die.click();
            expect(await die.getAttribute("data-kept")).toBe("true");
          }
          await screenshot(p, "play-reroll");
          await p.click('[data-testid="reroll"]', { timeout: 2_000 }).catch(() => undefined);
          rerolled = true;
        } else if (which === "reroll") {
          await p.click('[data-testid="stop"]', { timeout: 2_000 }).catch(() => undefined);
        } else {
          if (which === "resolve") {
            await screenshot(p, "play-resolve");
            if (p === page && !resolveChecked) {
              expect(await axeViolations(p, '[data-testid="game"]')).toEqual([]);
              resolveChecked = true;
            }
          }
          await button.click({ timeout: 2_000 }).catch(() => undefined);
        }
        count(p);
      };
      const over = async (p: Page) => p.isVisible('[data-testid="game-over"]');
      const deadline = Date.now() + 150_000;
      while (!(await over(page)) || !(await over(friend))) {
        if (Date.now() > deadline) throw new Error(`the game did not end in time (clicks ${clicks})`);
        if (clicks >= 3 && !reloaded) {
          // Mid-game: a reload resumes the same game from the token and game id in localStorage.
          const before = await stateId(page);
          await page.reload();
          await page.waitForSelector('[data-testid="table"]');
          expect(page.url()).toContain(gameId);
          expect(await stateId(page)).toBeGreaterThanOrEqual(before);
          expect(await page.textContent('[data-testid="my-role"] .role')).toBe(role);
          reloaded = true;
          await screenshot(page, "play-after-reload");
        }
        await act(page);
        await act(friend);
        await page.waitForTimeout(40);
      }
      // Both people played by clicking (the reload came after 3 clicks); either may be eliminated
      // early in a game dealt from a random seed, so no more is asked of each.
      expect(reloaded).toBe(true);
      expect(byKeyboard).toBe(true);
      expect(clicks).toBeGreaterThanOrEqual(3);
      expect(clickedBy.get(page)).toBeGreaterThan(0);
      expect(clickedBy.get(friend)).toBeGreaterThan(0);
      await page.waitForSelector('[data-testid="winner"]');
      await screenshot(page, "play-game-over");
      // The server lists the game as finished, with its winner.
      const finished = (await listGames(server().url, "?status=finished")).find((g) => g.id === gameId);
      expect(finished?.winner).toMatchObject({ team: expect.any(String) });
      expect(finished!.players.map((p) => p.name).slice(0, 2)).toEqual(["Calamity", "Doc Holliday"]);
      for (const p of [page, friend]) {
        expect(await p.textContent('[data-testid="winner"] b')).toBe(finished!.winner!.team);
        // The event log names the players and says who won.
        expect(await p.textContent('[data-testid="event-log"]')).toContain("Game over");
      }
      await page.close();
    } finally {
      await friendBrowser.close();
    }
  }, 200_000);

  it("R1.4 R3.4 R7.2: the table of 3 and of 8 seats fits a phone and a desktop, with distances, each 3-player target, help on every term, and no serious accessibility violation", async () => {
    for (const seats of [3, 8]) {
      const player = await connectPlayer(server().url, `sam${seats}`);
      players.push(player);
      const { gameId } = await startTable([player], { game: "dice", seats, fillBots: true });
      for (const [width, height, size] of [[390, 844, "phone"], [1280, 860, "desktop"]] as const) {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width, height });
        // The bots play on while the page is checked: without motion, no die tumbling (scaled down) or
        // token in flight covers a term at the instant axe measures it. The layout checked is the same.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(`${web.url}/watch/${gameId}`);
        await page.waitForSelector('[data-testid="seat-ring"]');
        expect(await page.locator('[data-testid="seat"]').count()).toBe(seats);
        // Every seat lies inside the screen's width, and no two seats overlap.
        const boxes = await page.$$eval('[data-testid="seat"]', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
        for (const b of boxes) expect(b.right).toBeLessThanOrEqual(width);
        for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, `seats overlap at ${seats} players`).toBe(true);
        if (seats === 3) expect(await page.locator('[data-testid="seat-target"]').count()).toBe(3);
        expect(await axeViolations(page, '[data-testid="game"]')).toEqual([]);
        await screenshot(page, `table-${seats}-${size}`);
        await page.close();
      }
    }
  }, 90_000);

  it("an unknown game id and a server that is down show clear messages", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${web.url}/play/00000000-0000-0000-0000-000000000000`);
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("No such game");
    await screenshot(page, "error-unknown-game");
    const dead = await startWeb(`http://127.0.0.1:${await freePort()}`);
    try {
      const other = await browser.context.newPage();
      await other.goto(`${dead.url}/play`);
      await other.evaluate(() => window.localStorage.clear());
      await other.reload();
      // No form that cannot work: the page says so (play-lobby.e2e.test.ts follows the retry).
      await expect.poll(() => other.textContent('[data-testid="server-down"]'), { timeout: 10_000 }).toContain("cannot be reached");
      expect(await other.locator('[data-testid="name"]').count()).toBe(0);
      await screenshot(other, "error-server-down");
      await other.close();
    } finally {
      await dead.stop();
    }
    await page.close();
  }, 60_000);
});

describe("the admin dashboard", () => {

  it("a wrong password and an expired session say so", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${web.url}/admin`);
    await page.waitForURL(/\/admin\/login/);
    await page.fill('[data-testid="admin-user"]', ADMIN.name);
    await page.fill('[data-testid="admin-password"]', "wrong");
    await page.click('[data-testid="sign-in"]');
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 15_000 }).toContain("Wrong name or password");
    await screenshot(page, "admin-wrong-password");
    // A session the server refuses as expired (its clock says so, not the browser's).
    const expired = createSigner({ key: SECRET, algorithm: "HS256" })({ sub: "x", name: ADMIN.name, kind: "admin", exp: Math.floor(Date.now() / 1000) - 5 });
    await page.evaluate((token) => window.localStorage.setItem("bang.admin", JSON.stringify({ token, name: "marshal", expiresAt: new Date(Date.now() + 3600_000).toISOString() })), expired);
    await page.goto(`${web.url}/admin`);
    await page.waitForURL(/reason=expired/);
    expect(await page.textContent('[data-testid="reason"]')).toContain("expired");
    await page.close();
  });

  it("an admin signs in, opens a live game, steps its replay back and forth and sees the state change", async () => {
    const { gameId } = await liveGame("wyatt", 400);
    const page = await browser.context.newPage();
    await page.goto(`${web.url}/admin/login`);
    await page.fill('[data-testid="admin-user"]', ADMIN.name);
    await page.fill('[data-testid="admin-password"]', ADMIN.password);
    await page.click('[data-testid="sign-in"]');
    await page.waitForURL(/\/admin$/);
    await page.waitForSelector(`[data-testid="live-game"][data-game="${gameId}"]`);
    await page.fill('[data-testid="search-player"]', "WYA");
    await page.waitForSelector(`[data-testid="live-game"][data-game="${gameId}"]`);
    await screenshot(page, "admin-live-games");
    await page.click(`[data-testid="live-game"][data-game="${gameId}"] a`);
    await page.waitForURL(new RegExp(`/admin/games/${gameId}$`));
    await expect.poll(() => page.locator('[data-testid="entry"]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    // The admin view shows every role, live.
    await expect.poll(async () => (await page.locator('[data-testid="role"] .role.hidden').count()) === 0 && (await page.locator('[data-testid="role"] .role').count()) === 5, { timeout: 15_000 }).toBe(true);
    await screenshot(page, "admin-game-live");

    await page.click('[data-testid="first"]');
    await expect.poll(() => stateId(page), { timeout: 15_000 }).toBe(0);
    expect(await page.textContent('[data-testid="position"]')).toMatch(/^0 \//);
    await page.click('[data-testid="forward"]');
    await expect.poll(() => stateId(page), { timeout: 15_000 }).toBe(1);
    await page.click('[data-testid="forward"]');
    await expect.poll(() => stateId(page), { timeout: 15_000 }).toBe(2);
    const diceAt2 = await page.textContent('[data-testid="table-dice"]').catch(() => null);
    await page.click('[data-testid="back"]');
    await expect.poll(() => stateId(page), { timeout: 15_000 }).toBe(1);
    // The table shown is exactly the server's replay after that entry.
    const expected = (await replayOf(server().url, gameId, (await adminToken()).token, 1)).view as unknown as PlayerView;
    const lives = await page.$$eval('[data-testid="seat"]', (els) => els.map((e) => [e.getAttribute("data-player"), e.querySelector('[data-testid="life"]')!.textContent!.trim()]));
    for (const [id, life] of lives) {
      const p = expected.players.find((q) => q.id === id)!;
      expect(life).toBe(`♥ ${p.life}/${p.maxLife}`);
    }
    await page.click('[data-testid="entry"][data-seq="2"]');
    await expect.poll(() => stateId(page), { timeout: 15_000 }).toBe(2);
    if (diceAt2) expect(await page.textContent('[data-testid="table-dice"]')).toBe(diceAt2);
    await screenshot(page, "admin-inspector");

    // Export: the JSON `bang replay` reads.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="export"]')]);
    const file = await download.path();
    const log = JSON.parse(await (await import("node:fs/promises")).readFile(file!, "utf8")) as { game: string; setup: { seed: string }; entries: { command: { type: string } }[] };
    expect(log.game).toBe("dice");
    expect(log.setup.seed).toMatch(/^[0-9a-f]{64}$/); // the game's 256-bit key (R1.2), which `bang replay` deals from
    expect(log.entries.length).toBeGreaterThanOrEqual(4);
    const bang = spawnSync(process.execPath, [join(ROOT, "apps/cli/dist/main.js"), "replay", file!, "--step", "3"], { encoding: "utf8" });
    expect(bang.stderr).toBe("");
    expect(bang.status).toBe(0);
    expect(bang.stdout).toContain("== entry 3 of ");

    for (const [path, name] of [["/admin/history", "admin-history"], ["/admin/stats", "admin-stats"], ["/admin/nodes", "admin-nodes"]] as const) {
      await page.goto(`${web.url}${path}`);
      await page.waitForSelector(path.endsWith("nodes") ? '[data-testid="node"]' : path.endsWith("stats") ? '[data-testid="stats-games"]' : '[data-testid="history-total"]');
      await screenshot(page, name);
    }
    const nodes = (await http(`${server().url}/api/admin/nodes`, { token: (await adminToken()).token })).body as { id: string }[];
    expect(await page.textContent('[data-testid="node"] td:first-child')).toContain(nodes[0]!.id);
    expect(await page.textContent('[data-testid="node"] td:nth-child(2)')).toMatch(/^\d+$/);
    await page.goto(`${web.url}/admin/games/no-such-game`);
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 10_000 }).toContain("No such game");
    await page.close();
  }, 120_000);

  it("no page or API reachable without the admin role shows a living player's secret role", async () => {
    const { url } = server();
    // A game that waits for its one person (who never moves, turn timer 600 s): it stays running.
    const doc = await connectPlayer(url, "doc");
    players.push(doc);
    const game = (await startTable([doc], { game: "dice", seats: 5, fillBots: true })).gameId;
    const truth = (await replayOf(url, game, (await adminToken()).token)).view as unknown as PlayerView;
    const secret = truth.players.filter((p) => p.alive && p.role !== "sheriff");
    expect(secret.length).toBeGreaterThan(0);

    // Pages: a spectator's page, another guest opening the seated page, admin pages without a session.
    const context = (await launchBrowser()) as Awaited<ReturnType<typeof launchBrowser>>;
    try {
      const page = await context.context.newPage();
      await page.goto(`${web.url}/watch/${game}`);
      await page.waitForSelector('[data-testid="table"]');
      await screenshot(page, "watch");
      expect(await page.getAttribute('[data-testid="table"]', "data-phase")).not.toBe("gameOver");
      // The bots play on while the page is read (an eliminated player's role is revealed, R5.1): read every
      // seat in one go, and check the players still alive on the page.
      const shown = await page.$$eval('[data-testid="seat"]', (els) =>
        els.map((el) => ({ id: el.getAttribute("data-player"), dead: el.getAttribute("data-out") === "true", role: el.querySelector('[data-testid="role"]')?.textContent })),
      );
      const livingSecret = shown.filter((s) => !s.dead && secret.some((p) => p.id === s.id));
      expect(livingSecret.length).toBeGreaterThan(0);
      for (const s of livingSecret) expect(s.role, `seat ${s.id}`).toBe("secret role");
      const sheriff = truth.players.find((p) => p.role === "sheriff")!;
      expect(await page.textContent(`[data-testid="seat"][data-player="${sheriff.id}"] [data-testid="role"]`)).toBe("sheriff");
      await page.goto(`${web.url}/play/${game}`);
      await page.waitForTimeout(1_500);
      expect(await page.locator('[data-testid="my-role"]').count()).toBe(0);
      for (const path of ["/admin", `/admin/games/${game}`, "/admin/history"]) {
        await page.goto(`${web.url}${path}`);
        await page.waitForURL(/\/admin\/login/);
        expect(await page.locator('[data-testid="table"]').count()).toBe(0);
      }
    } finally {
      await context.close();
    }

    // APIs: without a token and with a guest's token, living roles other than the sheriff's are null.
    const guest = (await http(`${url}/api/guests`, { method: "POST", body: JSON.stringify({ name: "snoop" }) })).body as { token: string };
    for (const token of ["", guest.token]) {
      const { body } = await http(`${url}/api/games/${game}/replay`, token ? { token } : {});
      const view = (body as { view: PlayerView }).view;
      for (const p of view.players) if (p.alive && p.role !== null) expect(p.role === "sheriff" || view.phase === "gameOver").toBe(true);
      for (const path of ["/api/admin/games/live", `/api/admin/games/${game}/timeline`, "/api/admin/games/history"]) {
        expect((await http(`${url}${path}`, token ? { token } : {})).status).toBe(401);
      }
    }
    const seatsBody = JSON.stringify((await http(`${url}/api/games/${game}/seats`)).body);
    for (const role of ["deputy", "outlaw", "renegade"]) expect(seatsBody).not.toContain(role);

    // Last, the admin (signed in in the first browser) ends that game from its page; its player is told.
    const told = new Promise<string>((resolve) => doc.client.on("error", (e) => resolve(e.code)));
    const page = await browser.context.newPage();
    page.on("dialog", (d) => void d.accept());
    await page.goto(`${web.url}/admin/games/${game}`);
    await page.click('[data-testid="end-game"]');
    await expect.poll(() => page.textContent('[data-testid="game-status"]'), { timeout: 15_000 }).toBe("abandoned");
    expect(await told).toBe("GAME_ENDED");
    expect(await page.locator('[data-testid="end-game"]').count()).toBe(0);
    await page.close();
  }, 90_000);
});

let session: { token: string } | null = null;
async function adminToken(): Promise<{ token: string }> {
  if (session) return session;
  const { status, body } = await http(`${server().url}/api/admin/sessions`, { method: "POST", body: JSON.stringify(ADMIN) });
  if (status !== 201) throw new Error(`admin sign-in answered ${status}: ${JSON.stringify(body)}`);
  session = body as { token: string };
  return session;
}
