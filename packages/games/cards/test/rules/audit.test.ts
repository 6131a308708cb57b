import { describe, expect, it } from "vitest";
import { legalActions } from "../../src/legal.js";
import { eventView, playerView } from "../../src/view.js";
import { applyCommand } from "../../src/index.js";
import { forcedSource } from "@bang/game-core";
import { p, position, run, seats, where } from "./helpers.js";

/** Divergences from RULES-cards.md found by the rules audit: each test names the rule it pins. */
describe("audit: Suzy Lafayette draws the moment her hand is empty", () => {
  it("E10.14, E11.1: her last card a General Store: she draws before its cards are turned up (E2.4: the card leaves her hand before its effect)", () => {
    const s = position({ players: seats({ a: { character: "suzy_lafayette", hand: ["general_store_9c"] } }), deck: ["beer_6h", "bang_2d", "missed_2s", "panic_8d", "saloon_5h"] });
    const t = run(s, { type: "play", by: "a", card: "general_store_9c" });
    expect(p(t, "a").hand).toEqual(["beer_6h"]);
    expect(where(t)).toEqual({ phase: "generalStore", waitingFor: "a" });
    const store = t.pending[0]!;
    expect(store.t === "store" ? store.cards : null).toEqual(["bang_2d", "missed_2s", "panic_8d", "saloon_5h"]);
  });

  it("E10.14, E11.1: her last card a Stagecoach: she draws 1 at once, then the Stagecoach's 2", () => {
    const s = position({ players: seats({ a: { character: "suzy_lafayette", hand: ["stagecoach_9s"] } }), deck: ["beer_6h", "bang_2d", "missed_2s", "panic_8d"] });
    const t = run(s, { type: "play", by: "a", card: "stagecoach_9s" });
    expect(p(t, "a").hand).toEqual(["beer_6h", "bang_2d", "missed_2s"]);
    expect(t.deck).toEqual(["panic_8d"]);
  });

  it("E10.14, E11.1: Jesse Jones takes her last card: she draws at once, before Jesse Jones's second card", () => {
    const s = position({ players: seats({ b: { character: "suzy_lafayette", hand: ["bang_3d"] }, d: { character: "jesse_jones" } }), turn: "d", phase: "turnStart", deck: ["beer_6h", "bang_2d", "missed_2s"] });
    const t = run(s, { type: "draw", by: "d", from: "b" });
    expect(p(t, "b").hand).toEqual(["beer_6h"]);
    expect(p(t, "d").hand).toEqual(["bang_3d", "bang_2d"]);
  });
});

describe("audit: Sid Ketchum's ability at any time", () => {
  const sid = (over: Record<string, unknown> = {}) => position({ players: seats({ a: { character: "sid_ketchum", life: 2, hand: ["bang_2d", "bang_3d", "bang_4d", "bang_5d", "beer_6h", "beer_7h"], ...over } }), deck: ["missed_2s", "missed_3s", "missed_4s"] });

  it("E10.12: in phase 3 (the engine waits for his discard) he may use his ability; a hand back within the limit ends the turn", () => {
    const s = run(sid(), { type: "end", by: "a" });
    expect(where(s)).toEqual({ phase: "discard", waitingFor: "a" });
    expect(legalActions(playerView(s, { kind: "player", id: "a" }), "a").ability).not.toBeNull();
    const t = run(s, { type: "ability", by: "a", cards: ["bang_2d", "bang_3d"] });
    expect(p(t, "a").life).toBe(3);
    expect(where(t)).toEqual({ phase: "discard", waitingFor: "a" });
    const u = run(t, { type: "ability", by: "a", cards: ["bang_4d", "bang_5d"] });
    expect(p(u, "a").life).toBe(4);
    expect(p(u, "a").hand).toEqual(["beer_6h", "beer_7h"]);
    expect(where(u)).toEqual({ phase: "draw", waitingFor: "b" });
  });

  it("E10.12: in phase 1 and at a General Store pick (the engine waits for him) he may use his ability", () => {
    const s = position({ players: seats({ a: { character: "sid_ketchum", life: 2, hand: ["bang_2d", "bang_3d"] } }), phase: "turnStart", deck: ["missed_2s", "missed_3s"] });
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "a" });
    const t = run(s, { type: "ability", by: "a", cards: ["bang_2d", "bang_3d"] });
    expect(p(t, "a").life).toBe(3);
    expect(where(t)).toEqual({ phase: "draw", waitingFor: "a" });
    const g = run(position({ players: seats({ a: { hand: ["general_store_9c"] }, b: { character: "sid_ketchum", life: 2, hand: ["bang_2d", "bang_3d"] } }), deck: ["beer_6h", "bang_4d", "missed_2s", "panic_8d"] }), { type: "play", by: "a", card: "general_store_9c" }, { type: "pick", by: "a", card: "beer_6h" });
    expect(where(g)).toEqual({ phase: "generalStore", waitingFor: "b" });
    const h = run(g, { type: "ability", by: "b", cards: ["bang_2d", "bang_3d"] });
    expect(p(h, "b").life).toBe(3);
    expect(where(h)).toEqual({ phase: "generalStore", waitingFor: "b" });
  });
});

describe("audit: hidden information", () => {
  it("E3.2, E5.5 (a hand is seen by its owner only): a player whose id is \"deck\" does not see the cards others draw from the draw pile", () => {
    const players = seats({ a: { hand: ["stagecoach_9s"] } }).map((x) => (x.id === "b" ? { ...x, id: "deck" } : x));
    const s = position({ players, deck: ["bang_2d", "bang_3d"] });
    const result = applyCommand(s, { type: "play", by: "a", card: "stagecoach_9s" }, forcedSource([]));
    if (!result.ok) throw new Error(result.error.message);
    const drew = result.events.map((e) => eventView(e, { kind: "player", id: "deck" })).find((e) => e.type === "drew");
    expect(drew).toEqual({ type: "drew", player: "a", from: "deck", cards: [null, null] });
    expect(result.events.map((e) => eventView(e, { kind: "player", id: "a" })).find((e) => e.type === "drew")).toEqual({ type: "drew", player: "a", from: "deck", cards: ["bang_2d", "bang_3d"] });
  });
});

describe("audit: refusal codes (SCENARIOS-cards.md)", () => {
  it("E5.12, E11.22: a Panic! or Cat Balou whose forced random card (scenario randomCard) is not in the target's hand is INVALID_TARGET and changes nothing", () => {
    const s = position({ players: seats({ a: { hand: ["panic_8d", "cat_balou_kh"] }, b: { hand: ["bang_2d", "bang_3d"] }, c: { hand: ["bang_4d"] } }), deck: ["bang_5d"] });
    const before = JSON.stringify(s);
    for (const card of ["panic_8d", "cat_balou_kh"]) {
      const result = applyCommand(s, { type: "play", by: "a", card, target: "b" }, forcedSource([{ pick: "bang_4d" }]));
      expect(result.ok ? "accepted" : result.error.code).toBe("INVALID_TARGET");
    }
    expect(JSON.stringify(s)).toBe(before);
    const ok = applyCommand(s, { type: "play", by: "a", card: "panic_8d", target: "b" }, forcedSource([{ pick: "bang_3d" }]));
    expect(ok.ok && p(ok.state, "a").hand).toEqual(["cat_balou_kh", "bang_3d"]);
  });
});
