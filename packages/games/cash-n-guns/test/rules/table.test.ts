import { describe, expect, it } from "vitest";
import { BULLET_SET, cashNGuns, cngView, DIAMOND_BONUS, type Viewer } from "./imports.js";
import { aim, bullet, courage, pass, play, round, table, take } from "./helpers.js";

const spectator: Viewer = { kind: "spectator" };

describe("F1.2, F1.5, F2, F8.6, F8.11, F9.1: components, seats, public steps, automatic moves", () => {
  it("F1.2, F1.4: 8 sets of 5 click + 3 bang are the 64 bullet cards; the diamond bonus is worth $60,000", () => {
    expect(BULLET_SET).toEqual({ click: 5, bang: 3 });
    expect(8 * (BULLET_SET.click + BULLET_SET.bang)).toBe(64);
    expect(8 * BULLET_SET.click).toBe(40);
    expect(DIAMOND_BONUS).toBe(60_000);
  });

  it("F1.5, F10.18: wounds are never refused for lack of the 18 tokens: 8 players with 2 wounds each still take their wounds", () => {
    const ids = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const s0 = table(8, { players: ids.map((id) => ({ id, wounds: 2 })) });
    const aims = Object.fromEntries(ids.map((id, i) => [id, ids[(i + 1) % 8]!]));
    const { state } = round(s0, { a: "bang", c: "bang", e: "bang" }, aims);
    expect(state.players.reduce((n, p) => n + p.wounds, 0)).toBe(19);
    expect(state.players.filter((p) => !p.alive).map((p) => p.id)).toEqual(["b", "d", "f"]);
  });

  it("F2.1: clockwise is seat order, wrapping round the table (the shares after the last seat go back to the first)", () => {
    let s = round(table(4, { godfather: "c" }), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    const order: string[] = [];
    while (s.phase === "sharing") {
      order.push(s.shareTurn!);
      s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    }
    expect(order).toEqual(["c", "d", "a", "b", "c", "d", "a", "b"]);
  });

  it("F2.5, F3.2: the New Godfather tile starts available and each round's loot is laid out with the tile available again", () => {
    const s = table();
    expect(s.tile).toBe("available");
    let r = round(s, {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    r = play(r, take("a", "new_godfather")).state;
    while (r.phase === "sharing") r = play(r, take(r.shareTurn!, r.table[0]!)).state;
    expect(r.tile).toBe("available");
    expect(r.table).toHaveLength(8);
  });

  it("F8.6: the Godfather's order, pass and the new target are public as they happen", () => {
    const s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a")).state;
    const ordered = play(s, { type: "order_change", by: "a", player: "c" });
    expect(cashNGuns.viewEvent({ command: { type: "order_change", by: "a", player: "c" }, events: ordered.events, state: ordered.state }, spectator).events).toEqual([{ type: "orderGiven", godfather: "a", player: "c" }]);
    expect(cngView(ordered.state, spectator).order).toEqual({ player: "c", previous: "d" });
    const moved = play(ordered.state, { type: "retarget", by: "c", target: "b" });
    expect(cashNGuns.viewEvent({ command: { type: "retarget", by: "c", target: "b" }, events: moved.events, state: moved.state }, spectator)).toEqual({ command: { type: "retarget", target: "b" }, events: [{ type: "retargeted", player: "c", from: "d", target: "b" }] });
    expect(cngView(moved.state, spectator).players.find((p) => p.id === "c")!.aim).toBe("b");
    const passed = play(s, pass("a"));
    expect(passed.events).toEqual([{ type: "privilegePassed", godfather: "a" }]);
  });

  it("F8.11: at the end of the game the totals, the diamond bonus and the winners are public", () => {
    const s0 = table(4, { round: 8, players: ["a", "b", "c", "d"].map((id) => ({ id, hand: { click: 1, bang: 0 } })) });
    let s = round(s0, {}, { a: "b", b: "c", c: "d", d: "a" }, ["c", "d"]).state;
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    const v = cngView(s, spectator);
    expect(v.winner).toEqual(s.winner);
    expect(v.players.map((p) => p.score)).toEqual(s.players.map((p) => s.scoring!.totals[p.id]));
    expect(v.diamondBonus).toBe(s.scoring!.diamondBonus);
  });

  it("F9.1: the server moves on by itself: after the last courage through card_effects to sharing; after the last take to the next round", () => {
    let s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a"), pass("a")).state;
    s = play(s, courage("a", "stand"), courage("b", "stand"), courage("c", "stand")).state;
    expect(s.phase).toBe("courage");
    s = play(s, courage("d", "stand")).state;
    expect(s.phase).toBe("sharing");
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    expect([s.round, s.phase]).toEqual([2, "bullet_choice"]);
  });
});
