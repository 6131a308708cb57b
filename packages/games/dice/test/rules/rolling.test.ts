import { describe, expect, it } from "vitest";
import { canReroll, explodes, maxRollsFor, type Face, type GameEvent } from "../../src/index.js";
import { activeId, arrows, life, play, playAll, refuse, reroll, resolve, roll, stop, table4, to, totalArrows } from "./helpers.js";

const arrowTakers = (events: GameEvent[]) => events.flatMap((e) => (e.type === "arrowTaken" ? [e.arrowsInPile] : []));

describe("R2 rolling", () => {
  it("R2.1 the first roll throws all five dice, then two rerolls at most: the third roll ends rolling", () => {
    const s0 = table4();
    const first = play(s0, roll("a"), ["1", "beer", "beer", "beer", "gatling"]);
    const thrown = first.events.find((e) => e.type === "diceRolled");
    expect(thrown && thrown.type === "diceRolled" ? thrown.indexes : null).toEqual([0, 1, 2, 3, 4]);
    expect(first.state.dice).toEqual(["1", "beer", "beer", "beer", "gatling"]);
    expect(first.state.phase).toBe("rolling");
    const second = play(first.state, reroll("a", [0]), ["2"]);
    expect(second.state.phase).toBe("rolling");
    expect(second.state.rolls).toBe(2);
    const third = play(second.state, reroll("a", [0]), ["1"]);
    expect(third.state.rolls).toBe(3);
    expect(third.state.phase).toBe("resolving");
    expect(refuse(third.state, reroll("a", [4]), ["1"]).code).toBe("WRONG_PHASE");
    expect(maxRollsFor("paul_regret")).toBe(3);
  });

  it("R2.1 the player may stop after any roll; the first roll cannot be repeated and nothing but a roll starts the turn", () => {
    const s0 = table4();
    expect(refuse(s0, stop("a")).code).toBe("WRONG_PHASE");
    expect(refuse(s0, reroll("a", [0]), ["1"]).code).toBe("WRONG_PHASE");
    const first = play(s0, roll("a"), ["1", "beer", "beer", "beer", "gatling"]).state;
    expect(refuse(first, roll("a"), ["1", "1", "1", "1", "1"]).code).toBe("WRONG_PHASE");
    const stopped = play(first, stop("a")).state;
    expect(stopped.phase).toBe("resolving");
    expect(stopped.rolls).toBe(1);
    expect(refuse(stopped, reroll("a", [0]), ["1"]).code).toBe("WRONG_PHASE");
  });

  it("R2.2 a die kept on the second roll may be rerolled on the third, and a die may be rerolled twice", () => {
    const s = playAll(table4(), [
      [roll("a"), ["1", "beer", "beer", "gatling", "2"]],
      [reroll("a", [0]), ["beer"]],
      [reroll("a", [0, 1, 2]), ["gatling", "gatling", "1"]],
    ]).state;
    expect(s.dice).toEqual(["gatling", "gatling", "1", "gatling", "2"]);
    expect(s.rolls).toBe(3);
  });

  it("R2.3 a die showing dynamite cannot be rerolled: DIE_LOCKED, the state unchanged", () => {
    const s = play(table4(), roll("a"), ["dynamite", "1", "beer", "arrow", "gatling"]).state;
    expect(refuse(s, reroll("a", [1, 0]), ["1", "1"]).code).toBe("DIE_LOCKED");
    expect(refuse(s, reroll("a", [0]), ["1"]).code).toBe("DIE_LOCKED");
    expect(play(s, reroll("a", [1, 2, 3, 4]), ["2", "2", "2", "2"]).state.dice).toEqual(["dynamite", "2", "2", "2", "2"]);
    expect(canReroll("dynamite", "paul_regret")).toBe(false);
    expect(canReroll("arrow", "paul_regret")).toBe(true);
  });

  it("R2.4 each arrow rolled takes one arrow at once, rerolls included; an arrow die may be rerolled and only thrown dice count", () => {
    const first = play(table4(), roll("a"), ["arrow", "arrow", "1", "beer", "gatling"]);
    expect(arrows(first.state, "a")).toBe(2);
    expect(first.state.arrowsInPile).toBe(7);
    expect(arrowTakers(first.events)).toEqual([8, 7]);
    // die 0 (an arrow) is rerolled into an arrow again: one more arrow; die 1 is kept: nothing
    const second = play(first.state, reroll("a", [0, 2]), ["arrow", "arrow"]);
    expect(arrows(second.state, "a")).toBe(4);
    expect(second.state.arrowsInPile).toBe(5);
    const third = play(second.state, reroll("a", [0, 1]), ["beer", "beer"]);
    expect(arrows(third.state, "a")).toBe(4);
    expect(third.state.arrowsInPile).toBe(5);
    expect(totalArrows(third.state)).toBe(9);
  });

  it("R2.5 taking the last arrow triggers an Indian attack, then the owed arrows are taken from the refilled pile", () => {
    // pile 2: the first two arrows empty it, the attack strikes (a holds 2, b holds 7), the third comes from a pile of 9
    const s0 = table4({}, { b: { arrows: 7 } });
    expect(s0.arrowsInPile).toBe(2);
    const { state, events } = play(s0, roll("a"), ["arrow", "arrow", "arrow", "1", "gatling"]);
    expect(life(state, "a")).toBe(9);
    expect(life(state, "b")).toBe(1);
    expect(arrows(state, "b")).toBe(0);
    expect(arrows(state, "a")).toBe(1);
    expect(state.arrowsInPile).toBe(8);
    const order = events.filter((e) => e.type === "arrowTaken" || e.type === "indianAttack").map((e) => (e.type === "arrowTaken" ? `take:${e.arrowsInPile}` : "attack"));
    expect(order).toEqual(["take:1", "take:0", "attack", "take:8"]);
    expect(state.phase).toBe("rolling");
    expect(activeId(state)).toBe("a");
  });

  it("R2.5 a reroll can empty the refilled pile again and trigger another attack", () => {
    const s0 = table4({}, { b: { arrows: 6 }, c: { arrows: 2 } });
    expect(s0.arrowsInPile).toBe(1);
    const first = play(s0, roll("a"), ["arrow", "beer", "beer", "beer", "beer"]).state;
    expect(first.arrowsInPile).toBe(9);
    expect(life(first, "b")).toBe(2);
    expect(life(first, "c")).toBe(7);
    expect(life(first, "a")).toBe(10);
    // now a 9-arrow pile: 5 + 4 arrows empty it again
    const second = play(first, reroll("a", [0, 1, 2, 3, 4]), ["arrow", "arrow", "arrow", "arrow", "arrow"]).state;
    expect(arrows(second, "a")).toBe(5);
    expect(second.arrowsInPile).toBe(4);
    const third = play(second, reroll("a", [0, 1, 2, 3]), ["arrow", "arrow", "arrow", "arrow"]);
    expect(third.events.filter((e) => e.type === "indianAttack")).toHaveLength(1);
    expect(life(third.state, "a")).toBe(1);
    expect(third.state.arrowsInPile).toBe(9);
  });

  it("R2.6 three dynamite end rolling at once (no further reroll) and the other dice are still resolved", () => {
    expect(explodes(["dynamite", "dynamite", "1", "dynamite", "beer"])).toBe(true);
    expect(explodes(["dynamite", "dynamite", "1", "arrow", "beer"])).toBe(false);
    const first = play(table4(), roll("a"), ["dynamite", "dynamite", "1", "beer", "gatling"]).state;
    const boom = play(first, reroll("a", [2]), ["dynamite"]).state;
    expect(boom.exploded).toBe(true);
    expect(boom.rolls).toBe(2);
    expect(boom.phase).toBe("resolving");
    expect(refuse(boom, reroll("a", [3]), ["1"]).code).toBe("WRONG_PHASE");
    const done = play(boom, resolve("a", { beers: to([3, "b"]) })).state;
    expect(life(done, "a")).toBe(10);
    expect(activeId(done)).toBe("b");
  });

  it("R2.6 an explosion on the first roll with no choice to make resolves at once", () => {
    const { state } = play(table4(), roll("a"), ["dynamite", "dynamite", "dynamite", "dynamite", "gatling"]);
    expect(life(state, "a")).toBe(10);
    expect(activeId(state)).toBe("b");
    expect(state.phase).toBe("rolling");
  });

  it("R2.7 after the last allowed roll rolling ends by itself: resolution waits for choices, or runs at once without them", () => {
    const quiet: Face[] = ["dynamite", "dynamite", "arrow", "arrow"];
    const waits = playAll(table4(), [
      [roll("a"), ["1", "beer", "beer", "beer", "gatling"]],
      [reroll("a", [1]), ["beer"]],
      [reroll("a", [1]), ["beer"]],
    ]).state;
    expect(waits.phase).toBe("resolving");
    expect(activeId(waits)).toBe("a");
    const runs = playAll(table4(), [
      [roll("a"), ["1", "beer", "beer", "beer", "gatling"]],
      [reroll("a", [0, 1, 2, 3]), ["beer", "beer", "beer", "beer"]],
      [reroll("a", [0, 1, 2, 3]), quiet],
    ]).state;
    expect(runs.phase).toBe("rolling");
    expect(activeId(runs)).toBe("b");
    expect(runs.players.map((p) => p.life)).toEqual([11, 8, 9, 8]);
    expect(arrows(runs, "a")).toBe(2);
  });
});
