import { describe, expect, it } from "vitest";
import { molotovRow } from "../../src/index.js";
import { activeOf, ammo, card, cards, dplay, dplayAll, drefuse, dresolve, dreroll, droll, dstop, duel, rolled, up } from "./helpers.js";

describe("R8.4 beer face changes", () => {
  it("R8.4 each beer set aside changes another die to any face, before any effect: the changed die then shoots", () => {
    // a: beer, arrow, arrow, dynamite, gatling. The beer turns the gatling into a `1`.
    const s = rolled(duel(), ["beer", "arrow", "dynamite", "arrow", "gatling"]);
    expect(s.phase).toBe("resolving");
    const { state, events } = dplay(s, dresolve("a", { changes: [{ beer: 0, die: 4, face: "1" }], shots: [{ die: 4, column: 2 }] }));
    expect(events).toContainEqual({ type: "diceChanged", player: "a", changes: [{ beer: 0, die: 4, face: "1" }], dice: ["beer", "arrow", "dynamite", "arrow", "1"] });
    expect(up(state, "b", card("near", 2))).toBe(false);
    expect(ammo(state, "a")).toBe(3 + 1 - 1); // +1 from the gatling rolled (R8.3), -1 for the shot
  });

  it("R8.4 a die is changed once, a beer funds one change, and a funding beer is not changed: INVALID_COMMAND", () => {
    const s = rolled(duel(), ["beer", "beer", "arrow", "dynamite", "gatling"]);
    expect(drefuse(s, dresolve("a", { changes: [{ beer: 0, die: 4, face: "1" }, { beer: 1, die: 4, face: "2" }] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a", { changes: [{ beer: 0, die: 2, face: "1" }, { beer: 0, die: 4, face: "2" }] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a", { changes: [{ beer: 0, die: 1, face: "1" }, { beer: 1, die: 2, face: "2" }] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a", { changes: [{ beer: 2, die: 4, face: "1" }] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a", { changes: [{ beer: 0, die: 0, face: "1" }] })).code).toBe("INVALID_COMMAND");
  });

  it("R8.4 a change cannot undo an explosion: the dynamite still destroys one of the player's cards", () => {
    const s = rolled(duel(), ["dynamite", "dynamite", "dynamite", "beer", "arrow"]);
    expect(s.exploded).toBe(true);
    const after = dplay(s, dresolve("a", { changes: [{ beer: 3, die: 0, face: "gatling" }], dynamite: card("far", 0) })).state;
    expect(cards(after, "a")).toBe(7);
    expect(up(after, "a", card("far", 0))).toBe(false);
  });

  it("R8.4 a change to dynamite does not explode (explosions follow rolls only), and a change to gatling gives no ammo", () => {
    const s = rolled(duel(), ["dynamite", "dynamite", "beer", "beer", "arrow"]);
    const { state, events } = dplay(s, dresolve("a", { changes: [{ beer: 2, die: 4, face: "dynamite" }, { beer: 3, die: 0, face: "gatling" }] }));
    expect(events.some((e) => e.type === "dynamiteExploded" || e.type === "cardDestroyed" || e.type === "ammoGained")).toBe(false);
    expect(ammo(state, "a")).toBe(3);
    expect(cards(state, "a")).toBe(8);
  });
});

describe("R8.5 molotov", () => {
  it("R8.5 the combinations: 3 beer + 1 dynamite + one 1/2, or 2 beer + 2 dynamite + one 1/2; the die's face gives the row", () => {
    expect(molotovRow(["beer", "beer", "beer", "dynamite", "1"])).toBe("near");
    expect(molotovRow(["beer", "dynamite", "beer", "dynamite", "2"])).toBe("far");
    expect(molotovRow(["beer", "beer", "dynamite", "1", "2"])).toBeNull();
    expect(molotovRow(["beer", "beer", "dynamite", "1", "arrow"])).toBeNull();
    expect(molotovRow(["beer", "beer", "beer", "beer", "1"])).toBeNull();
    expect(molotovRow(["dynamite", "dynamite", "dynamite", "beer", "1"])).toBeNull();
  });

  it("R8.5 every opponent card of that row is destroyed, and those dice have no other effect (no shot, no ammo spent)", () => {
    const s = rolled(duel({ b: { destroyed: [card("far", 1)] } }), ["beer", "beer", "beer", "dynamite", "2"]);
    const { state, events } = dplay(s, dresolve("a"));
    expect(events).toContainEqual({ type: "molotov", player: "a", row: "far" });
    expect(state.players[1]!.hideout.far).toEqual([false, false, false, false]);
    expect(state.players[1]!.hideout.near).toEqual([true, true, true, true]);
    expect(ammo(state, "a")).toBe(3);
    expect(activeOf(state)).toBe("b");
  });

  it("R8.5 a shot or repair given with a molotov is INVALID_COMMAND", () => {
    const s = rolled(duel(), ["beer", "beer", "dynamite", "dynamite", "1"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 4, column: 0 }] })).code).toBe("INVALID_COMMAND");
  });

  it("R8.5 beer changes can make a molotov, and the beers that funded them still count", () => {
    const s = rolled(duel(), ["beer", "beer", "beer", "arrow", "arrow"]);
    const { state } = dplay(s, dresolve("a", { changes: [{ beer: 0, die: 3, face: "dynamite" }, { beer: 1, die: 4, face: "1" }] }));
    expect(state.players[1]!.hideout.near).toEqual([false, false, false, false]);
  });
});

