import { describe, expect, it } from "vitest";
import { p, position, refused, run, seats, where } from "./helpers.js";

const shotAt = (b: Record<string, unknown>, a: Record<string, unknown> = {}, deck: string[] = []) =>
  run(position({ players: seats({ a: { hand: ["bang_ad"], ...a }, b }), deck }), { type: "play", by: "a", card: "bang_ad", target: "b" });

describe("E10 characters", () => {
  it("E10.1, E7.3, E11.9: Bart Cassidy draws one card per life point lost, after surviving", () => {
    const s = shotAt({ character: "bart_cassidy" }, {}, ["beer_6h"]);
    expect(p(s, "b").hand).toEqual(["beer_6h"]);
  });

  it("E10.2: Black Jack shows his second card and draws one more on a heart or diamond", () => {
    const s = position({ players: seats({ a: { character: "black_jack" } }), phase: "turnStart", deck: ["bang_2c", "bang_3d", "missed_2s", "beer_6h"] });
    const t = run(s, { type: "draw", by: "a" });
    expect(p(t, "a").hand).toEqual(["bang_2c", "bang_3d", "missed_2s"]);
  });

  it("E10.3, E11.5: Calamity Janet plays a Missed! as a BANG! (it counts for the limit) and a BANG! as a Missed!", () => {
    const s = run(position({ players: seats({ a: { character: "calamity_janet", hand: ["missed_2s", "bang_2d"] }, b: { character: "willy_the_kid" } }) }), { type: "play", by: "a", card: "missed_2s", target: "b", as: "bang" });
    expect(p(s, "b").life).toBe(3);
    refused(s, { type: "play", by: "a", card: "bang_2d", target: "b" }, "BANG_LIMIT");
    const t = shotAt({ character: "calamity_janet", hand: ["bang_2d"] });
    const u = run(t, { type: "respond", by: "b", card: "bang_2d" });
    expect(p(u, "b").life).toBe(4);
  });

  it("E10.4, E11.18: El Gringo takes a random card of his shooter's hand per life point lost", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad", "beer_6h", "beer_7h"] }, b: { character: "el_gringo" } }) }), [{ type: "play", by: "a", card: "bang_ad", target: "b" }, [{ pick: "beer_7h" }]]);
    expect(p(s, "b").hand).toEqual(["beer_7h"]);
    expect(p(s, "a").hand).toEqual(["beer_6h"]);
  });

  it("E10.5: Jesse Jones draws his first card at random from another player's hand", () => {
    const s = position({ players: seats({ a: { character: "jesse_jones" }, d: { character: "black_jack", hand: ["beer_6h", "bang_2d"] } }), phase: "turnStart", deck: ["missed_2s", "bang_3d"] });
    const t = run(s, [{ type: "draw", by: "a", from: "d" }, [{ pick: "bang_2d" }]]);
    expect(p(t, "a").hand).toEqual(["bang_2d", "missed_2s"]);
    expect(p(t, "d").hand).toEqual(["beer_6h"]);
  });

  it("E10.6, E11.3: Jourdonnais has a barrel source of his own, two with a Barrel", () => {
    const s = shotAt({ character: "jourdonnais", inPlay: ["barrel_qs"] }, { character: "slab_the_killer" }, ["beer_6h", "beer_7h"]);
    const t = run(s, { type: "barrel", by: "b", source: "jourdonnais" }, { type: "barrel", by: "b", source: "barrel" });
    expect(p(t, "b").life).toBe(4);
    expect(where(t)).toEqual({ phase: "play", waitingFor: "a" });
  });

  it("E10.7, E11.6: Kit Carlson looks at three cards, keeps two, puts the third back on top", () => {
    const s = position({ players: seats({ a: { character: "kit_carlson" }, b: { character: "black_jack" } }), phase: "turnStart", deck: ["bang_2d", "beer_6h", "missed_2s", "saloon_5h"] });
    const t = run(s, { type: "draw", by: "a" });
    expect(where(t)).toEqual({ phase: "choice", waitingFor: "a" });
    const u = run(t, { type: "keep", by: "a", cards: ["beer_6h", "missed_2s"] });
    expect(p(u, "a").hand).toEqual(["beer_6h", "missed_2s"]);
    expect(u.deck).toEqual(["bang_2d", "saloon_5h"]);
  });

  it("E10.8, E2.7, E11.7: Lucky Duke flips two cards for a \"draw!\" and chooses", () => {
    const s = position({ players: seats({ b: { character: "lucky_duke", inPlay: ["dynamite_2h"] } }), turn: "b", phase: "turnStart", deck: ["missed_5s", "beer_6h", "bang_2d", "bang_3d"] });
    expect(where(s)).toEqual({ phase: "choice", waitingFor: "b" });
    const t = run(s, { type: "choose", by: "b", card: "beer_6h" });
    expect(p(t, "b").life).toBe(4);
    expect(p(t, "c").inPlay).toEqual(["dynamite_2h"]);
    expect(t.discard).toEqual(["missed_5s", "beer_6h"]);
  });

  it("E10.10: Pedro Ramirez takes the top discard, then one from the draw pile", () => {
    const s = position({ players: seats({ a: { character: "pedro_ramirez" }, c: { character: "black_jack" } }), phase: "turnStart", deck: ["bang_2d", "bang_3d"], discard: ["beer_6h"] });
    expect(p(run(s, { type: "draw", by: "a", from: "discard" }), "a").hand).toEqual(["beer_6h", "bang_2d"]);
    refused(position({ players: seats(), phase: "turnStart", deck: ["bang_2d", "bang_3d"], discard: ["beer_6h"] }), { type: "draw", by: "a", from: "discard" }, "NOT_PLAYABLE");
  });

  it("E10.12: Sid Ketchum discards 2 cards for 1 life, refused at full life", () => {
    const s = position({ players: seats({ a: { character: "sid_ketchum", life: 3, hand: ["bang_2d", "bang_3d", "bang_4d", "bang_5d"] } }) });
    const t = run(s, { type: "ability", by: "a", cards: ["bang_2d", "bang_3d"] });
    expect(p(t, "a").life).toBe(4);
    expect(t.discard).toEqual(["bang_2d", "bang_3d"]);
    refused(run(t, { type: "ability", by: "a", cards: ["bang_4d", "bang_5d"] }), { type: "ability", by: "a", cards: ["bang_4d", "bang_5d"] }, "NOT_IN_HAND");
  });

  it("E10.14, E11.1: Suzy Lafayette draws as soon as her hand is empty", () => {
    const s = shotAt({ character: "suzy_lafayette", hand: ["missed_2s"] }, {}, ["bang_2d"]);
    const t = run(s, { type: "respond", by: "b", card: "missed_2s" });
    expect(p(t, "b").hand).toEqual(["bang_2d"]);
  });

  it("E10.16: Willy the Kid plays any number of BANG! cards", () => {
    const s = run(position({ players: seats({ a: { character: "willy_the_kid", hand: ["bang_2d", "bang_3d"] }, b: { character: "black_jack" } }) }), { type: "play", by: "a", card: "bang_2d", target: "b" }, { type: "play", by: "a", card: "bang_3d", target: "b" });
    expect(p(s, "b").life).toBe(2);
  });
});

