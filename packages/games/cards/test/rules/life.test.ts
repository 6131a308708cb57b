import { describe, expect, it } from "vitest";
import { winnerOf } from "../../src/index.js";
import { p, position, refused, run, seats, where } from "./helpers.js";

describe("E7 shots, life loss, last resort", () => {
  it("E7.1: with nothing to answer the shot hits at once; with a Missed! the engine waits and `pass` takes the hit", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { hand: ["missed_2s"] } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    const t = run(s, { type: "pass", by: "b" });
    expect(p(t, "b").life).toBe(3);
    expect(p(t, "b").hand).toEqual(["missed_2s"]);
  });

  it("E7.1, E10.13, E11.4: Slab the Killer's BANG! needs 2 misses; a Missed! that does not complete it is spent", () => {
    const s = run(position({ players: seats({ a: { character: "slab_the_killer", hand: ["bang_ad"] }, b: { hand: ["missed_2s"] } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" }, { type: "respond", by: "b", card: "missed_2s" });
    expect(p(s, "b").life).toBe(3);
    expect(s.discard).toEqual(["bang_ad", "missed_2s"]);
  });

  it("E7.4, E11.17: at 0 life or less a player may play Beers, one per missing point; he needs (1 - life)", () => {
    const s = position({ players: seats({ b: { life: 2, hand: ["beer_6h", "beer_7h", "beer_8h"], inPlay: ["dynamite_2h"] } }), turn: "b", phase: "turnStart", deck: ["missed_5s", "bang_2d", "bang_3d"] });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    expect(p(s, "b").life).toBe(-1);
    const t = run(s, { type: "respond", by: "b", card: "beer_6h" }, { type: "respond", by: "b", card: "beer_7h" });
    expect(p(t, "b").life).toBe(1);
    expect(where(t)).toEqual({ phase: "draw", waitingFor: "b" });
  });

  it("E7.4: a player who cannot reach 1 life is eliminated without a command; `pass` gives the last resort up", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { life: 1, hand: ["beer_6h"] }, d: { life: 1 } }), deck: ["bang_2d", "bang_3d", "bang_4d"] }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    const t = run(s, { type: "pass", by: "b" });
    expect(p(t, "a").hand).toEqual(["bang_2d", "bang_3d", "bang_4d"]);
    expect(p(t, "b").alive).toBe(false);
  });

  it("E11.8: with 2 players left a Beer cannot save (NOT_PLAYABLE); Sid Ketchum's ability still can (E11.20)", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { character: "sid_ketchum", life: 1, hand: ["beer_6h", "bang_2d", "bang_3d"] }, c: { alive: false }, d: { alive: false } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    refused(s, { type: "respond", by: "b", card: "beer_6h" }, "NOT_PLAYABLE");
    const t = run(s, { type: "ability", by: "b", cards: ["bang_2d", "bang_3d"] });
    expect(p(t, "b").life).toBe(1);
    expect(where(t)).toEqual({ phase: "play", waitingFor: "a" });
  });
});

describe("E8 elimination, E9 end of the game", () => {
  it("E8.1, E8.2, E11.19: the killer of an outlaw draws 3; the outlaw's cards go to the discard pile, hand then in play", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { life: 1, hand: ["panic_8d"], inPlay: ["scope_as"] } }), deck: ["bang_2d", "bang_3d", "bang_4d", "bang_5d"] }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(p(s, "b").alive).toBe(false);
    expect(s.discard).toEqual(["bang_ad", "panic_8d", "scope_as"]);
    expect(p(s, "a").hand).toEqual(["bang_2d", "bang_3d", "bang_4d"]);
  });

  it("E8.3, E11.2: the sheriff who kills a deputy discards everything; a Vulture Sam sheriff takes the deputy's cards first", () => {
    const s = run(position({ players: seats({ a: { character: "vulture_sam", hand: ["bang_ad", "beer_6h"], inPlay: ["barrel_qs"] }, e: { life: 1, hand: ["missed_2s"] } }, 5) }), { type: "play", by: "a", card: "bang_ad", target: "e" }, { type: "pass", by: "e" });
    expect(p(s, "e").alive).toBe(false);
    expect(p(s, "a").hand).toEqual([]);
    expect(p(s, "a").inPlay).toEqual([]);
    expect(s.discard).toEqual(["bang_ad", "beer_6h", "missed_2s", "barrel_qs"]);
  });

  it("E10.15: Vulture Sam takes every card of another eliminated player into his hand", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, c: { character: "vulture_sam" }, b: { life: 1, hand: ["panic_8d"], inPlay: ["scope_as"] } }), deck: ["bang_2d", "bang_3d", "bang_4d"] }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(p(s, "c").hand).toEqual(["panic_8d", "scope_as"]);
  });

  it("E9.1, E9.2, E9.3, E9.4: who wins", () => {
    const seat = (id: string, role: "sheriff" | "deputy" | "outlaw" | "renegade", alive = true) => ({ id, role, alive });
    expect(winnerOf([seat("a", "sheriff", false), seat("b", "renegade"), seat("c", "outlaw", false), seat("d", "outlaw", false)])).toEqual({ team: "renegade", players: ["b"] });
    expect(winnerOf([seat("a", "sheriff", false), seat("b", "renegade"), seat("c", "outlaw"), seat("d", "outlaw", false)])).toEqual({ team: "outlaws", players: ["c", "d"] });
    expect(winnerOf([seat("a", "sheriff"), seat("b", "renegade", false), seat("c", "outlaw", false), seat("e", "deputy", false)])).toEqual({ team: "law", players: ["a", "e"] });
    expect(winnerOf([seat("a", "sheriff"), seat("b", "renegade"), seat("c", "outlaw", false), seat("d", "outlaw", false)])).toBeNull();
    expect(winnerOf([seat("a", "sheriff", false), seat("b", "renegade"), seat("f", "renegade"), seat("c", "outlaw", false)])).toEqual({ team: "outlaws", players: ["c"] });
  });

  it("E9.5, E11.12: the game ends at the first elimination that decides it; the rest of a Gatling is not resolved", () => {
    const s = run(position({ players: seats({ c: { hand: ["gatling_10h"] }, d: { life: 1 }, a: { life: 1 } }), turn: "c", deck: ["bang_2d", "bang_3d", "bang_4d"] }), { type: "play", by: "c", card: "gatling_10h" });
    expect(where(s)).toEqual({ phase: "gameOver", waitingFor: null });
    expect(s.winner).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(p(s, "d").alive).toBe(false);
    expect(p(s, "b").life).toBe(4);
  });
});