describe("R8.6 resolution order", () => {
  it("R8.6 an explosion destroys one of the player's own cards, their choice; it is required (INCOMPLETE_RESOLUTION)", () => {
    const s = rolled(duel(), ["dynamite", "dynamite", "dynamite", "arrow", "gatling"]);
    expect(drefuse(s, dresolve("a")).code).toBe("INCOMPLETE_RESOLUTION");
    const after = dplay(s, dresolve("a", { dynamite: card("near", 3) })).state;
    expect(up(after, "a", card("near", 3))).toBe(false);
    expect(cards(after, "b")).toBe(8);
  });

  it("R8.6 a dynamite card without an explosion is INVALID_COMMAND; an own card already destroyed is INVALID_TARGET", () => {
    const quiet = rolled(duel(), ["beer", "arrow", "dynamite", "arrow", "gatling"]);
    expect(drefuse(quiet, dresolve("a", { dynamite: card("near", 0) })).code).toBe("INVALID_COMMAND");
    const boom = rolled(duel({ a: { destroyed: [card("near", 0)] } }), ["dynamite", "dynamite", "dynamite", "arrow", "gatling"]);
    expect(drefuse(boom, dresolve("a", { dynamite: card("near", 0) })).code).toBe("INVALID_TARGET");
  });

  it("R8.6 order dynamite, shots, then arrows: arrows restore the card the dynamite just destroyed", () => {
    // a: 3 dynamite (explode), 2 arrows. Dynamite takes near 1; the pair of arrows restores column 1.
    const s = rolled(duel(), ["dynamite", "arrow", "dynamite", "arrow", "dynamite"]);
    const { state, events } = dplay(s, dresolve("a", { dynamite: card("near", 1), repairs: [1] }));
    const kinds = events.filter((e) => e.type === "cardDestroyed" || e.type === "cardRestored").map((e) => e.type);
    expect(kinds).toEqual(["cardDestroyed", "cardRestored"]);
    expect(cards(state, "a")).toBe(8);
  });

  it("R8.6 the end is checked after each step: a player whose last card the dynamite destroys loses, and nothing else resolves", () => {
    const all7 = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => card(row, column))).slice(1);
    const s = rolled(duel({ a: { destroyed: all7 } }), ["dynamite", "dynamite", "dynamite", "1", "2"]);
    const { state } = dplay(s, dresolve("a", { dynamite: card("near", 0), shots: [{ die: 3, column: 0 }] }));
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "duel", players: ["b"] });
    expect(cards(state, "b")).toBe(8);
    expect(ammo(state, "a")).toBe(3);
  });
});

