import { describe, expect, it } from "vitest";
import { cashNGuns, cngView, type CngState, type Viewer } from "./imports.js";
import { aim, bullet, courage, pass, play, round, table, take } from "./helpers.js";

const spectator: Viewer = { kind: "spectator" };
const as = (id: string): Viewer => ({ kind: "player", id });
const seatIn = (s: CngState, viewer: Viewer, id: string) => cngView(s, viewer).players.find((p) => p.id === id)!;

describe("F8: hidden information", () => {
  it("F8.2: no view shows the piles still face down, only their number", () => {
    const v = cngView(table(), as("a"));
    expect(v.pilesLeft).toBe(7);
    expect(JSON.stringify(v)).not.toContain("piles\"");
    expect("rng" in v).toBe(false);
  });

  it("F8.3: a player's hand and discard are private; others see the hand size", () => {
    const s = table();
    expect(seatIn(s, as("a"), "a").hand).toEqual({ click: 5, bang: 3 });
    expect(seatIn(s, as("b"), "a")).toMatchObject({ hand: null, discard: null, handSize: 8 });
    expect(seatIn(s, { kind: "admin" }, "a").hand).toEqual({ click: 5, bang: 3 });
  });

  it("F8.4: a chosen bullet is seen by its author only; others see the same 'hidden' for a click and a bang", () => {
    const s = play(table(), bullet("a", "bang"), bullet("b", "click")).state;
    expect(seatIn(s, as("a"), "a").bullet).toBe("bang");
    expect(seatIn(s, as("c"), "a").bullet).toBe("hidden");
    expect(seatIn(s, as("c"), "b").bullet).toBe("hidden");
    expect(cngView(s, as("c")).players.map((p) => p.handSize)).toEqual([7, 7, 8, 8]);
  });

  it("F8.5: aims are seen by their author only until all are in; then all are revealed in one event", () => {
    let s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b")).state;
    expect(seatIn(s, as("a"), "a").aim).toBe("b");
    expect(seatIn(s, as("b"), "a").aim).toBe("hidden");
    expect(seatIn(s, spectator, "a").aim).toBe("hidden");
    const last = play(s, aim("b", "c"), aim("c", "d"), aim("d", "a"));
    s = last.state;
    expect(last.events.filter((e) => e.type === "aimsRevealed")).toHaveLength(1);
    expect(seatIn(s, spectator, "a").aim).toBe("b");
  });

  it("F8.5, F8.7: an aim or courage command shows its secret to others only once revealed (viewEvent)", () => {
    const before = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click")).state;
    const step = play(before, aim("a", "b"));
    const shown = cashNGuns.viewEvent({ command: aim("a", "b"), events: step.events, state: step.state }, as("b"));
    expect(shown.command).toEqual({ type: "aim" });
    expect(cashNGuns.viewEvent({ command: aim("a", "b"), events: step.events, state: step.state }, as("a")).command).toEqual({ type: "aim", target: "b" });
    const later = play(step.state, aim("b", "c"), aim("c", "d"), aim("d", "a")).state;
    expect(cashNGuns.viewEvent({ command: aim("a", "b"), events: step.events, state: step.state }, as("b"), later).command).toEqual({ type: "aim", target: "b" });
    const c = play(later, pass("a"), courage("a", "lie_down"));
    expect(cashNGuns.viewEvent({ command: courage("a", "lie_down"), events: c.events, state: c.state }, spectator).command).toEqual({ type: "courage" });
  });

  it("F8.8: a card discarded face down is never shown to others, not in views, events, or at the end", () => {
    const { state, events } = round(table(), { a: "bang" }, { a: "b", b: "c", c: "d", d: "a" }, ["b"]);
    expect(seatIn(state, as("c"), "a").bullet).toBe("hidden");
    expect(seatIn(state, as("a"), "a").bullet).toBe("bang");
    const seen = cashNGuns.viewEvent({ command: courage("d", "stand"), events, state }, as("c")).events;
    expect(seen).toContainEqual({ type: "bulletDiscarded", player: "a", card: null });
    expect(JSON.stringify(seen.filter((e) => "player" in e && e.player === "a"))).not.toContain("bang");
    expect(cashNGuns.viewEvent({ command: bullet("a", "bang"), events: [], state }, as("c")).command).toEqual({ type: "choose_bullet" });
  });

  it("F8.9: a clip's outcome is private to its taker; others see only that it was taken", () => {
    const s0 = table(4, { lootPiles: [["clip", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000"]] });
    const s = round(s0, { a: "bang" }, { a: "b", b: "c", c: "d", d: "a" }, ["b"]).state;
    const r = play(s, take("a", "clip"));
    const mine = cashNGuns.viewEvent({ command: take("a", "clip"), events: r.events, state: r.state }, as("a")).events;
    const theirs = cashNGuns.viewEvent({ command: take("a", "clip"), events: r.events, state: r.state }, as("c")).events;
    expect(mine.some((e) => e.type === "clipResolved")).toBe(true);
    expect(theirs.some((e) => e.type === "clipResolved")).toBe(false);
    expect(theirs).toContainEqual({ type: "lootTaken", player: "a", card: "clip" });
  });

  it("F8.1, F10.17: collected loot, wounds, statuses and the tile are public", () => {
    const s = play(round(table(), { a: "bang" }, { a: "b", b: "c", c: "d", d: "a" }).state, take("a", "bill_20000")).state;
    const v = seatIn(s, spectator, "a");
    expect(v.loot).toEqual(["bill_20000"]);
    expect(seatIn(s, spectator, "b")).toMatchObject({ wounds: 1, status: "lying_down" });
    expect(cngView(s, spectator).tile).toBe("available");
  });
});
