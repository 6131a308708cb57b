/**
 * A client that dropped just before its game ended comes back after the node forgot the game (past its
 * linger, or after a restart, as here): its resume, in `hello` or alone, still gets exactly the events
 * it missed, recomputed from the stored log, ending at game over; a spectator gets the final view; a
 * command is refused by the rules and stores nothing.
 */
import type { PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

describe("resuming a finished game the node no longer holds", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });

  it("gets the missed events to game over from the stored log, after a restart; commands change nothing", async () => {
    const srv = server();
    const me = await connectPlayer(srv.url, "late");
    players.push(me);
    const { gameId } = await startTable([me], { seats: 4, fillBots: true, turnSeconds: 600 });
    const final = await playSeat<PlayerView>(me, gameId, { timeoutMs: 90_000 }).done;
    expect(final.phase).toBe("gameOver");
    const before = await replayOf(srv.url, gameId, me.guest.token);
    const last = before.lastSeq;
    expect(last).toBeGreaterThan(2);

    await srv.stop();
    await srv.restart();

    // In hello: the last two events, in order, each with this player's view; the second is game over.
    const a = await RawSocket.open(srv.url);
    sockets.push(a);
    a.send({ type: "hello", token: me.guest.token, resume: [{ gameId, lastSeq: last - 2 }] });
    await a.next((m) => m.type === "event" && m.seq === last, { timeoutMs: 15_000 });
    const events = a.received.filter((m) => m.type === "event");
    expect(events.map((m) => (m.type === "event" ? m.seq : 0))).toEqual([last - 1, last]);
    const end = events.at(-1)!;
    if (end.type !== "event" || !("view" in end)) throw new Error("not an event with its view");
    expect(end.view).toEqual(before.view);
    expect(end.view.waitingFor).toEqual([]);
    expect(end.events.some((e) => e.type === "gameOver")).toBe(true);

    // A resume message alone: the one missed event, then ok.
    const rid = a.rid();
    const from = a.received.length;
    a.send({ type: "resume", rid, gameId, lastSeq: last - 1 });
    await a.next((m) => m.type === "ok" && m.rid === rid, { from });
    expect(a.received.slice(from).map((m) => m.type)).toEqual(["event", "ok"]);
    // Ahead of the game: BAD_SEQ, as for a running game.
    expect(await a.error({ type: "resume", rid: a.rid(), gameId, lastSeq: last + 1 })).toMatchObject({ code: "BAD_SEQ" });

    // A spectator's socket gets the final view of a spectator.
    const watcher = await connectPlayer(srv.url, "watcher");
    players.push(watcher);
    const s = await RawSocket.signedIn(srv.url, watcher.guest.token);
    sockets.push(s);
    const srid = s.rid();
    const sfrom = s.received.length;
    s.send({ type: "spectate", rid: srid, gameId });
    const snap = await s.next((m) => m.type === "snapshot", { from: sfrom });
    expect(snap).toMatchObject({ type: "snapshot", gameId, seq: last, view: { phase: "gameOver" } });

    // The game is over: a command is refused, nothing is stored.
    const answer = await a.command(gameId, "after-the-end", { type: "roll" });
    expect(answer).toMatchObject({ type: "error", id: "after-the-end" });
    expect((await replayOf(srv.url, gameId, me.guest.token)).lastSeq).toBe(last);

    // An unknown game is still GAME_NOT_FOUND.
    expect(await a.error({ type: "resume", rid: a.rid(), gameId: "no-such-game", lastSeq: 0 })).toMatchObject({ code: "GAME_NOT_FOUND" });
  }, 150_000);
});