describe("R8.7 shots", () => {
  it("R8.7 each 1/2 die pays 1 ammo and destroys an opponent card of the player's choice, near for 1, far for 2", () => {
    const s = rolled(duel(), ["1", "2", "arrow", "beer", "dynamite"]);
    const { state } = dplay(s, dresolve("a", { shots: [{ die: 0, column: 3 }, { die: 1, column: 0 }] }));
    expect(up(state, "b", card("near", 3))).toBe(false);
    expect(up(state, "b", card("far", 0))).toBe(false);
    expect(cards(state, "b")).toBe(6);
    expect(ammo(state, "a")).toBe(1);
  });

  it("R8.7 with no ammo the die does nothing: no resolve is needed, and a shot given anyway is NO_AMMO, changing nothing", () => {
    const noChoice = dplayAll(duel({ a: { ammo: 0 } }), [[droll("a"), ["1", "2", "arrow", "dynamite", "dynamite"]], [dstop("a")]]).state;
    expect(activeOf(noChoice)).toBe("b");
    expect(cards(noChoice, "b")).toBe(8);
    // With a beer the player must resolve; a shot without ammo is refused.
    const s = rolled(duel({ a: { ammo: 0 } }), ["1", "beer", "arrow", "dynamite", "dynamite"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 0, column: 0 }] })).code).toBe("NO_AMMO");
  });

  it("R8.7 ammo runs out: the shots after the last ammo do nothing (1 ammo, two 1 dice: one card)", () => {
    const s = rolled(duel({ a: { ammo: 1 } }), ["1", "1", "arrow", "beer", "dynamite"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 0, column: 0 }, { die: 1, column: 1 }] })).code).toBe("NO_AMMO");
    const { state } = dplay(s, dresolve("a", { shots: [{ die: 1, column: 1 }] }));
    expect(cards(state, "b")).toBe(7);
    expect(ammo(state, "a")).toBe(0);
  });

  it("R8.7 with no card left in that row the die does nothing; a destroyed card is INVALID_TARGET", () => {
    const nearGone = [0, 1, 2, 3].map((c) => card("near", c));
    const s = rolled(duel({ b: { destroyed: nearGone } }), ["1", "2", "arrow", "beer", "dynamite"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 0, column: 0 }, { die: 1, column: 0 }] })).code).toBe("INVALID_TARGET");
    const { state } = dplay(s, dresolve("a", { shots: [{ die: 1, column: 0 }] }));
    expect(cards(state, "b")).toBe(3);
    expect(ammo(state, "a")).toBe(2);
  });

  it("R8.7 every shot that has ammo and a target must be used: INCOMPLETE_RESOLUTION", () => {
    const s = rolled(duel(), ["1", "2", "arrow", "beer", "dynamite"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 0, column: 0 }] })).code).toBe("INCOMPLETE_RESOLUTION");
  });

  it("R8.7 a die not showing 1 or 2 cannot shoot, and a die shoots once: INVALID_COMMAND", () => {
    const s = rolled(duel(), ["1", "2", "arrow", "beer", "dynamite"]);
    expect(drefuse(s, dresolve("a", { shots: [{ die: 2, column: 0 }] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a", { shots: [{ die: 0, column: 0 }, { die: 0, column: 1 }] })).code).toBe("INVALID_COMMAND");
  });
});

describe("R8.8 arrows restore cards", () => {
  it("R8.8 each pair of arrows restores one destroyed card, in a column where a card still stands", () => {
    const s = rolled(duel({ a: { destroyed: [card("near", 0), card("far", 2)] } }), ["arrow", "arrow", "arrow", "arrow", "dynamite"]);
    const { state } = dplay(s, dresolve("a", { repairs: [0, 2] }));
    expect(cards(state, "a")).toBe(8);
  });

  it("R8.8 a repair in a column with no card left is INVALID_TARGET and changes nothing", () => {
    const s = rolled(duel({ a: { destroyed: [card("near", 1), card("far", 1), card("near", 3)] } }), ["arrow", "arrow", "beer", "dynamite", "gatling"]);
    expect(drefuse(s, dresolve("a", { repairs: [1] })).code).toBe("INVALID_TARGET");
    const { state } = dplay(s, dresolve("a", { repairs: [3] }));
    expect(up(state, "a", card("near", 3))).toBe(true);
    expect(up(state, "a", card("near", 1))).toBe(false);
  });

  it("R8.8 three arrows are one pair; more repairs than pairs is INVALID_COMMAND; an unused pair with a card to restore is INCOMPLETE_RESOLUTION", () => {
    const s = rolled(duel({ a: { destroyed: [card("near", 0), card("near", 1)] } }), ["arrow", "arrow", "arrow", "beer", "dynamite"]);
    expect(drefuse(s, dresolve("a", { repairs: [0, 1] })).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, dresolve("a")).code).toBe("INCOMPLETE_RESOLUTION");
    expect(cards(dplay(s, dresolve("a", { repairs: [1] })).state, "a")).toBe(7);
  });

  it("R8.8 with only emptied columns the arrows do nothing: resolved without a resolve", () => {
    const s = dplayAll(duel({ a: { destroyed: [card("near", 1), card("far", 1)] } }), [[droll("a"), ["arrow", "arrow", "dynamite", "dynamite", "gatling"]], [dstop("a")]]).state;
    expect(activeOf(s)).toBe("b");
    expect(cards(s, "a")).toBe(6);
  });
});

describe("R8.10 the end", () => {
  it("R8.10 the first player whose 8 cards are all destroyed loses; the other wins (team duel)", () => {
    const seven = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => card(row, column))).filter((c) => !(c.row === "far" && c.column === 3));
    const s = rolled(duel({ b: { destroyed: seven } }), ["2", "arrow", "beer", "dynamite", "gatling"]);
    const { state, events } = dplay(s, dresolve("a", { shots: [{ die: 0, column: 3 }] }));
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "duel", players: ["a"] });
    expect(events.at(-1)).toEqual({ type: "gameOver", winner: { team: "duel", players: ["a"] } });
    expect(drefuse(state, droll("b")).code).toBe("WRONG_PHASE");
  });

  it("R8.10 a reroll after the game is over is WRONG_PHASE (nothing changes)", () => {
    const seven = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => card(row, column))).slice(0, 7);
    const s = rolled(duel({ b: { destroyed: seven } }), ["2", "arrow", "beer", "dynamite", "gatling"]);
    const over = dplay(s, dresolve("a", { shots: [{ die: 0, column: 3 }] })).state;
    expect(drefuse(over, dreroll("a", [0])).code).toBe("WRONG_PHASE");
  });
});
