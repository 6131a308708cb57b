/**
 * What the table kit shows beside a game's view (protocol `presence`, `history`, `takeSeatBack`):
 * every follower is told each running timer and who the bot plays for; a person whose timer ran out
 * takes their seat back at once and the bot stops playing it (DESIGN invariant 7); a late spectator and
 * a reloaded player get the whole log as they may see it, the same entries the live followers saw.
 */
import type { EventMessage } from "@bang/client";
import { dice, type PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { chooseFor, closeAll, connectAs, connectPlayer, presenceWhere, startTable, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

describe("presence: timers, away seats and taking a seat back", () => {
  // Bots think 200 ms: slow enough to take the seat back while the bot covers it.
  const server = useServer({ backend: "pglite", botDelayMs: 200, disconnectGraceMs: 60_000 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("DESIGN 7: everyone sees the idle player's 5 s timer; it runs out, the bot covers the seat, the player takes it back and the bot stops", async () => {
    const srv = server();
    const idle = await connectPlayer(srv.url, "idle");
    players.push(idle);
    const watcher = await connectPlayer(srv.url, "watcher");
    players.push(watcher);
    const { gameId } = await startTable([idle], { seats: 4, fillBots: true, turnSeconds: 5 });
    await watcher.client.spectate(gameId);
    // The first time the game waits for idle: a timer of at most 5 s, told to the spectator too.
    const timed = await presenceWhere(watcher, gameId, (p) => p.timers.some((t) => t.playerId === idle.id), 60_000);
    expect(timed.turnMs).toBe(5_000);
    const timer = timed.timers.find((t) => t.playerId === idle.id)!;
    expect(timer.remainingMs).toBeGreaterThan(3_000);
    expect(timer.remainingMs).toBeLessThanOrEqual(5_000);
    expect(timed.away).toEqual([]);
    expect(timed.connected).toEqual([idle.id]);
    // It runs out: idle is away (the bot plays for them), told to the spectator and to idle.
    const away = await presenceWhere(watcher, gameId, (p) => p.away.includes(idle.id), 10_000);
    expect(away.replaced).toEqual([]);
    expect(idle.client.presenceOf(gameId)?.away).toContain(idle.id);
    // A new socket of idle (a reload, another tab) does not take the seat back behind their back.
    const tab = await connectAs(srv.url, idle.guest);
    players.push(tab);
    await tab.client.resume(gameId);
    await new Promise((r) => setTimeout(r, 500));
    expect(watcher.client.presenceOf(gameId)?.away).toContain(idle.id);
    // idle takes the seat back at once.
    await idle.client.takeSeatBack(gameId);
    const back = await presenceWhere(watcher, gameId, (p) => !p.away.includes(idle.id), 5_000);
    expect(back.away).toEqual([]);
    // From now on the game waits for idle instead of the bot playing. A bot move already being stored
    // when the seat was taken back may still land: wait until the game is quiet (bots and the away bot
    // act within 200 ms), then it must wait for idle, with idle's timer running, and stay so.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let quiet = idle.client.game(gameId)!;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const before = idle.client.game(gameId)!.seq;
      await sleep(800);
      quiet = idle.client.game(gameId)!;
      if (quiet.seq === before) break;
    }
    if ((quiet.view as PlayerView).phase === "gameOver") return; // idle died meanwhile: nothing left to take back
    expect((quiet.view as PlayerView).waitingFor).toContain(idle.id);
    await sleep(1_000);
    expect(idle.client.game(gameId)!.seq).toBe(quiet.seq);
    expect(idle.client.presenceOf(gameId)?.timers.map((t) => t.playerId)).toContain(idle.id);
    expect(idle.client.presenceOf(gameId)?.away).toEqual([]);
  });

  it("a player not seated cannot take a seat back (NOT_SEATED), and nothing changes", async () => {
    const srv = server();
    const host = await connectPlayer(srv.url, "host");
    const other = await connectPlayer(srv.url, "other");
    players.push(host, other);
    const { gameId } = await startTable([host], { seats: 4, fillBots: true, turnSeconds: 600 });
    await other.client.spectate(gameId);
    const seq = host.client.game(gameId)!.seq;
    await expect(other.client.takeSeatBack(gameId)).rejects.toMatchObject({ code: "NOT_SEATED" });
    await expect(other.client.takeSeatBack("no-such-game")).rejects.toMatchObject({ code: "GAME_NOT_FOUND" });
    expect(host.client.game(gameId)!.seq).toBe(seq);
  });
});

describe("history: the whole log on open", () => {
  const server = useServer({ backend: "pglite", botDelayMs: 0 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("a late spectator and a reloaded player get every entry, oldest first, as the live followers saw them", async () => {
    const srv = server();
    const early = await connectPlayer(srv.url, "early");
    const seated = await connectPlayer(srv.url, "seated");
    players.push(early, seated);
    const live = new Map<string, EventMessage[]>([
      [early.id, []],
      [seated.id, []],
    ]);
    for (const p of [early, seated]) p.client.on("event", (e) => live.get(p.id)!.push(e));
    // A table of the seated player and three bots, 600 s turns: the bots play until the game waits for
    // the seated player, who never acts here.
    const created = await seated.client.createTable({ game: "dice", seats: 4, botKind: "heuristic", turnSeconds: 600 });
    await seated.client.fillBots(created.code);
    const started = await seated.client.startGame(created.code);
    const gameId = started.gameId!;
    await early.client.spectate(gameId);
    // The seated player plays its own seat with the heuristic bot's choices until the log holds a few
    // entries (the bots may make none before the seated player's first turn), then idles.
    const brain = dice.bots.heuristic(7);
    let waiting = await seated.client.waitFor((v, id) => id === gameId && ((v as PlayerView).waitingFor.includes(seated.id) || (v as PlayerView).phase === "gameOver"), 60_000);
    while (waiting.seq < 6 && (waiting.view as PlayerView).phase !== "gameOver") {
      await seated.client.send(gameId, chooseFor(brain, waiting.view, seated.id));
      waiting = await seated.client.waitFor((v, id) => id === gameId && ((v as PlayerView).waitingFor.includes(seated.id) || (v as PlayerView).phase === "gameOver"), 60_000);
    }
    await early.client.waitFor((_v, id, seq) => id === gameId && seq >= waiting.seq, 10_000);

    const late = await connectPlayer(srv.url, "late");
    players.push(late);
    const history = await late.client.history(gameId);
    expect(history.gameId).toBe(gameId);
    expect(history.game).toBe("dice");
    expect(history.seq).toBe(waiting.seq);
    expect(history.entries.map((e) => e.seq)).toEqual(Array.from({ length: waiting.seq }, (_, i) => i + 1));
    // The spectator's live events from its first seq on are exactly the late spectator's entries.
    const seen = live.get(early.id)!;
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) expect(history.entries[e.seq - 1]).toEqual({ seq: e.seq, by: e.by, command: e.command, events: e.events });

    // The seated player after a reload (a new client with the same guest): its own view of every entry.
    const reloaded = await connectAs(srv.url, seated.guest);
    players.push(reloaded);
    const own = await reloaded.client.history(gameId);
    expect(own.entries).toHaveLength(waiting.seq);
    for (const e of live.get(seated.id)!) expect(own.entries[e.seq - 1]).toEqual({ seq: e.seq, by: e.by, command: e.command, events: e.events });

    await expect(late.client.history("no-such-game")).rejects.toMatchObject({ code: "GAME_NOT_FOUND" });
    // A socket asks only so often (4 at once, then one every 2 s): the fifth at once is refused.
    expect((await late.client.history(gameId)).entries).toEqual(history.entries);
    await late.client.history(gameId);
    await expect(late.client.history(gameId)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