describe("E11 rulings on characters", () => {
  it("E11.9: Bart Cassidy brought to 0 first gets his last resort; he draws only once he survived", () => {
    const s = shotAt({ character: "bart_cassidy", life: 1, hand: ["beer_6h"] }, {}, ["bang_2d"]);
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    const t = run(s, { type: "respond", by: "b", card: "beer_6h" });
    expect(p(t, "b").life).toBe(1);
    expect(p(t, "b").hand).toEqual(["bang_2d"]);
  });

  it("E11.13: Vulture Sam answers a Gatling with cards taken from a player it eliminated earlier", () => {
    const s = position({ players: seats({ a: { hand: ["gatling_10h"] }, b: { life: 1, hand: ["beer_6h", "missed_2s"] }, c: { character: "vulture_sam" } }), deck: ["bang_2d", "bang_3d", "bang_4d"] });
    const t = run(s, { type: "play", by: "a", card: "gatling_10h" }, { type: "pass", by: "b" });
    expect(where(t)).toEqual({ phase: "response", waitingFor: "b" });
    const u = run(t, { type: "pass", by: "b" });
    expect(p(u, "b").alive).toBe(false);
    expect(where(u)).toEqual({ phase: "response", waitingFor: "c" });
    const v = run(u, { type: "respond", by: "c", card: "missed_2s" });
    expect(p(v, "c").life).toBe(4);
    expect(p(v, "c").hand).toEqual(["beer_6h"]);
  });
});
