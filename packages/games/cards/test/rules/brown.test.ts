import { describe, expect, it } from "vitest";
import { p, position, refused, run, seats, where } from "./helpers.js";

describe("E5 brown cards", () => {
  it("E5.1, E2.4: a BANG! goes to the discard pile at once; a second one is BANG_LIMIT", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad", "bang_2d"] } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(s.discard).toEqual(["bang_ad"]);
    expect(s.bangsPlayed).toBe(1);
    expect(p(s, "b").life).toBe(3);
    refused(s, { type: "play", by: "a", card: "bang_2d", target: "b" }, "BANG_LIMIT");
  });

  it("E5.2, E3.7: a Missed! cannot be played as an action: NOT_PLAYABLE", () => {
    refused(position({ players: seats({ a: { hand: ["missed_2s"] } }) }), { type: "play", by: "a", card: "missed_2s", target: "b" }, "NOT_PLAYABLE");
  });

  it("E5.3: Beer heals 1, never above the maximum, playable at full life with no effect", () => {
    const s = position({ players: seats({ a: { life: 3, hand: ["beer_6h", "beer_7h", "beer_8h"] } }) });
    const once = run(s, { type: "play", by: "a", card: "beer_6h" });
    expect(p(once, "a").life).toBe(4);
    const full = run(once, { type: "play", by: "a", card: "beer_7h" }, { type: "play", by: "a", card: "beer_8h" });
    expect(p(full, "a").life).toBe(5);
    expect(full.discard).toHaveLength(3);
  });

  it("E5.3, E11.8: with 2 players left a Beer in phase 2 does nothing", () => {
    const s = position({ players: seats({ a: { life: 2, hand: ["beer_6h"] }, b: { alive: false }, d: { alive: false } }) });
    expect(p(run(s, { type: "play", by: "a", card: "beer_6h" }), "a").life).toBe(2);
  });

  it("E5.4: Saloon heals every player in the game by 1", () => {
    const s = run(position({ players: seats({ a: { life: 2, hand: ["saloon_5h"] }, b: { life: 1 }, c: { alive: false } }) }), { type: "play", by: "a", card: "saloon_5h" });
    expect([p(s, "a").life, p(s, "b").life, p(s, "d").life]).toEqual([3, 2, 4]);
  });

  it("E5.5: Stagecoach draws 2, Wells Fargo 3", () => {
    const s = run(position({ players: seats({ a: { hand: ["stagecoach_9s", "wells_fargo_3h"] } }), deck: ["bang_2d", "bang_3d", "bang_4d", "bang_5d", "bang_6d", "bang_7d"] }), { type: "play", by: "a", card: "stagecoach_9s" }, { type: "play", by: "a", card: "wells_fargo_3h" });
    expect(p(s, "a").hand).toEqual(["bang_2d", "bang_3d", "bang_4d", "bang_5d", "bang_6d"]);
  });

  it("E5.7, E11.22: Panic! takes a card in play of the player's choice, or a random hand card (the random source picks)", () => {
    const s = position({ players: seats({ a: { hand: ["panic_8d", "panic_jh"] }, b: { hand: ["beer_6h", "bang_2d"], inPlay: ["barrel_qs"] } }) });
    const taken = run(s, { type: "play", by: "a", card: "panic_8d", target: "b", targetCard: "barrel_qs" });
    expect(p(taken, "a").hand).toEqual(["panic_jh", "barrel_qs"]);
    const blind = run(taken, [{ type: "play", by: "a", card: "panic_jh", target: "b" }, [{ pick: "bang_2d" }]]);
    expect(p(blind, "b").hand).toEqual(["beer_6h"]);
    expect(p(blind, "a").hand).toContain("bang_2d");
  });

  it("E5.8, E6.7, E5.12: Cat Balou discards at any distance; a player with no card is INVALID_TARGET", () => {
    const s = position({ players: seats({ a: { hand: ["cat_balou_kh"] }, b: { inPlay: ["mustang_8h"] }, c: { inPlay: ["jail_js"] } }) });
    const out = run(s, { type: "play", by: "a", card: "cat_balou_kh", target: "c", targetCard: "jail_js" });
    expect(p(out, "c").inPlay).toEqual([]);
    expect(out.discard).toEqual(["cat_balou_kh", "jail_js"]);
    refused(s, { type: "play", by: "a", card: "cat_balou_kh", target: "d" }, "INVALID_TARGET");
    refused(s, { type: "play", by: "a", card: "cat_balou_kh", target: "b", targetCard: "bang_2d" }, "INVALID_TARGET");
  });

  it("E11.14: Panic! and Cat Balou target other players only", () => {
    refused(position({ players: seats({ a: { hand: ["cat_balou_kh"], inPlay: ["dynamite_2h"] } }) }), { type: "play", by: "a", card: "cat_balou_kh", target: "a", targetCard: "dynamite_2h" }, "INVALID_TARGET");
  });

  it("E5.9: Duel: the target starts, the two discard BANG! cards in turn; the first who does not loses 1 life", () => {
    const s = position({ players: seats({ a: { hand: ["duel_qd", "bang_2d"] }, c: { hand: ["bang_3d", "bang_4d"] } }) });
    let t = run(s, { type: "play", by: "a", card: "duel_qd", target: "c" });
    expect(where(t)).toEqual({ phase: "response", waitingFor: "c" });
    t = run(t, { type: "respond", by: "c", card: "bang_3d" }, { type: "respond", by: "a", card: "bang_2d" });
    expect(where(t)).toEqual({ phase: "response", waitingFor: "c" });
    t = run(t, { type: "pass", by: "c" });
    expect(p(t, "c").life).toBe(3);
    expect(p(t, "a").life).toBe(5);
    expect(where(t)).toEqual({ phase: "play", waitingFor: "a" });
  });

  it("E5.9, E11.11: a challenger who loses his own Duel loses 1 life; nobody caused it", () => {
    const s = run(position({ players: seats({ a: { hand: ["duel_qd"] }, c: { hand: ["bang_3d"] } }) }), { type: "play", by: "a", card: "duel_qd", target: "c" }, { type: "respond", by: "c", card: "bang_3d" });
    expect(p(s, "a").life).toBe(4);
  });

  it("E5.11: Gatling shoots every other player; a Missed! answers it; it does not use up the BANG!", () => {
    const s = run(position({ players: seats({ a: { hand: ["gatling_10h", "bang_2d"] }, b: { hand: ["missed_2s"] } }) }), { type: "play", by: "a", card: "gatling_10h" }, { type: "respond", by: "b", card: "missed_2s" });
    expect([p(s, "b").life, p(s, "c").life, p(s, "d").life]).toEqual([4, 3, 3]);
    expect(s.bangsPlayed).toBe(0);
    expect(p(run(s, { type: "play", by: "a", card: "bang_2d", target: "b" }), "b").life).toBe(3);
  });

  it("E5.10: Indians!: a BANG! discarded or 1 life lost, a Missed! is useless", () => {
    const s = run(position({ players: seats({ a: { hand: ["indians_kd"] }, b: { hand: ["missed_2s"] }, c: { hand: ["bang_2d"] } }) }), { type: "play", by: "a", card: "indians_kd" });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "c" });
    expect(p(s, "b").life).toBe(3);
    const t = run(s, { type: "respond", by: "c", card: "bang_2d" });
    expect([p(t, "c").life, p(t, "d").life]).toEqual([4, 3]);
  });

  it("E5.6: General Store: one card per player in the game, picked clockwise from its player; the last goes by itself", () => {
    const s = run(position({ players: seats({ a: { hand: ["general_store_qs"] } }), deck: ["bang_2d", "beer_6h", "missed_2s", "panic_8d", "saloon_5h"] }), { type: "play", by: "a", card: "general_store_qs" });
    expect(where(s)).toEqual({ phase: "generalStore", waitingFor: "a" });
    refused(s, { type: "pick", by: "a", card: "saloon_5h" }, "NOT_PLAYABLE");
    const t = run(s, { type: "pick", by: "a", card: "beer_6h" }, { type: "pick", by: "b", card: "bang_2d" }, { type: "pick", by: "c", card: "panic_8d" });
    expect(p(t, "d").hand).toEqual(["missed_2s"]);
    expect(t.deck).toEqual(["saloon_5h"]);
  });
});
