import { describe, expect, it } from "vitest";
import { cards, playerView, type GameState } from "../../src/index.js";
import { position, run, seats } from "../rules/helpers.js";

const choose = (s: GameState, me: string) => cards.bots.heuristic(1).choose(playerView(s, { kind: "player", id: me }), me);

describe("the heuristic bot", () => {
  it("E5.1: an outlaw shoots the sheriff when he can reach him", () => {
    const s = position({ players: seats({ b: { hand: ["bang_2d"] } }), turn: "b" });
    expect(choose(s, "b")).toMatchObject({ type: "play", card: "bang_2d", target: "a" });
  });

  it("E5.1: a deputy never shoots the sheriff", () => {
    const s = position({ players: seats({ e: { hand: ["bang_2d"] } }, 5), turn: "e" });
    const command = choose(s, "e");
    expect(command).not.toMatchObject({ target: "a" });
    expect(command).toMatchObject({ type: "play", card: "bang_2d" });
  });

  it("E6.1, E7.1: answers a shot with its Barrel first, then a Missed!", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { hand: ["missed_2s"], inPlay: ["barrel_qs"] } }), deck: ["bang_2c"] }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(choose(s, "b")).toEqual({ type: "barrel", by: "b", source: "barrel" });
    expect(choose(run(s, { type: "barrel", by: "b", source: "barrel" }), "b")).toEqual({ type: "respond", by: "b", card: "missed_2s" });
  });

  it("E5.3: never a Beer at full life; a Beer when hurt; E7.4 a Beer as a last resort", () => {
    const full = position({ players: seats({ a: { hand: ["beer_6h"] } }) });
    expect(choose(full, "a")).toEqual({ type: "end", by: "a" });
    const hurt = position({ players: seats({ a: { life: 3, hand: ["beer_6h"] } }) });
    expect(choose(hurt, "a")).toEqual({ type: "play", by: "a", card: "beer_6h" });
    const dying = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { life: 1, hand: ["beer_6h"] } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(choose(dying, "b")).toEqual({ type: "respond", by: "b", card: "beer_6h" });
  });
});
