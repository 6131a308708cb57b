/**
 * DESIGN invariant 7, nobody waits forever: a player who lets the turn timer run out is played by the
 * heuristic bot (and keeps being played while away), and so is a player whose sockets are all gone
 * for longer than DISCONNECT_GRACE_MS. Nobody here sends a single command for the absent players.
 */
import type { PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

/**
 * Seats "idle" (a person who never acts) with three server bots at a table with a 5 s turn timer, and
 * waits until the game first waits for idle (or is over: idle died before ever playing).
 */
async function untilIdleTurn(url: string, players: Player[]) {
  const idle = await connectPlayer(url, "idle");
  players.push(idle);
  const { gameId } = await startTable([idle], { seats: 4, fillBots: true, turnSeconds: 5 });
  // The game runs on the server's bots until it first waits for `idle`.
  const waiting = await idle.client.waitFor((v, id) => id === gameId && (v.waitingFor.includes(idle.id) || v.waitingFor.length === 0), 60_000);
  return { idle, gameId, waiting };
}

describe("turn timer and disconnection (DESIGN invariant 7)", () => {
  const server = useServer({ backend: "pglite", disconnectGraceMs: 300 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("a player who never acts is played by the bot once the 5 s turn timer runs out, then at once while away", async () => {
    const srv = server();
    const { idle, gameId, waiting } = await untilIdleTurn(srv.url, players);
    if (waiting.view.waitingFor.length === 0) return; // idle died before ever playing: nothing to time
    const since = Date.now();
    const moved = await idle.client.waitFor((_v, id, seq) => id === gameId && seq > waiting.seq, 15_000);
    const waited = Date.now() - since;
    const over = await idle.client.waitFor((v, id) => id === gameId && v.waitingFor.length === 0, 90_000);
    const { entries } = await replayOf(srv.url, gameId, idle.guest.token);
    // The timer's 5 s by the server's own stamps (entry seq is at index seq - 1), which a late test
    // process cannot shorten; by the client's clock when the wait began at the game's start.
    const stamp = (seq: number) => Date.parse(entries[seq - 1]?.at ?? "");
    if (waiting.seq > 0 && Number.isFinite(stamp(waiting.seq))) expect(stamp(waiting.seq + 1) - stamp(waiting.seq)).toBeGreaterThanOrEqual(4_500);
    else expect(waited).toBeGreaterThanOrEqual(4_500);
    const idleMoves = entries.filter((e) => e.by === idle.id);
    // Every move of `idle` was made by the bot; after the first timeout the bot did not wait 5 s again
    // each time (the whole game would then take far longer than it did).
    expect(idleMoves.length).toBeGreaterThan(1);
    expect(entries.length).toBe(over.seq);
    expect(moved.seq).toBeGreaterThan(waiting.seq);
    expect(Date.now() - since).toBeLessThan(5_000 + idleMoves.length * 4_500);
  });

  it("a player whose socket is gone is played by the bot after the grace; back, they get the game's view", async () => {
    const srv = server();
    const stay = await connectPlayer(srv.url, "stay");
    const gone = await connectPlayer(srv.url, "gone");
    players.push(stay, gone);
    const { gameId } = await startTable([stay, gone], { seats: 4, fillBots: true, turnSeconds: 600 });
    await gone.client.close();
    // `stay` plays its own seat; `gone` sends nothing and the turn timer is 10 minutes: the game can
    // only end in time if the bot covers the disconnected seat.
    const final = await playSeat<PlayerView>(stay, gameId, { timeoutMs: 90_000 }).done;
    expect(final.phase).toBe("gameOver");
    const { entries } = await replayOf(srv.url, gameId, stay.guest.token);
    // `gone` rolled (through the bot: its client was closed before the game began), unless it was
    // eliminated before its first turn.
    const goneTurns = entries.filter((e) => e.by === gone.id && e.command.type === "roll").length;
    if (goneTurns === 0) expect(final.players.find((p) => p.id === gone.id)!.alive).toBe(false);
    // Back with the same token: the game's view comes with the welcome.
    const back = await connectAs(srv.url, gone.guest);
    players.push(back);
    const seen = await back.client.resume(gameId);
    expect((seen.view as PlayerView).phase).toBe("gameOver");
    expect((seen.view as PlayerView).players.find((p) => p.id === gone.id)!.role).not.toBeNull();
  });
});


describe("the turn timer of a restored game", () => {
  // A grace longer than the test: only the turn timer can make the bot play the idle seat.
  const server = useServer({ backend: "pglite", disconnectGraceMs: 60_000 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("is the table's (5 s), stored with the game, not the 60 s default, after a SIGKILL and restart", async () => {
    const srv = server();
    const { idle, gameId, waiting } = await untilIdleTurn(srv.url, players);
    if (waiting.view.waitingFor.length === 0) return; // idle died before ever playing: nothing to time
    await srv.kill();
    await srv.restart();
    const since = Date.now();
    // The restored room times idle's turn out after 5 s (the bot plays it); with 60 s this times out.
    const moved = await idle.client.waitFor((_v, id, seq) => id === gameId && seq > waiting.seq, 20_000);
    expect(moved.seq).toBeGreaterThan(waiting.seq);
    expect(Date.now() - since).toBeLessThan(20_000);
    const { entries } = await replayOf(srv.url, gameId, idle.guest.token);
    expect(entries[waiting.seq]!.by).toBe(idle.id);
  });
});
