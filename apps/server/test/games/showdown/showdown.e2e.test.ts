/**
 * Issue 14: a game needs no change outside its own folder. Showdown (module.ts, a 2-player secret
 * simultaneous pick game that lives only here) is loaded by the real server through GAME_MODULES; it is
 * created from the lobby, played over WebSocket by two SDK clients choosing from their own views,
 * stored, replayed through the replay endpoint and the admin timeline, rated from its public queue, and
 * a node started without its module reports the stored game by name instead of crashing.
 */
import { fetchCatalog } from "@bang/client";
import { replay, type GameLog } from "@bang/game-core";
import { findGame, registerGame } from "@bang/games";
import type { ServerMessage, WireServerMessage } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, playSeat, replayOf, type Player } from "../../support/players.js";
import { ADMIN_TOKEN, useServer } from "../../support/server.js";
import { buildShowdown } from "./build.js";
import { showdown, type Command, type Setup, type View } from "./module.js";
import { WholeViews } from "../../support/whole-views.js";

const MODULE_FILE = buildShowdown();
if (!findGame("showdown")) registerGame(showdown);
const QUEUES = JSON.stringify([{ id: "showdown-2", game: "showdown", minSeats: 2, maxSeats: 2 }]);

/** The frames of `player` for `gameId` that show another player's pick before its round was revealed. */
function earlyPicks(player: Player, gameId: string): string[] {
  const leaks: string[] = [];
  // Whole views, as the SDK makes them from events' view changes (hello feature viewChanges).
  const views = new WholeViews();
  for (const text of player.sockets.flatMap((s) => s.frames)) {
    const m = JSON.parse(text) as WireServerMessage;
    if ((m.type !== "event" && m.type !== "snapshot") || m.gameId !== gameId) continue;
    const view = views.of<View>(m);
    if (view === null) continue;
    for (const p of view.players) if (p.id !== player.id && p.sign !== null) leaks.push(`${m.type} ${m.seq}: ${p.id}'s sign ${p.sign}`);
    if (m.type === "event" && m.by !== player.id && m.command.type === "pick") {
      const pending = view.players.find((p) => p.id === m.by)!.picked;
      if (pending && "sign" in m.command) leaks.push(`event ${m.seq}: the pending pick of ${m.by} carries ${String(m.command.sign)}`);
    }
  }
  return leaks;
}

