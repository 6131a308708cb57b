import { describe, expect, it } from "vitest";
import { p, position, refused, run, seats, where } from "./helpers.js";

describe("E2 piles and E3 the turn", () => {
  it("E2.5, E11.10: an empty draw pile is rebuilt from the whole discard pile (a forced order in scenarios) when a card is needed", () => {
    const s = position({ players: seats({ a: { hand: ["stagecoach_9s"] } }), deck: ["bang_2d"], discard: ["beer_6h", "missed_2s"], reshuffles: [["missed_2s", "stagecoach_9s", "beer_6h"]] });
    const t = run(s, { type: "play", by: "a", card: "stagecoach_9s" });
    expect(p(t, "a").hand).toEqual(["bang_2d", "missed_2s"]);
    expect(t.deck).toEqual(["stagecoach_9s", "beer_6h"]);
    expect(t.discard).toEqual([]);
  });

  it("E2.5: with the random source, a reshuffle is a permutation of the discard pile", () => {
    const s = position({ players: seats({ a: { hand: ["wells_fargo_3h"] } }), deck: [], discard: ["beer_6h", "missed_2s", "bang_3d", "bang_4d"] });
    const t = run(s, [{ type: "play", by: "a", card: "wells_fargo_3h" }, [{ shuffle: ["bang_4d", "beer_6h", "bang_3d", "missed_2s", "wells_fargo_3h"] }]]);
    expect(p(t, "a").hand).toEqual(["bang_4d", "beer_6h", "bang_3d"]);
    expect(t.deck).toEqual(["missed_2s", "wells_fargo_3h"]);
  });

  it("E2.6: a \"draw!\" card is discarded before the result applies; E6.8 a failed Jail skips the whole turn", () => {
    const s = position({ players: seats({ b: { hand: ["beer_6h"], inPlay: ["jail_js"] } }), turn: "b", phase: "turnStart", deck: ["bang_2c", "bang_3d", "bang_4d"] });
    expect(s.discard).toEqual(["bang_2c", "jail_js"]);
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "c" });
    expect(p(s, "b").hand).toEqual(["beer_6h"]);
  });

  it("E3.2, E3.3: phase 1 draws 2, then phase 2; draw is refused in phase 2 (WRONG_PHASE)", () => {
    const s = position({ players: seats({ a: { character: "willy_the_kid" } }), phase: "turnStart", deck: ["bang_2d", "bang_3d", "bang_4d"] });
    expect(where(s)).toEqual({ phase: "draw", waitingFor: "a" });
    const t = run(s, { type: "draw", by: "a" });
    expect(p(t, "a").hand).toEqual(["bang_2d", "bang_3d"]);
    expect(where(t)).toEqual({ phase: "play", waitingFor: "a" });
    refused(t, { type: "draw", by: "a" }, "WRONG_PHASE");
  });

  it("E3.4, E3.5: ending phase 2 within the hand limit passes the turn; over it, phase 3 discards exactly the excess", () => {
    const within = run(position({ players: seats({ a: { hand: ["bang_2d"] } }), deck: ["bang_3d", "bang_4d"] }), { type: "end", by: "a" });
    expect(where(within)).toEqual({ phase: "draw", waitingFor: "b" });
    const over = run(position({ players: seats({ a: { life: 1, hand: ["bang_2d", "beer_6h"] } }), deck: ["bang_3d", "bang_4d"] }), { type: "end", by: "a" });
    expect(where(over)).toEqual({ phase: "discard", waitingFor: "a" });
    const done = run(over, { type: "discard", by: "a", cards: ["bang_2d"] });
    expect(p(done, "a").hand).toEqual(["beer_6h"]);
    expect(where(done)).toEqual({ phase: "draw", waitingFor: "b" });
  });

  it("E1.7, E3.5, E8.4: turns skip eliminated players", () => {
    const s = run(position({ players: seats({ b: { alive: false } }), deck: ["bang_3d", "bang_4d"] }), { type: "end", by: "a" });
    expect(s.players[s.turn]!.id).toBe("c");
  });

  it("E3.6: out of his turn a player can only answer: a `play` by someone else is NOT_YOUR_TURN", () => {
    refused(position({ players: seats({ b: { hand: ["beer_6h"], life: 2 } }) }), { type: "play", by: "b", card: "beer_6h" }, "NOT_YOUR_TURN");
  });

  it("E10.14, E11.1: Suzy Lafayette draws in the middle of a Duel and answers the next round with what she drew", () => {
    const s = position({ players: seats({ a: { hand: ["duel_qd", "bang_2d"] }, b: { character: "suzy_lafayette", hand: ["bang_3d"] } }), deck: ["bang_4d", "beer_6h"] });
    const t = run(s, { type: "play", by: "a", card: "duel_qd", target: "b" }, { type: "respond", by: "b", card: "bang_3d" });
    expect(p(t, "b").hand).toEqual(["bang_4d"]);
    const u = run(t, { type: "respond", by: "a", card: "bang_2d" });
    expect(where(u)).toEqual({ phase: "response", waitingFor: "b" });
    const v = run(u, { type: "respond", by: "b", card: "bang_4d" });
    expect(p(v, "a").life).toBe(4);
  });
});
