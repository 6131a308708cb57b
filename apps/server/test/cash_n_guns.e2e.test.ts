/**
 * Ca$h 'n Guns (game `cash_n_guns`, RULES-cash-n-guns.md part F) end to end: two SDK clients and two
 * server bots play a whole game over WebSocket against the real server (embedded PGlite), each
 * client choosing only from its own view. One player lets the hold-up's timer run out, and the server
 * plays the module's `close_hold_up` for him (F3.5, F10.15); no frame a client received shows another
 * player's chosen card, a face-down card or a clip's outcome (F8.4, F8.8, F8.9), nor does the replay a
 * player fetches; bad input is refused.
 */
import { fetchCatalog, type EventMessage } from "@bang/client";
import type { CngEvent, CngView } from "@bang/game-cash-n-guns";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

/** The smallest turn time the protocol allows: the hold-up timer of the player who waits. */
const TURN_SECONDS = 5;

/** What `me` received that it should not have: another player's secret in an event frame. */
function leaks(me: string, frames: EventMessage[]): string[] {
  const out: string[] = [];
  for (const m of frames) {
    if (m.by !== me && m.command.type === "choose_bullet" && "card" in m.command) out.push(`event ${m.seq}: ${m.by}'s chosen card`);
    for (const e of m.events as unknown as CngEvent[]) {
      if (e.type === "bulletDiscarded" && e.player !== me && e.card !== null) out.push(`event ${m.seq}: ${e.player}'s face-down card`);
      if (e.type === "clipResolved" && e.player !== me) out.push(`event ${m.seq}: ${e.player}'s clip outcome`);
    }
    const view = m.view as unknown as CngView;
    for (const p of view.players) if (p.id !== me && (p.hand !== null || p.discard !== null)) out.push(`event ${m.seq}: ${p.id}'s hand`);
  }
  return out;
}

describe("Ca$h 'n Guns over WebSocket", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("F3.5, F8, F10.15: a whole game with two clients and two bots; a hold-up closes on its timer; no secret leaks", async () => {
    const srv = server();
    const catalog = await fetchCatalog(srv.url);
    expect(catalog.find((g) => g.id === "cash_n_guns")).toMatchObject({ name: "Ca$h 'n Guns", seats: { min: 4, max: 8 } });

    const [ann, bob] = [await connectPlayer(srv.url, "ann"), await connectPlayer(srv.url, "bob")];
    players.push(ann, bob);
    const frames = new Map<string, EventMessage[]>([[ann.id, []], [bob.id, []]]);
    for (const p of players) p.client.on("event", (e) => frames.get(p.id)!.push(e));
    const { gameId } = await startTable([ann, bob], { game: "cash_n_guns", seats: 4, fillBots: true, turnSeconds: TURN_SECONDS });
    const first = ann.client.view(gameId) as CngView;
    expect(first.phase).toBe("bullet_choice");
    expect(first.players).toHaveLength(4);

    // Bad input is refused: a share in the bullet step, a client's close_hold_up (the server's own).
    await expect(ann.client.send(gameId, { type: "take", card: "painting" })).rejects.toMatchObject({ code: "WRONG_PHASE" });
    await expect(ann.client.send(gameId, { type: "close_hold_up" })).rejects.toMatchObject({ code: "INVALID_MESSAGE" });

    // bob does not aim in round 1: the hold-up closes on his timer.
    let closed = false;
    bob.client.on("event", (e) => {
      if (e.gameId === gameId && e.command.type === "close_hold_up") closed = true;
    });
    const seats = [
      playSeat<CngView>(ann, gameId, { seed: 1, timeoutMs: 150_000 }),
      playSeat<CngView>(bob, gameId, { seed: 2, timeoutMs: 150_000, script: (view) => (view.round === 1 && view.phase === "hold_up" && !closed ? "skip" : "bot") }),
    ];
    const finals = await Promise.all(seats.map((s) => s.done));
    expect(closed).toBe(true);
    const roundOne = frames.get(ann.id)!.flatMap((m) => m.events as unknown as CngEvent[]).find((e) => e.type === "aimsRevealed");
    expect(roundOne && roundOne.type === "aimsRevealed" && roundOne.aims.find((a) => a.player === bob.id)!.target).toBeNull();
    for (const v of finals) {
      expect(v.phase).toBe("game_over");
      expect(v.winner).toEqual(finals[0]!.winner);
    }
    for (const p of players) {
      const mine = frames.get(p.id)!.filter((m) => m.gameId === gameId);
      expect(mine.length).toBeGreaterThan(100);
      expect(leaks(p.id, mine)).toEqual([]);
    }

    // F8.8: the replay a player fetches shows no other player's chosen card, at the end or on the way.
    const replayed = await replayOf<CngView>(srv.url, gameId, ann.guest.token);
    expect(replayed.entries.length).toBeGreaterThan(100);
    const chosen = replayed.entries.filter((e) => e.command.type === "choose_bullet");
    // F8: a player dead at the end sees the spectator's history (not even his own chosen cards).
    const annAlive = finals[0]!.players.find((p) => p.id === ann.id)!.alive;
    expect(chosen.filter((e) => e.by === ann.id).every((e) => ("card" in e.command) === annAlive)).toBe(true);
    expect(chosen.filter((e) => e.by !== ann.id && "card" in e.command)).toEqual([]);
    for (const at of [10, 40, 80]) {
      const { view } = await replayOf<CngView>(srv.url, gameId, ann.guest.token, at);
      expect(view.players.filter((p) => p.id !== ann.id && (p.hand !== null || p.discard !== null))).toEqual([]);
    }
  }, 200_000);
});
