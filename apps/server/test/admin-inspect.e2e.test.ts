/**
 * The admin game page's API through HTTP against the real server on PostgreSQL: a running game's
 * presence (connected, away, given to the bot, timers), "view as player X" at any point of the log
 * (the others' secrets stay hidden: the same view the player's own token gets), the raw state (admins
 * only), the history naming a duel's winner, and statistics over every game, duels included.
 */
import { replay, type GameLog } from "@bang/game-core";
import { dice, type Command, type GameSetup, type GameState, type PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { ADMIN_TOKEN, useServer } from "./support/server.js";

type Presence = { gameId: string; node: string; turnMs: number; seats: { id: string; name: string; bot: string | null; connected: boolean; away: boolean; replaced: boolean; remainingMs: number | null }[] };
type ViewAt = { gameId: string; game: string; at: number; lastSeq: number; as: string; view: PlayerView; entries: { seq: number; by: string; command: Record<string, unknown>; events: { type: string }[] }[] };

const server = useServer({ backend: "postgresql", botDelayMs: 150 });
const players: Player[] = [];
afterAll(() => closeAll(players));

const admin = (path: string, method = "GET") => http(`${server().url}${path}`, { method, token: ADMIN_TOKEN });
const seatOf = (p: Presence, id: string) => p.seats.find((s) => s.id === id)!;

describe("the admin game page's API", () => {
  let gameId = "";
  let ann: Player;

  it("presence: a connected person awaited with their timer and the bot seats; none once the game is over", async () => {
    ann = await connectPlayer(server().url, "annie");
    players.push(ann);
    ({ gameId } = await startTable([ann], { seats: 5, fillBots: true, turnSeconds: 600 }));
    // The bots play up to annie's turn (the sheriff starts, R1.6), then the game waits for her.
    await expect.poll(() => ann.client.view(gameId)?.waitingFor.includes(ann.id), { timeout: 30_000 }).toBe(true);
    const nodes = (await admin("/api/admin/nodes")).body as { id: string }[];
    const first = (await admin(`/api/admin/games/${gameId}/presence`)).body as Presence;
    expect(first).toMatchObject({ gameId, node: nodes[0]!.id, turnMs: 600_000 });
    expect(first.seats).toHaveLength(5);
    expect(seatOf(first, ann.id)).toMatchObject({ name: "annie", bot: null, connected: true, away: false, replaced: false });
    expect(seatOf(first, ann.id).remainingMs).toBeGreaterThan(500_000);
    expect(seatOf(first, ann.id).remainingMs).toBeLessThanOrEqual(600_000);
    for (const s of first.seats.filter((x) => x.id !== ann.id)) expect(s).toMatchObject({ bot: "heuristic", connected: false, away: false, replaced: false, remainingMs: null });
    // annie plays her seat to the end (her log is the one the next tests inspect).
    await playSeat(ann, gameId).done;
    await expect.poll(async () => (await listGames(server().url, "?status=finished")).some((g) => g.id === gameId), { timeout: 30_000 }).toBe(true);
    expect(await admin(`/api/admin/games/${gameId}/presence`)).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
  }, 120_000);

  it("presence of a person who left: not connected, away once the grace is over; then given to the bot", async () => {
    const bob = await connectPlayer(server().url, "bob");
    const { gameId: id } = await startTable([bob], { seats: 4, fillBots: true, turnSeconds: 600 });
    expect(seatOf((await admin(`/api/admin/games/${id}/presence`)).body as Presence, bob.id)).toMatchObject({ connected: true, away: false });
    await bob.client.close();
    await expect.poll(async () => seatOf((await admin(`/api/admin/games/${id}/presence`)).body as Presence, bob.id), { timeout: 10_000 }).toMatchObject({ connected: false, away: true, replaced: false });
    expect(await admin(`/api/admin/games/${id}/players/${bob.id}/bot`, "POST")).toMatchObject({ status: 200 });
    const replaced = await admin(`/api/admin/games/${id}/presence`);
    // The bot plays on at once: the game may be over already (then it is no longer running).
    if (replaced.status === 200) expect(seatOf(replaced.body as Presence, bob.id)).toMatchObject({ connected: false, away: true, replaced: true });
    else expect(replaced).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
    await admin(`/api/admin/games/${id}/end`, "POST");
  });

  it("view as a player at any point: that player's own view (R1.2: the others' roles hidden, the sheriff's shown), as their own token gets it", async () => {
    const { url } = server();
    const log = ((await admin(`/api/admin/games/${gameId}/timeline`)).body as { log: GameLog }).log;
    const total = log.entries.length;
    expect(total).toBeGreaterThan(3);
    const guestToken = ann.guest.token;
    for (const at of [0, 2, total]) {
      const res = await admin(`/api/admin/games/${gameId}/view?as=${ann.id}&at=${at}`);
      expect(res.status).toBe(200);
      const body = res.body as ViewAt;
      expect(body).toMatchObject({ gameId, game: "dice", at, lastSeq: total, as: ann.id });
      expect(body.view.viewer).toEqual({ kind: "player", id: ann.id });
      // Exactly what the player's own token shows of that point.
      expect(body.view).toEqual((await replayOf<PlayerView>(url, gameId, guestToken, at)).view);
      expect(body.entries.map((e) => [e.seq, e.by])).toEqual(log.entries.slice(0, at).map((e, i) => [i + 1, e.command.by]));
      for (const e of body.entries) expect(e.command).not.toHaveProperty("by");
    }
    // At the deal everyone lives: annie sees her own role and the sheriff's, never another's.
    const dealt = ((await admin(`/api/admin/games/${gameId}/view?as=${ann.id}&at=0`)).body as ViewAt).view;
    for (const p of dealt.players) {
      if (p.id === ann.id || p.role === "sheriff") expect(p.role).not.toBeNull();
      else expect(p.role, p.id).toBeNull();
    }
    const adminDealt = (await replayOf<PlayerView>(url, gameId, ADMIN_TOKEN, 0)).view;
    expect(adminDealt.players.every((p) => p.role !== null)).toBe(true);
    // A bot's seat may be viewed too; a player without a seat, a point past the log, no `as`: refused.
    const bot = log.setup.players.find((p) => (p as { id: string }).id !== ann.id) as { id: string };
    expect(((await admin(`/api/admin/games/${gameId}/view?as=${bot.id}&at=1`)).body as ViewAt).view.viewer).toEqual({ kind: "player", id: bot.id });
    expect(await admin(`/api/admin/games/${gameId}/view?as=nobody`)).toMatchObject({ status: 400, body: { code: "NOT_SEATED" } });
    expect(await admin(`/api/admin/games/${gameId}/view?as=${ann.id}&at=${total + 1}`)).toMatchObject({ status: 400, body: { code: "BAD_SEQ" } });
    expect(await admin(`/api/admin/games/${gameId}/view`)).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    expect(await admin(`/api/admin/games/${gameId}/view?as=${ann.id}&at=-1`)).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
  });

  it("the raw state at any point, for admins only: the state the log replays to", async () => {
    const log = ((await admin(`/api/admin/games/${gameId}/timeline`)).body as { log: GameLog }).log;
    const states = replay(dice, log as GameLog<GameSetup, Command>);
    for (const at of [0, 1, log.entries.length]) {
      const res = await admin(`/api/admin/games/${gameId}/state?at=${at}`);
      expect(res).toMatchObject({ status: 200, body: { gameId, game: "dice", at, lastSeq: log.entries.length } });
      expect((res.body as { state: GameState }).state).toEqual(JSON.parse(JSON.stringify(states[at])));
    }
    expect(((await admin(`/api/admin/games/${gameId}/state`)).body as { at: number }).at).toBe(log.entries.length);
    expect(await admin(`/api/admin/games/${gameId}/state?at=${log.entries.length + 1}`)).toMatchObject({ status: 400, body: { code: "BAD_SEQ" } });
    for (const path of ["state", `view?as=${ann.id}`, "presence"]) {
      expect(await admin(`/api/admin/games/no-such-game/${path}`), path).toMatchObject({ status: 404, body: { code: "GAME_NOT_FOUND" } });
      // A player (even one seated in the game) never reaches them.
      expect(await http(`${server().url}/api/admin/games/${gameId}/${path}`, { token: ann.guest.token }), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
      expect(await http(`${server().url}/api/admin/games/${gameId}/${path}`), path).toMatchObject({ status: 401, body: { code: "ADMIN_REQUIRED" } });
    }
  });

  it("the history names a duel's winner (R8.10: one player wins); statistics cover every game, duels included", async () => {
    const cal = await connectPlayer(server().url, "calamity");
    players.push(cal);
    const duel = (await startTable([cal], { game: "dice_duel", seats: 2, fillBots: true, turnSeconds: 600 })).gameId;
    expect(await admin(`/api/admin/games/${duel}/players/${cal.id}/bot`, "POST")).toMatchObject({ status: 200 });
    await expect.poll(async () => (await listGames(server().url, "?status=finished")).some((g) => g.id === duel), { timeout: 90_000 }).toBe(true);
    const history = (await admin("/api/admin/games/history?game=dice_duel")).body as { games: { id: string; players: { id: string; name: string }[]; winner: { team: string; players: string[]; names: string[] } }[] };
    const row = history.games.find((g) => g.id === duel)!;
    expect(row.winner.team).toBe("duel");
    expect(row.winner.players).toHaveLength(1);
    expect(row.winner.names).toEqual([row.players.find((p) => p.id === row.winner.players[0])!.name]);
    expect(row.winner.names[0]).not.toBe("duel");

    type Stats = { game: string | null; finished: number; read: number; games: number; covers: { game: string; name: string; games: number; skipped: number }[]; byTeam: { game: string; team: string; games: number }[] };
    const every = (await admin("/api/admin/stats")).body as Stats;
    expect(every.game).toBeNull();
    expect(every.covers.map((c) => c.game)).toEqual(expect.arrayContaining(["dice", "dice_duel"]));
    const duels = every.covers.find((c) => c.game === "dice_duel")!;
    const dices = every.covers.find((c) => c.game === "dice")!;
    expect(duels.games).toBeGreaterThanOrEqual(1);
    expect(dices.games).toBeGreaterThanOrEqual(1);
    expect(every.games).toBe(every.covers.reduce((n, c) => n + c.games, 0));
    expect(every.finished).toBe(every.read);
    expect(every.byTeam).toContainEqual({ game: "dice_duel", team: "duel", games: duels.games });
    const one = (await admin("/api/admin/stats?game=dice_duel")).body as Stats;
    expect(one).toMatchObject({ game: "dice_duel", games: duels.games, covers: [{ game: "dice_duel", games: duels.games, skipped: 0 }] });
  }, 120_000);
});
