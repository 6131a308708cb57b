import { describe, expect, it } from "vitest";
import { play, round, seat, table, take } from "./helpers.js";

const ring = { a: "b", b: "c", c: "d", d: "a" };

describe("F4: card effects, wounds and death (step 6)", () => {
  it("F4.1, F10.1: a card aimed at a player who lies down is discarded face down, used up and not shown; the shooter still shares", () => {
    const { state, events } = round(table(), { a: "bang" }, ring, ["b"]);
    expect(events).toContainEqual({ type: "bulletDiscarded", player: "a", card: "bang" });
    expect(events.some((e) => e.type === "bulletRevealed" && e.player === "a")).toBe(false);
    expect(seat(state, "a").discard).toEqual({ click: 0, bang: 1 });
    expect(seat(state, "b").wounds).toBe(0);
    expect(state.shareTurn).toBe("a");
  });

  it("F4.2: other cards are revealed; a click does nothing, a bang gives its target one wound", () => {
    const { state, events } = round(table(), { a: "bang", b: "click" }, ring);
    expect(events).toContainEqual({ type: "bulletRevealed", player: "a", card: "bang", target: "b" });
    expect(events).toContainEqual({ type: "bulletRevealed", player: "b", card: "click", target: "c" });
    expect(seat(state, "b").wounds).toBe(1);
    expect(seat(state, "c").wounds).toBe(0);
  });

  it("F4.3: all cards act at once: two players aiming at each other wound each other; several bangs give that many wounds", () => {
    const mutual = round(table(), { a: "bang", b: "bang" }, { a: "b", b: "a", c: "d", d: "c" }).state;
    expect([seat(mutual, "a").wounds, seat(mutual, "b").wounds]).toEqual([1, 1]);
    const double = round(table(), { a: "bang", b: "bang" }, { a: "c", b: "c", c: "a", d: "b" }).state;
    expect(seat(double, "c").wounds).toBe(2);
    expect(seat(double, "c").alive).toBe(true);
  });

  it("F4.4, F10.2: a player wounded this round lies down and takes no share; wounds of earlier rounds do not stop a player", () => {
    const s0 = table(4, { players: [{ id: "a", wounds: 2 }, { id: "b" }, { id: "c" }, { id: "d" }] });
    const { state } = round(s0, { b: "bang" }, ring);
    expect(seat(state, "c").status).toBe("lying_down");
    expect(state.shareTurn).toBe("a");
    let s = state;
    const order: string[] = [];
    while (s.phase === "sharing") {
      order.push(s.shareTurn!);
      s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    }
    expect(order).toEqual(["a", "b", "d", "a", "b", "d", "a", "b"]);
  });

  it("F4.5: at 3 wounds a player dies: no hand, out of the game, loot kept", () => {
    const hand = { click: 4, bang: 3 };
    const s0 = table(5, { round: 2, players: [{ id: "a", hand }, { id: "b", hand }, { id: "c", hand, wounds: 2, loot: ["painting"] }, { id: "d", hand }, { id: "e", hand }] });
    const { state, events } = round(s0, { b: "bang" }, { a: "b", b: "c", c: "d", d: "e", e: "a" });
    expect(events).toContainEqual({ type: "died", player: "c" });
    const c = seat(state, "c");
    expect(c).toMatchObject({ alive: false, status: "dead", hand: { click: 0, bang: 0 }, loot: ["painting"] });
  });

  it("F4.6, F7.1, F10.12: when exactly one player is left alive after step 6 he wins at once (last_survivor); the loot stays", () => {
    const s0 = table(4, { players: [{ id: "a" }, { id: "b", wounds: 2 }, { id: "c", alive: false }, { id: "d", alive: false }] });
    const { state } = round(s0, { a: "bang" }, { a: "b", b: "a" });
    expect(state.phase).toBe("game_over");
    expect(state.winner).toEqual({ players: ["a"], reason: "last_survivor" });
    expect(state.table).toHaveLength(8);
    expect(state.scoring).toBeNull();
  });

  it("F4.6, F7.2, F10.12: when the last players all die in the same step, nobody wins (all_dead)", () => {
    const s0 = table(4, { players: [{ id: "a", wounds: 2 }, { id: "b", wounds: 2 }, { id: "c", alive: false }, { id: "d", alive: false }] });
    const { state } = round(s0, { a: "bang", b: "bang" }, { a: "b", b: "a" });
    expect(state.winner).toEqual({ players: [], reason: "all_dead" });
    expect(state.players.every((p) => !p.alive)).toBe(true);
  });

  it("F4.7: every card played goes to its owner's discard at the end of step 6, revealed or face down", () => {
    const { state } = round(table(), { a: "bang", c: "bang" }, ring, ["d"]);
    expect(seat(state, "a").discard).toEqual({ click: 0, bang: 1 });
    expect(seat(state, "c").discard).toEqual({ click: 0, bang: 1 });
    expect(seat(state, "d").discard).toEqual({ click: 1, bang: 0 });
  });
});
