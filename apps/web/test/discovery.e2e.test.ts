/**
 * The players' pages in Chromium (playwright-core), on phone (390x844) and desktop screens, against the
 * real server (PostgreSQL) and the built app: an invite link seats a second browser at the table (after
 * it picks a name); the list of live games leads to a game's watch page (and a table code in the watch
 * box does too); a player steps through the replay of a finished game in their own view (anyone else
 * gets a spectator's); a leaderboard and a tournament's page with the viewer's next match. Screenshots
 * of each page go to test/screenshots/.
 */
import { createTournament, fetchReplay, fetchTournament, organiseTournament, registerForTournament } from "@bang/client";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playDuelSeat } from "../../server/test/support/duelists.js";
import { closeAll, connectPlayer, startTable, type Player } from "../../server/test/support/players.js";
import { useServer } from "../../server/test/support/server.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { startWeb, type WebApp } from "./support/web.js";

const ORGANISER = "organiser-token-discovery-0123456789";
const server = useServer({ backend: "postgresql", botDelayMs: 5, env: { MATCHMAKING_TICK_MS: "50", ORGANISER_TOKENS: `wyatt:${ORGANISER}` } });
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

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

async function open(context: BrowserContext, size: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  return page;
}

/** This browser becomes `player` (its guest identity in localStorage, as the name form keeps it). */
async function actAs(page: Page, player: Player): Promise<void> {
  await page.goto(`${web.url}/`);
  await page.evaluate((guest) => window.localStorage.setItem("bang.guest", JSON.stringify(guest)), { token: player.guest.token, player: player.guest.player });
}

async function connect(name: string): Promise<Player> {
  const p = await connectPlayer(server().url, name);
  players.push(p);
  return p;
}

describe("an invite link", () => {
  it("a second browser opens /join/CODE, picks a name and lands seated at the table", async () => {
    const friendBrowser = await launchBrowser();
    try {
      const host = await open(browser.context, PHONE);
      await host.goto(`${web.url}/play`);
      await host.fill('[data-testid="name"]', "Calamity");
      await host.click('[data-testid="pick-name"]');
      await host.waitForSelector('[data-testid="game"] option[value="dice"]', { state: "attached" });
      await host.selectOption('[data-testid="game"]', "dice");
      await host.selectOption('[data-testid="seats"]', "4");
      await host.click('[data-testid="create-table"]');
      const code = (await host.textContent('[data-testid="table-code"]'))!;
      const link = `${web.url}/join/${code}`;
      expect(await host.inputValue('[data-testid="invite-link"]')).toBe(link);
      await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: web.url });
      await host.click('[data-testid="copy-invite"]');
      await host.waitForSelector('[data-testid="invite-copied"]');
      expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await screenshot(host, "lobby-invite-phone");

      // The friend's browser has no name yet: the link asks for one, then seats them.
      const friend = await open(friendBrowser.context, DESKTOP);
      await friend.goto(link);
      await friend.waitForSelector('[data-testid="name"]');
      await screenshot(friend, "join-pick-name-desktop");
      await friend.fill('[data-testid="name"]', "Doc Holliday");
      await friend.click('[data-testid="pick-name"]');
      await friend.waitForSelector('[data-testid="lobby"]');
      expect(await friend.textContent('[data-testid="table-code"]')).toBe(code);
      expect(await friend.textContent('[data-testid="lobby"]')).toContain("Doc Holliday · not ready");
      await host.waitForSelector("text=Doc Holliday · not ready");
      await screenshot(friend, "join-lobby-desktop");

      // Opened again (already seated): the same table, still one seat each.
      await friend.goto(link);
      await friend.waitForSelector('[data-testid="lobby"]');
      expect((await friend.textContent('[data-testid="lobby"]'))!.match(/Doc Holliday/g)).toHaveLength(1);
      await friend.click('[data-testid="ready"]');
      await host.waitForSelector("text=Doc Holliday · ready");
      // The host starts: both land in the game.
      await host.click('[data-testid="fill-bots"]');
      await host.click('[data-testid="start"]');
      await host.waitForURL(/\/play\/[0-9a-f-]{36}$/);
      const gameId = host.url().split("/").at(-1)!;
      await friend.waitForURL(new RegExp(`/play/${gameId}$`));

      // Someone else with the link of the started table: it says so and offers to watch its game,
      // before asking a name (none is asked: the link leads to no seat).
      const stranger = await launchBrowser();
      try {
        const page = await open(stranger.context, PHONE);
        await page.goto(link);
        await page.waitForSelector('[data-testid="find-notice"]');
        expect(await page.locator('[data-testid="name"]').count()).toBe(0);
        expect(await page.textContent('[data-testid="find-notice"]')).toContain("has already started");
        expect(await page.getAttribute('[data-testid="find-notice"] a', "href")).toBe(`/watch/${gameId}`);
      } finally {
        await stranger.close();
      }

      // The link again, once the game runs: the friend goes back to their game.
      await friend.goto(`${web.url}/join/${code.toLowerCase()}`);
      await friend.waitForURL(new RegExp(`/play/${gameId}$`));
      // A code that names no table nor game says so.
      await friend.goto(`${web.url}/join/ZZZZ99`);
      await expect.poll(() => friend.textContent('[data-testid="problem"]'), { timeout: 15_000 }).toContain("No table or game has this code");
      await host.close();
    } finally {
      await friendBrowser.close();
    }
  }, 120_000);
});

