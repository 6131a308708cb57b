/**
 * The admin API through HTTP against the real server on PostgreSQL: sign-in with the account created
 * from ADMIN_NAME/ADMIN_PASSWORD, the role check on every admin route (no token, a guest token, an
 * expired session), live games with filters, the timeline and its exported log, replacing a player by
 * the bot, ending a game, history filters, statistics, nodes, and the throttle of wrong passwords.
 */
import { fetchReplay } from "@bang/client";
import { replay, type GameLog } from "@bang/game-core";
import { dice, type Command, type GameSetup, type PlayerView } from "@bang/game-dice";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { createSigner } from "fast-jwt";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, replayOf, startTable, type Player } from "./support/players.js";
import { ROOT } from "./support/build.js";
import { ADMIN_TOKEN, useServer } from "./support/server.js";

const SECRET = "admin-e2e-token-secret-0123456789";
const NAME = "root";
const PASSWORD = "correct horse battery staple";

type Live = {
  id: string;
  game: string;
  phase: string;
  waitingFor: string[];
  players: { id: string; name: string; bot: string | null; replaced: boolean; out: boolean; status: string }[];
  turnNumber: number;
  node: string;
  ageSeconds: number | null;
};

async function signIn(url: string, name: string, password: string) {
  return http(`${url}/api/admin/sessions`, { method: "POST", body: JSON.stringify({ name, password }) });
}

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the admin API", () => {
  const server = useServer({ backend: "postgresql", botDelayMs: 0, env: { TOKEN_SECRET: SECRET, ADMIN_NAME: NAME, ADMIN_PASSWORD: PASSWORD } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));
  let token = "";

  it("signs in with the account from ADMIN_NAME; a wrong password is BAD_CREDENTIALS; every admin route checks the role", async () => {
    const { url } = server();
    const bad = await signIn(url, NAME, "wrong password");
    expect(bad).toMatchObject({ status: 401, body: { code: "BAD_CREDENTIALS" } });
    const unknown = await signIn(url, "nobody", PASSWORD);
    expect(unknown).toMatchObject({ status: 401, body: { code: "BAD_CREDENTIALS" } });
    const ok = await signIn(url, NAME, PASSWORD);
    expect(ok.status).toBe(201);
    const body = ok.body as { token: string; name: string; expiresAt: string };
    expect(body.name).toBe(NAME);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 3600_000);
    token = body.token;

    const guest = (await http(`${url}/api/guests`, { method: "POST", body: JSON.stringify({ name: "mallory" }) })).body as { token: string };
    const expired = createSigner({ key: SECRET, algorithm: "HS256" })({ sub: "x", name: NAME, kind: "admin", exp: Math.floor(Date.now() / 1000) - 10 });
    const forged = createSigner({ key: "another-secret-0123456789abcdef", algorithm: "HS256", expiresIn: 60_000 })({ sub: "x", name: NAME, kind: "admin" });
    for (const path of ["/api/admin/games/live", "/api/admin/games/history", "/api/admin/stats", "/api/admin/nodes", "/api/admin/games/x/timeline", "/api/admin/session"]) {
      expect(await http(`${url}${path}`), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
      expect(await http(`${url}${path}`, { token: guest.token }), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
      expect(await http(`${url}${path}`, { token: forged }), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
      expect(await http(`${url}${path}`, { token: expired }), path).toMatchObject({ status: 401, body: { code: "SESSION_EXPIRED" } });
    }
    for (const path of ["/api/admin/games/x/end", "/api/admin/games/x/players/y/bot"]) {
      expect(await http(`${url}${path}`, { method: "POST", token: guest.token }), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
    }
    // ADMIN_TOKEN keeps working as before.
    expect((await http(`${url}/api/admin/nodes`, { token: ADMIN_TOKEN })).status).toBe(200);
    expect(await http(`${url}/api/admin/session`, { token })).toMatchObject({ status: 200, body: { name: NAME } });
  });

  it("lists live games with filters; the timeline replays; a replaced player's seat is played by the bot to the end", async () => {
    const { url } = server();
    const ann = await connectPlayer(url, "annie oakley");
    players.push(ann);
    const { gameId } = await startTable([ann], { seats: 5, fillBots: true });
    const live = (await http(`${url}/api/admin/games/live`, { token })).body as Live[];
    const game = live.find((g) => g.id === gameId)!;
    expect(game).toBeDefined();
    expect(game.game).toBe("dice");
    expect(game.players.map((p) => p.name)).toContain("annie oakley");
    expect(game.players.filter((p) => p.bot !== null)).toHaveLength(4);
    expect(game.ageSeconds).toBeGreaterThanOrEqual(0);
    // The game's own summary: its phase (a statechart state of the dice game), one seat awaited by
    // name, every seat in the game with a status line in the game's words.
    expect(game.phase).toMatch(/^[a-zA-Z]+$/);
    expect(game.waitingFor.length).toBeLessThanOrEqual(1);
    for (const name of game.waitingFor) expect(game.players.map((p) => p.name)).toContain(name);
    expect(Number.isInteger(game.turnNumber)).toBe(true);
    expect(game.players.every((p) => typeof p.out === "boolean" && p.status.length > 0)).toBe(true);
    expect(((await http(`${url}/api/admin/games/live?player=OAKLEY`, { token })).body as Live[]).map((g) => g.id)).toEqual([gameId]);
    expect((await http(`${url}/api/admin/games/live?player=nobody-here`, { token })).body).toEqual([]);
    // A game that does not exist, or a parameter no route knows, is a 400 naming it, not an empty list.
    for (const path of ["/api/admin/games/live?game=bogus", "/api/admin/games/history?game=bogus", "/api/admin/stats?game=bogus"]) {
      expect(await http(`${url}${path}`, { token }), path).toMatchObject({ status: 400, body: { code: "UNKNOWN_GAME", message: expect.stringMatching(/^game: unknown game "bogus"/) } });
    }
    for (const path of ["/api/admin/games/live?mode=dice", "/api/nodes?x=1", "/api/admin/stats?mode=dice", "/api/games/catalog?x=1", "/api/queues?game=dice"]) {
      expect(await http(`${url}${path}`, { token }), path).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    }
    expect(((await http(`${url}/api/admin/games/live?game=dice`, { token })).body as Live[]).map((g) => g.id)).toContain(gameId);
    expect(((await http(`${url}/api/admin/games/live?game=dice_duel`, { token })).body as Live[]).map((g) => g.id)).not.toContain(gameId);

    // The admin session sees every role in the replay; the guest's own token only its own.
    const adminView = await replayOf<PlayerView>(url, gameId, token);
    expect(adminView.view.players.every((p) => p.role !== null)).toBe(true);
    expect(adminView.seed).not.toBeNull();
    // The SDK's fetchReplay reads the real server's answer (stored commands carry their `by`).
    const sdk = await fetchReplay(url, token, gameId);
    expect(sdk.game).toBe("dice");
    expect((sdk.view as PlayerView).players.every((p) => p.role !== null)).toBe(true);
    expect(sdk.entries.length).toBeGreaterThanOrEqual(adminView.entries.length);
    expect(sdk.entries.map((e) => e.seq)).toEqual(sdk.entries.map((_, i) => i + 1));

    await waitUntil("the player's turn or some entries", async () => ann.client.view(gameId)!.stateId > 0 || ann.client.view(gameId)!.waitingFor.includes(ann.id));
    expect(await http(`${url}/api/admin/games/${gameId}/players/nobody/bot`, { method: "POST", token })).toMatchObject({ status: 409, body: { code: "NOT_SEATED" } });
    expect(await http(`${url}/api/admin/games/${gameId}/players/${ann.id}/bot`, { method: "POST", token })).toMatchObject({ status: 200, body: { ok: true } });
    // Stored: a restore after a restart keeps the bot on that seat.
    const seatsNow = (await http(`${url}/api/games/${gameId}/seats`)).body as { seats: { id: string; name: string; bot: string | null }[] };
    expect(seatsNow.seats.find((s) => s.id === ann.id)).toEqual({ seat: 0, id: ann.id, name: "annie oakley", bot: "heuristic" });
    const finished = await waitUntil("the game's end", async () => (await listGames(url, "?status=finished")).find((g) => g.id === gameId));
    expect(finished.winner).not.toBeNull();
    // The player's own commands are refused once the bot has the seat (the game is over by now too).
    await expect(ann.client.send(gameId, { type: "roll" })).rejects.toMatchObject({ code: expect.stringMatching(/NOT_SEATED|WRONG_PHASE|GAME_NOT_FOUND/) });

    const timeline = (await http(`${url}/api/admin/games/${gameId}/timeline`, { token })).body as {
      gameId: string;
      game: string;
      entries: { seq: number; by: string; at: string; events: { type: string; faces?: string[] }[] }[];
      log: GameLog;
      status: string;
    };
    expect([timeline.gameId, timeline.game, timeline.log.game]).toEqual([gameId, "dice", "dice"]);
    expect(timeline.entries.length).toBe(finished.lastSeq);
    expect(timeline.entries.map((e) => e.seq)).toEqual(Array.from({ length: finished.lastSeq }, (_, i) => i + 1));
    expect(timeline.entries.some((e) => e.events.some((ev) => ev.type === "diceRolled" && ev.faces!.length > 0))).toBe(true);
    expect(timeline.entries.at(-1)!.events.some((e) => e.type === "gameOver")).toBe(true);
    expect(timeline.entries.every((e) => typeof e.at === "string")).toBe(true);
    // The exported log replays to the same end (what `bang replay FILE` reads), with the game's module.
    const states = replay(dice, timeline.log as GameLog<GameSetup, Command>);
    expect(states.at(-1)!.winner).toEqual(finished.winner);
    expect(dice.result(states.at(-1)!)!.winner).toEqual(finished.winner);

    // History with filters, and the statistics.
    const team = finished.winner!.team;
    const other = team === "law" ? "outlaws" : "law";
    const today = new Date().toISOString().slice(0, 10);
    const hist = (q: string) => http(`${url}/api/admin/games/history${q}`, { token }).then((r) => r.body as { total: number; games: { id: string }[] });
    expect((await hist(`?winner=${team}&player=annie&from=${today}&to=${today}&game=dice`)).games.map((g) => g.id)).toEqual([gameId]);
    expect((await hist(`?player=annie&game=dice_duel`)).total).toBe(0);
    expect((await hist(`?winner=${other}`)).total).toBe(0);
    expect((await hist(`?player=zorro`)).total).toBe(0);
    expect((await hist(`?from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    expect(await http(`${url}/api/admin/games/history?from=yesterday`, { token })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    // Shaped like a day but not one: a clear 400 naming the field, not a database error.
    for (const path of ["/api/admin/games/history?from=2026-13-45", "/api/admin/stats?game=dice&to=0000-00-00", "/api/admin/games/history?from=0001-01-01"]) {
      const res = await http(`${url}${path}`, { token });
      expect(res, path).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
      expect((res.body as { message: string }).message, path).toMatch(/from|to/);
    }
    type Rows = { key: string; played: number; won: number }[];
    const stats = (await http(`${url}/api/admin/stats?game=dice`, { token })).body as { game: string; games: number; covers: { game: string; games: number }[]; byFacet: { facet: string; rows: Rows }[]; byTeam: { team: string; games: number }[]; activity: { day: string; games: number }[] };
    expect(stats.games).toBe(1);
    expect(stats.game).toBe("dice");
    expect(stats.covers).toMatchObject([{ game: "dice", games: 1, skipped: 0 }]);
    // The dice game's facets: a seat's role and character (R5.2: every winner seat wins).
    expect(stats.byFacet.map((f) => f.facet)).toEqual(["role", "character"]);
    const byRole = stats.byFacet.find((f) => f.facet === "role")!.rows;
    expect(byRole.reduce((n, r) => n + r.played, 0)).toBe(5);
    expect(byRole.find((r) => r.key === "sheriff")).toMatchObject({ played: 1, won: team === "law" ? 1 : 0 });
    expect(stats.byFacet.find((f) => f.facet === "character")!.rows.reduce((n, r) => n + r.played, 0)).toBe(5);
    expect(stats.byTeam).toEqual([{ game: "dice", team, games: 1 }]);
    expect(stats.activity).toEqual([{ day: today, games: 1 }]);
    // Another game's statistics do not count it.
    expect(((await http(`${url}/api/admin/stats?game=dice_duel`, { token })).body as { games: number }).games).toBe(0);
  });

  it("ends a running game: players are told GAME_ENDED, it is stored abandoned and leaves the live list", async () => {
    const { url } = server();
    const bob = await connectPlayer(url, "bob");
    players.push(bob);
    const { gameId } = await startTable([bob], { seats: 4, fillBots: true });
    const told = new Promise<string>((resolve) => bob.client.on("error", (e) => resolve(e.code)));
    expect(await http(`${url}/api/admin/games/${gameId}/end`, { method: "POST", token })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await told).toBe("GAME_ENDED");
    expect(((await http(`${url}/api/admin/games/live`, { token })).body as Live[]).map((g) => g.id)).not.toContain(gameId);
    expect((await listGames(url, "?status=abandoned")).map((g) => g.id)).toContain(gameId);
    expect(await http(`${url}/api/admin/games/${gameId}/end`, { method: "POST", token })).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    expect(await http(`${url}/api/admin/games/no-such-game/timeline`, { token })).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    const nodes = (await http(`${url}/api/admin/nodes`, { token })).body as { self: boolean; games: number }[];
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.self).toBe(true);
  });

  it("`bang admin create` adds an account to the server's database; it exists once; --reset sets a new password", async () => {
    const srv = server();
    const bang = (args: string[], password: string) =>
      spawnSync(process.execPath, [join(ROOT, "apps/cli/dist/main.js"), "admin", ...args], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: srv.databaseUrl!, BANG_ADMIN_PASSWORD: password, CHECKPOINT_DISABLE: "1" },
      });
    const created = bang(["create", "--name", "ops"], "first password");
    expect(created.stdout + created.stderr).toContain("admin ops created");
    expect(created.status).toBe(0);
    expect((await signIn(srv.url, "ops", "first password")).status).toBe(201);
    const again = bang(["create", "--name", "ops"], "second password");
    expect(again.status).toBe(1);
    expect(again.stdout).toContain("already exists");
    expect(bang(["create", "--name", "ops", "--reset"], "second password").status).toBe(0);
    expect((await signIn(srv.url, "ops", "second password")).status).toBe(201);
    const short = bang(["create", "--name", "x"], "short");
    expect(short.status).toBe(2);
    expect(short.stderr).toContain("password: an admin password has 8 to 256 characters");
  });

  it("slows down repeated wrong passwords: RATE_LIMITED with a growing wait, even for the right password", async () => {
    const { url } = server();
    // Two failures from this IP came before (first test), then two successes that do not clear an IP;
    // 3 are free, then the lockouts start.
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await signIn(url, NAME, `guess ${i}`)).status);
    expect(answers).toEqual([401, 401, 429]);
    const locked = await signIn(url, NAME, PASSWORD);
    expect(locked).toMatchObject({ status: 429, body: { code: "RATE_LIMITED", message: expect.stringMatching(/^too many wrong passwords: try again in \d+ s$/) } });
    const first = (locked.body as { retryAfterMs: number }).retryAfterMs;
    expect(first).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, first + 50));
    expect((await signIn(url, NAME, "guess once more")).status).toBe(401);
    const longer = await signIn(url, NAME, PASSWORD);
    expect(longer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect((longer.body as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(first);
  });

  it("checks one sign-in at a time per name and IP: guesses sent in parallel get RATE_LIMITED, not a password check each", async () => {
    const { url } = server();
    // Wait out this IP's lock from the test before.
    const probe = await signIn(url, "nobody-here", "probe");
    if (probe.status === 429) await new Promise((r) => setTimeout(r, (probe.body as { retryAfterMs: number }).retryAfterMs + 50));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(url, "nobody-here", `parallel ${i}`)));
    const statuses = burst.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // Refused because another check runs, not for wrong passwords: the message says which.
    for (const a of burst) if (a.status === 429) expect(a.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/^another sign-in for this name or address is being checked/) });
  });
});
