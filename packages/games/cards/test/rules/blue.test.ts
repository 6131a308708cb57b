import { describe, expect, it } from "vitest";
import { p, position, refused, run, seats, where } from "./helpers.js";

describe("E6 blue cards", () => {
  it("E2.8, E2.9, E6.6, E11.21: blue cards stay in play; a second of a kind is DUPLICATE_IN_PLAY; a new weapon replaces the old one", () => {
    const s = run(position({ players: seats({ a: { hand: ["barrel_qs", "barrel_ks", "schofield_jc", "schofield_qc", "winchester_8s"] } }) }), { type: "play", by: "a", card: "barrel_qs" }, { type: "play", by: "a", card: "schofield_jc" });
    expect(p(s, "a").inPlay).toEqual(["barrel_qs", "schofield_jc"]);
    refused(s, { type: "play", by: "a", card: "barrel_ks" }, "DUPLICATE_IN_PLAY");
    refused(s, { type: "play", by: "a", card: "schofield_qc" }, "DUPLICATE_IN_PLAY");
    const t = run(s, { type: "play", by: "a", card: "winchester_8s" });
    expect(p(t, "a").inPlay).toEqual(["barrel_qs", "winchester_8s"]);
    expect(t.discard).toEqual(["schofield_jc"]);
  });

  it("E6.1: a heart on the Barrel cancels the shot", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { inPlay: ["barrel_qs"] } }), deck: ["beer_6h"] }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(where(s)).toEqual({ phase: "response", waitingFor: "b" });
    const t = run(s, { type: "barrel", by: "b", source: "barrel" });
    expect(p(t, "b").life).toBe(4);
    expect(t.discard).toEqual(["bang_ad", "beer_6h"]);
    expect(where(t)).toEqual({ phase: "play", waitingFor: "a" });
  });

  it("E6.4, E6.5: Volcanic lifts the BANG! limit; losing it brings the limit back", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_2d", "bang_3d", "bang_4d"], inPlay: ["volcanic_10s"] }, b: { hand: ["cat_balou_kh"] } }) }), { type: "play", by: "a", card: "bang_2d", target: "b" }, { type: "play", by: "a", card: "bang_3d", target: "d" });
    expect(s.bangsPlayed).toBe(2);
    const lost = { ...s, players: s.players.map((x) => (x.id === "a" ? { ...x, inPlay: [] } : x)) };
    refused(lost, { type: "play", by: "a", card: "bang_4d", target: "b" }, "BANG_LIMIT");
  });

  it("E6.8, E11.15: Jail goes in front of its target; never the sheriff, never oneself; a second Jail is DUPLICATE_IN_PLAY", () => {
    const t = position({ players: seats({ b: { hand: ["jail_js"] }, c: { inPlay: ["jail_10s"] } }), turn: "b" });
    refused(t, { type: "play", by: "b", card: "jail_js", target: "a" }, "INVALID_TARGET");
    refused(t, { type: "play", by: "b", card: "jail_js", target: "b" }, "INVALID_TARGET");
    refused(t, { type: "play", by: "b", card: "jail_js", target: "c" }, "DUPLICATE_IN_PLAY");
    expect(p(run(t, { type: "play", by: "b", card: "jail_js", target: "d" }), "d").inPlay).toEqual(["jail_js"]);
  });

  it("E6.8, E3.1: a heart frees the jailed player, who plays his turn", () => {
    const s = position({ players: seats({ b: { inPlay: ["jail_js"] } }), turn: "b", phase: "turnStart", deck: ["beer_6h", "bang_2d", "bang_3d"] });
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "b" });
    expect(p(s, "b").inPlay).toEqual([]);
    expect(s.discard).toEqual(["beer_6h", "jail_js"]);
  });

  it("E6.9, E7.5: the Dynamite explodes on a 2-9 of spades: 3 life lost, caused by nobody; it is discarded", () => {
    const s = position({ players: seats({ b: { inPlay: ["dynamite_2h"] } }), turn: "b", phase: "turnStart", deck: ["missed_5s", "bang_2d", "bang_3d"] });
    expect(p(s, "b").life).toBe(1);
    expect(p(s, "b").inPlay).toEqual([]);
    expect(s.discard).toEqual(["missed_5s", "dynamite_2h"]);
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "b" });
  });

  it("E6.9, E3.5: the Dynamite kills the active player: his turn ends at once, the next player starts", () => {
    const s = position({ players: seats({ b: { life: 2, inPlay: ["dynamite_2h", "jail_js"] } }), turn: "b", phase: "turnStart", deck: ["missed_5s", "bang_2d", "bang_3d"] });
    expect(p(s, "b").alive).toBe(false);
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "c" });
    expect(s.discard).toEqual(["missed_5s", "dynamite_2h", "jail_js"]);
  });
});