describe("the live games", () => {
  it("the list shows a running game with its players and age and leads to its watch page; the watch box takes a table code", async () => {
    const wyatt = await connect("Wyatt Earp");
    // A duel against the server's bot that waits for its person (a 600 s turn): it stays running.
    const { gameId, code } = await startTable([wyatt], { game: "dice_duel", seats: 2, fillBots: true, turnSeconds: 600 });
    for (const size of [PHONE, DESKTOP]) {
      const page = await open(browser.context, size);
      await page.goto(`${web.url}/watch`);
      const row = `[data-testid="live-listing"][data-game-id="${gameId}"]`;
      await page.waitForSelector(row);
      const text = (await page.textContent(row))!;
      expect(text).toContain("Wyatt Earp");
      expect(text).toMatch(/running for \d+ (s|min)/);
      expect(await page.getAttribute(`${row} [data-testid="players"] a`, "href")).toBe(`/players/${wyatt.id}`);
      await screenshot(page, size === PHONE ? "watch-list-phone" : "watch-list-desktop");
      await page.click(`${row} [data-testid="watch-link"]`);
      await page.waitForURL(new RegExp(`/watch/${gameId}$`));
      await page.waitForSelector('[data-testid="game"][data-game="dice_duel"]', { timeout: 20_000 });
      await screenshot(page, size === PHONE ? "watch-game-phone" : "watch-game-desktop");
      await page.close();
    }
    // The watch box: a table code (any case) goes to its game; nothing known says so.
    const page = await open(browser.context, PHONE);
    await page.goto(`${web.url}/watch`);
    await page.fill('[data-testid="watch-id"]', "zzzz99");
    await page.click('[data-testid="watch"]');
    await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 15_000 }).toContain("No table or game has this code");
    await page.fill('[data-testid="watch-id"]', code.toLowerCase());
    await page.click('[data-testid="watch"]');
    await page.waitForURL(new RegExp(`/watch/${gameId}$`));
    await page.close();
  }, 90_000);
});

