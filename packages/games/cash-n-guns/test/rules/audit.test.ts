/** Divergences from part F found in the audit of the module, each pinned by the rule it breaks. */
import { describe, expect, it } from "vitest";
import { cashNGuns, type CngState } from "./imports.js";
import { aim, bullet, courage, pass, PILE, play, round, seat, table } from "./helpers.js";

describe("audit of part F", () => {
  it("F4.5, F4.3, F10.18: wounds are not capped at 3: a player with 2 wounds hit by 2 bangs has 4 wounds and dies", () => {
    const s0 = table(4, { players: [{ id: "a" }, { id: "b" }, { id: "c", wounds: 2 }, { id: "d" }] });
    const { state, events } = round(s0, { a: "bang", b: "bang" }, { a: "c", b: "c", c: "d", d: "a" });
    expect(events).toContainEqual({ type: "wounded", player: "c", amount: 2, wounds: 4 });
    expect(seat(state, "c")).toMatchObject({ alive: false, status: "dead", wounds: 4 });
  });

  it("F10.15: outside the hold-up a timed-out player is played by the bot (onTimeout is null), not by a fixed default", () => {
    let s: CngState = table();
    expect(cashNGuns.onTimeout(s, "a")).toBeNull();
    s = play(s, bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click")).state;
    expect(cashNGuns.onTimeout(s, "a")).toEqual({ type: "close_hold_up" });
    s = play(s, aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a")).state;
    expect(s.phase).toBe("godfather_privilege");
    expect(cashNGuns.onTimeout(s, "a")).toBeNull();
    s = play(s, { type: "pass", by: "a" }).state;
    expect(cashNGuns.onTimeout(s, "b")).toBeNull();
    const shares = round(table(), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    expect(shares.phase).toBe("sharing");
    expect(cashNGuns.onTimeout(shares, "a")).toBeNull();
  });

  it("F7.2, F10.12: after all_dead nobody wins: no seat is ranked at place 1 (the winners' place) and nobody scores", () => {
    const s0 = table(4, { players: [{ id: "a", wounds: 2 }, { id: "b", wounds: 2 }, { id: "c", alive: false }, { id: "d", alive: false }] });
    const { state } = round(s0, { a: "bang", b: "bang" }, { a: "b", b: "a" });
    expect(state.winner).toEqual({ players: [], reason: "all_dead" });
    const result = cashNGuns.result(state)!;
    expect(result.winner.players).toEqual([]);
    expect(result.ranking.filter((side) => side.place === 1)).toEqual([]);
    expect(new Set(result.ranking.map((side) => side.place)).size).toBe(1);
    expect(Object.values(result.scores)).toEqual([0, 0, 0, 0]);
  });

  it("F8.1, F8.7: the last courage command of a round that ends without sharing shows its choice to others, as its own reveal made it public", () => {
    const s0 = table(4, { lootPiles: [PILE, PILE] });
    const s = play(s0, bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a"), pass("a"), courage("a", "lie_down"), courage("b", "lie_down"), courage("c", "lie_down")).state;
    const last = play(s, courage("d", "lie_down"));
    expect([last.state.round, last.state.phase]).toEqual([2, "bullet_choice"]);
    expect(last.events).toContainEqual({ type: "courageRevealed", choices: ["a", "b", "c", "d"].map((player) => ({ player, choice: "lie_down" })) });
    expect(cashNGuns.viewEvent({ command: courage("d", "lie_down"), events: last.events, state: last.state }, { kind: "spectator" }).command).toEqual({ type: "courage", choice: "lie_down" });
    const early = play(s0, bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a"), pass("a"), courage("a", "lie_down"));
    expect(cashNGuns.viewEvent({ command: courage("a", "lie_down"), events: early.events, state: early.state }, { kind: "spectator" }).command).toEqual({ type: "courage" });
  });

  it("F8, F8.8: a dead player sees what a spectator sees, in histories too: not the kind of his own face-down card, nor his chosen card", () => {
    const s0 = table(4, { players: [{ id: "a" }, { id: "b", wounds: 2 }, { id: "c" }, { id: "d" }] });
    const r = round(s0, { a: "bang", b: "bang" }, { a: "b", b: "c", c: "d", d: "a" }, ["c"]);
    expect(seat(r.state, "b").alive).toBe(false);
    expect(r.events).toContainEqual({ type: "bulletDiscarded", player: "b", card: "bang" });
    const b = { kind: "player" as const, id: "b" };
    const shown = cashNGuns.viewEvent({ command: courage("d", "stand"), events: r.events, state: r.state }, b);
    expect(shown).toEqual(cashNGuns.viewEvent({ command: courage("d", "stand"), events: r.events, state: r.state }, { kind: "spectator" }));
    expect(shown.events).toContainEqual({ type: "bulletDiscarded", player: "b", card: null });
    const chosen = play(s0, bullet("b", "bang"));
    expect(cashNGuns.viewEvent({ command: bullet("b", "bang"), events: chosen.events, state: chosen.state }, b).command).toEqual({ type: "choose_bullet", card: "bang" });
    expect(cashNGuns.viewEvent({ command: bullet("b", "bang"), events: chosen.events, state: chosen.state }, b, r.state).command).toEqual({ type: "choose_bullet" });
  });
});