describe("a game module that lives only in the tests (showdown)", () => {
  const server = useServer({ backend: "pglite", env: { GAME_MODULES: MODULE_FILE, MATCHMAKING_QUEUES: QUEUES, MATCHMAKING_TICK_MS: "100" } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("is in the catalog, created from the lobby, played over WebSocket with a timed-out pick, kept secret, stored and replayed", async () => {
    const srv = server();
    const catalog = await fetchCatalog(srv.url);
    expect(catalog.map((g) => g.id)).toEqual(["dice", "dice_duel", "cards", "cash_n_guns", "showdown"]);
    expect(catalog.find((g) => g.id === "showdown")).toMatchObject({ name: "Showdown (a test game)", seats: { min: 2, max: 2 }, rankedSeats: { min: 2, max: 2 } });

    const [ann, bob] = [await connectPlayer(srv.url, "ann"), await connectPlayer(srv.url, "bob")];
    players.push(ann, bob);
    // The lobby checks the game's own seats and options, generically.
    await expect(ann.client.createTable({ game: "showdown", seats: 3 })).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/options\.seats: a showdown table has 2 seats/) });
    const created = await ann.client.createTable({ game: "showdown", seats: 2, botsAllowed: false, turnSeconds: 5 });
    expect(created.options.game).toBe("showdown");
    await bob.client.joinTable(created.code);
    await bob.client.setReady(created.code, true);
    const gameId = (await ann.client.startGame(created.code)).gameId!;
    await Promise.all(players.map((p) => p.client.waitFor((_v, id) => id === gameId, 20_000)));
    expect(ann.client.game(gameId)!.game).toBe("showdown");
    // A command of another game is refused by this game's schema, naming the field.
    await expect(ann.client.send(gameId, { type: "roll" })).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/command\.type/) });
    await expect(ann.client.send(gameId, { type: "pickTimeout" })).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/server only/) });

    // bob lets his first pick run out: the server plays the module's timeout command for him.
    let bobTimedOut = false;
    bob.client.on("event", (e) => {
      if (e.gameId === gameId && e.command.type === "pickTimeout") bobTimedOut = true;
    });
    const seats = [
      playSeat<View>(ann, gameId, { seed: 1, timeoutMs: 60_000 }),
      playSeat<View>(bob, gameId, { seed: 2, timeoutMs: 60_000, script: (view) => (view.round === 1 && !bobTimedOut ? "skip" : "bot") }),
    ];
    const finals = await Promise.all(seats.map((s) => s.done));
    expect(bobTimedOut).toBe(true);
    const winner = finals[0]!.winner;
    expect(winner).not.toBeNull();
    for (const v of finals) {
      expect(v.waitingFor).toEqual([]);
      expect(v.winner).toBe(winner);
      expect(v.players.find((p) => p.id === winner)!.points).toBe(2);
    }
    for (const p of players) {
      expect(earlyPicks(p, gameId)).toEqual([]);
      expect(p.errors).toEqual([]);
    }
    // There were pending picks to hide: each round's first pick reached the other player without its sign.
    const hidden = bob.sockets.flatMap((s) => s.frames).map((f) => JSON.parse(f) as ServerMessage).filter((m) => m.type === "event" && m.by === ann.id && m.command.type === "pick" && !("sign" in m.command));
    expect(hidden.length).toBeGreaterThan(0);

    // Stored and replayed: the log replays with the module to the clients' end; every pick shows now.
    const body = await replayOf<View>(srv.url, gameId, ADMIN_TOKEN);
    expect(body).toMatchObject({ game: "showdown", status: "finished" });
    expect(body.entries.filter((e) => e.command.type === "pick").every((e) => "sign" in e.command)).toBe(true);
    const log: GameLog<Setup, Command> = { game: "showdown", setup: { players: [{ id: ann.id }, { id: bob.id }], seed: body.seed as string }, entries: body.entries.map((e) => ({ command: { ...e.command, by: e.by } as Command })) };
    expect(replay(showdown, log).at(-1)!.winner).toBe(winner);
    expect(body.view).toEqual({ ...finals[0], viewer: { kind: "admin" }, players: finals[0]!.players.map((p) => ({ ...p })) });
    const timeline = await http(`${srv.url}/api/admin/games/${gameId}/timeline`, { token: ADMIN_TOKEN });
    expect(timeline.status).toBe(200);
    const t = timeline.body as { game: string; entries: { events: { type: string }[] }[]; log: { game: string } };
    expect(t.game).toBe("showdown");
    expect(t.log.game).toBe("showdown");
    expect(t.entries.flatMap((e) => e.events).filter((e) => e.type === "revealed").length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("is rated: a game from its public queue moves both players' showdown ratings, the winner's up", async () => {
    const srv = server();
    const [cat, dan] = [await connectPlayer(srv.url, "cat"), await connectPlayer(srv.url, "dan")];
    players.push(cat, dan);
    for (const p of [cat, dan]) p.client.on("matchFound", (m) => void p.client.confirmMatch(m.matchId).catch(() => undefined));
    await Promise.all([cat, dan].map((p) => p.client.joinQueue("showdown-2")));
    const started = await cat.client.waitFor((_v, id) => cat.client.game(id)?.game === "showdown", 30_000);
    const finals = await Promise.all([cat, dan].map((p, i) => playSeat<View>(p, started.gameId, { seed: 10 + i, timeoutMs: 60_000 }).done));
    const winner = finals[0]!.winner!;
    const loser = winner === cat.id ? dan.id : cat.id;
    const rating = async (id: string) => (await http(`${srv.url}/api/players/${id}/rating?game=showdown`)).body as { rating: { game: string; games: number; mu: number } };
    await expect.poll(async () => (await rating(winner)).rating.games, { timeout: 10_000 }).toBe(1);
    const [w, l] = [await rating(winner), await rating(loser)];
    expect(w.rating).toMatchObject({ game: "showdown", games: 1 });
    expect(l.rating).toMatchObject({ game: "showdown", games: 1 });
    expect(w.rating.mu).toBeGreaterThan(25);
    expect(l.rating.mu).toBeLessThan(25);
    // Ratings are per game: the dice game's leaderboard does not list them.
    const dice = (await http(`${srv.url}/api/ratings?game=dice`)).body as { playerId: string }[];
    expect(dice.map((r) => r.playerId)).not.toContain(winner);
  }, 120_000);

  it("a node started without its module reports the stored game by name and serves the other games", async () => {
    const srv = server();
    const [eve, fay] = [await connectPlayer(srv.url, "eve"), await connectPlayer(srv.url, "fay")];
    players.push(eve, fay);
    const created = await eve.client.createTable({ game: "showdown", seats: 2, botsAllowed: false, turnSeconds: 600 });
    await fay.client.joinTable(created.code);
    await fay.client.setReady(created.code, true);
    const gameId = (await eve.client.startGame(created.code)).gameId!;
    await srv.stop();
    // Its queue goes too: a queue of a game the node does not have stops it at start, by name.
    await srv.restart({ GAME_MODULES: undefined, MATCHMAKING_QUEUES: undefined });
    await expect.poll(() => srv.output(), { timeout: 5_000 }).toMatch(new RegExp(`${gameId}.*no module of game \\\\"showdown\\\\"|no module of game \\\\"showdown\\\\".*${gameId}`));
    expect((await fetchCatalog(srv.url)).map((g) => g.id)).toEqual(["dice", "dice_duel", "cards", "cash_n_guns"]);
    // The rest of the node works: a dice table can be created.
    const gus = await connectPlayer(srv.url, "gus");
    players.push(gus);
    await expect(gus.client.createTable({ game: "dice", seats: 4 })).resolves.toMatchObject({ options: { game: "dice" } });
    await expect(gus.client.createTable({ game: "showdown", seats: 2 })).rejects.toMatchObject({ code: "UNKNOWN_GAME" });
    // No room holds the stored game here, yet an admin can end it (stored abandoned).
    expect((await http(`${srv.url}/api/admin/games/${gameId}/end`, { method: "POST", token: ADMIN_TOKEN })).status).toBe(200);
    expect(((await http(`${srv.url}/api/games?status=abandoned`)).body as { id: string }[]).map((g) => g.id)).toContain(gameId);
    await srv.stop();
    await srv.restart({ GAME_MODULES: MODULE_FILE, MATCHMAKING_QUEUES: QUEUES });
  }, 120_000);
});