describe("a player's page and replays", () => {
  it("a player opens their finished game from their page and steps through it in their own view; others get a spectator's", async () => {
    const anna = await connect("Annie Oakley");
    const { gameId } = await startTable([anna], { game: "dice_duel", seats: 2, fillBots: true, turnSeconds: 600 });
    const end = await playDuelSeat(anna, gameId, { seed: 7, timeoutMs: 90_000 }).done;
    const outcome = end.winner?.players.includes(anna.id) ? "won" : "lost";
    const last = (await fetchReplay(server().url, anna.guest.token, gameId)).at;
    expect(last).toBeGreaterThan(3);

    for (const size of [PHONE, DESKTOP]) {
      const page = await open(browser.context, size);
      await actAs(page, anna);
      await page.goto(`${web.url}/players/${anna.id}`);
      const row = `[data-testid="player-game"][data-game-id="${gameId}"]`;
      await page.waitForSelector(row);
      expect(await page.getAttribute(row, "data-outcome")).toBe(outcome);
      expect(await page.textContent('[data-testid="player-name"]')).toContain("Annie Oakley");
      await screenshot(page, size === PHONE ? "player-page-phone" : "player-page-desktop");
      await page.click(`${row} [data-testid="open-game"]`);
      await page.waitForURL(new RegExp(`/replay/${gameId}$`));
      const replay = '[data-testid="replay"]';
      await expect.poll(() => page.getAttribute(replay, "data-at"), { timeout: 15_000 }).toBe(String(last));
      expect(await page.getAttribute(replay, "data-viewer")).toBe(`player:${anna.id}`);
      expect(await page.textContent('[data-testid="viewer"]')).toBe("your own view");
      await page.waitForSelector('[data-testid="game"][data-game="dice_duel"]');

      /** The page shows the server's own-view replay after entry `at`. */
      const shows = async (at: number) => {
        await expect.poll(() => page.getAttribute(replay, "data-at"), { timeout: 15_000 }).toBe(String(at));
        const expected = await fetchReplay(server().url, anna.guest.token, gameId, at);
        expect(expected.view.viewer).toEqual({ kind: "player", id: anna.id });
        expect(await page.getAttribute(replay, "data-state-id")).toBe(String(expected.view.stateId));
        expect(await page.textContent('[data-testid="position"]')).toBe(`${at} / ${last}`);
      };
      await page.click('[data-testid="first"]');
      await shows(0);
      await page.click('[data-testid="forward"]');
      await shows(1);
      await page.click('[data-testid="forward"]');
      await shows(2);
      await page.click('[data-testid="back"]');
      await shows(1);
      // The slider, from the keyboard as a person moves it.
      await page.focus('[data-testid="range"]');
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await shows(3);
      // Held down, the slider passes many entries: only where it rests is asked for (the replay budget).
      const asked: string[] = [];
      const count = (r: { url(): string }) => {
        if (/\/replay\?at=/.test(r.url())) asked.push(r.url());
      };
      page.on("request", count);
      await page.keyboard.press("Home");
      for (let i = 0; i < Math.min(8, last); i++) await page.keyboard.press("ArrowRight");
      await shows(Math.min(8, last));
      page.off("request", count);
      expect(asked.length).toBeLessThanOrEqual(3);
      await page.click('[data-testid="entry"][data-seq="2"]');
      await shows(2);
      await screenshot(page, size === PHONE ? "replay-phone" : "replay-desktop");
      await page.click('[data-testid="last"]');
      await shows(last);
      await page.close();
    }

    // Another browser, without anna's identity: the same finished game, as a spectator sees it.
    const other = await launchBrowser();
    try {
      const page = await open(other.context, PHONE);
      await page.goto(`${web.url}/replay/${gameId}`);
      await expect.poll(() => page.getAttribute('[data-testid="replay"]', "data-viewer"), { timeout: 15_000 }).toBe("spectator");
      expect(await page.textContent('[data-testid="viewer"]')).toBe("a spectator's view");
      await page.goto(`${web.url}/players/no-such-player`);
      await expect.poll(() => page.textContent('[data-testid="problem"]'), { timeout: 15_000 }).toContain("No such player");
    } finally {
      await other.close();
    }
  }, 150_000);
});

describe("leaderboards and tournaments", () => {
  it("a rated duel puts its players on the dice_duel leaderboard and their page; a tournament's page shows the viewer's next match", async () => {
    const [belle, cole] = await Promise.all([connect("Belle Starr"), connect("Cole Younger")]);
    for (const p of [belle, cole]) p.client.on("matchFound", (m) => void p.client.confirmMatch(m.matchId));
    await belle.client.joinQueue("dice_duel-2");
    await cole.client.joinQueue("dice_duel-2");
    await expect.poll(() => [belle, cole].every((p) => p.client.queue.state === "playing"), { timeout: 20_000 }).toBe(true);
    const gameId = belle.client.queue.state === "playing" ? belle.client.queue.gameId : "";
    await Promise.all([belle, cole].map((p, i) => playDuelSeat(p, gameId, { seed: 21 + i, timeoutMs: 90_000 }).done));

    for (const size of [PHONE, DESKTOP]) {
      const page = await open(browser.context, size);
      await actAs(page, belle);
      await page.goto(`${web.url}/leaderboard`);
      await page.click('[data-testid="leaderboard-link"][data-game="dice_duel"]');
      await page.waitForURL(/\/leaderboard\/dice_duel$/);
      await expect.poll(() => page.locator('[data-testid="leader"]').count(), { timeout: 15_000 }).toBe(2);
      const text = (await page.textContent('[data-testid="leaderboard"]'))!;
      expect(text).toContain("Belle Starr");
      expect(text).toContain("Cole Younger");
      await screenshot(page, size === PHONE ? "leaderboard-phone" : "leaderboard-desktop");
      await page.click(`[data-testid="leader"][data-player="${cole.id}"] a`);
      await page.waitForURL(new RegExp(`/players/${cole.id}$`));
      await page.waitForSelector('[data-testid="rating"][data-game="dice_duel"]');
      await page.close();
    }

    // A round robin of three connected people who do not move (their duels wait): the viewer's match is offered.
    const trio = await Promise.all(["Bass Reeves", "Pearl Hart", "Sam Bass"].map((n) => connect(n)));
    const url = server().url;
    const t = await createTournament(url, ORGANISER, { name: "Tombstone round robin", game: "dice_duel", format: "round_robin", noShow: "bot", startsAt: new Date().toISOString() });
    await organiseTournament(url, ORGANISER, t.id, { type: "open" });
    for (const p of trio) await registerForTournament(url, p.guest.token, t.id);
    await organiseTournament(url, ORGANISER, t.id, { type: "start" });
    const running = (await fetchTournament(url, t.id)).tables.find((x) => x.result === null)!;
    const viewer = trio.find((p) => running.seats.includes(p.id))!;
    for (const size of [PHONE, DESKTOP]) {
      const page = await open(browser.context, size);
      await actAs(page, viewer);
      await page.goto(`${web.url}/tournaments`);
      await page.click(`[data-testid="tournament"][data-id="${t.id}"] a`);
      await page.waitForURL(new RegExp(`/tournaments/${t.id}$`));
      await page.waitForSelector('[data-testid="my-next"][data-game-id]');
      expect(await page.getAttribute('[data-testid="my-next"]', "data-game-id")).toBe(running.gameId);
      expect(await page.locator('[data-testid="standing"]').count()).toBe(3);
      await page.waitForSelector('[data-testid="bracket"] .match[data-match-id]', { timeout: 15_000 });
      await screenshot(page, size === PHONE ? "tournament-phone" : "tournament-desktop");
      if (size === DESKTOP) {
        await page.click('[data-testid="my-table"]');
        await page.waitForURL(new RegExp(`/play/${running.gameId}$`));
        await page.waitForSelector('[data-testid="game"][data-game="dice_duel"]', { timeout: 20_000 });
      }
      await page.close();
    }
  }, 150_000);
});
