import { describe, expect, it } from "vitest";
import { distance, gatlingFires, needsChoices, shotReach, shotTargets, type GameEvent } from "../../src/index.js";
import { activeId, arrows, life, lives, newGame, play, playAll, refuse, resolve, roll, seat, stop, table4, to } from "./helpers.js";

// table4(): a sheriff paul_regret 11, b outlaw lucky_duke 8, c renegade jesse_jones 9, d outlaw black_jack 8.
// From a: b and d at distance 1, c at distance 2.

describe("R3 resolution", () => {
  it("R3.1 arrow dice were resolved while rolling: resolution takes no more arrows for them", () => {
    const rolled = play(table4(), roll("a"), ["arrow", "1", "dynamite", "dynamite", "gatling"]).state;
    expect(arrows(rolled, "a")).toBe(1);
    const done = playAll(rolled, [[stop("a")], [resolve("a", { shots: to([1, "b"]) })]]).state;
    expect(arrows(done, "a")).toBe(1);
    expect(done.arrowsInPile).toBe(8);
    expect(life(done, "b")).toBe(7);
  });

  it("R3.2 an exploded dynamite costs the active player exactly 1 life, however many dynamite; two dynamite cost nothing", () => {
    expect(life(play(table4(), roll("a"), ["dynamite", "dynamite", "dynamite", "dynamite", "dynamite"]).state, "a")).toBe(10);
    expect(life(play(table4(), roll("a"), ["dynamite", "dynamite", "dynamite", "gatling", "gatling"]).state, "a")).toBe(10);
    const two = playAll(table4(), [[roll("a"), ["dynamite", "dynamite", "arrow", "gatling", "gatling"]], [stop("a")]]).state;
    expect(life(two, "a")).toBe(11);
    expect(activeId(two)).toBe("b");
  });

  it("R3.3 each shot die picks its own target, two dice may pick the same one, each hit costs 1 life", () => {
    const spread = playAll(table4(), [
      [roll("a"), ["1", "1", "2", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "d"], [2, "c"]) })],
    ]).state;
    expect(lives(spread)).toEqual({ a: 11, b: 7, c: 8, d: 7 });
    const same = playAll(table4(), [
      [roll("a"), ["1", "1", "2", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "d"], [1, "d"], [2, "c"]) })],
    ]).state;
    expect(lives(same)).toEqual({ a: 11, b: 8, c: 8, d: 6 });
  });

  it("R3.3 a 1 hits only at distance 1, a 2 only at distance 2, never the shooter: INVALID_TARGET", () => {
    const s = playAll(table4(), [[roll("a"), ["1", "2", "dynamite", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(s, resolve("a", { shots: to([0, "c"], [1, "c"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { shots: to([0, "b"], [1, "b"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { shots: to([0, "a"], [1, "c"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { shots: to([0, "b"], [1, "zz"]) })).code).toBe("INVALID_TARGET");
    expect(shotTargets(s.players, "a", "1")).toEqual(["b", "d"]);
    expect(shotTargets(s.players, "a", "2")).toEqual(["c"]);
  });

  it("R3.4 distance counts only living players, the shorter way round", () => {
    const seats = ["a", "b", "c", "d", "e", "f"].map((id) => ({ id, alive: id !== "c" }));
    expect(distance(seats, "a", "b")).toBe(1);
    expect(distance(seats, "a", "d")).toBe(2);
    expect(distance(seats, "a", "e")).toBe(2);
    expect(distance(seats, "a", "f")).toBe(1);
    expect(distance(seats, "b", "e")).toBe(2);
    expect(distance(seats, "d", "b")).toBe(1);
    expect(distance(seats, "a", "c")).toBe(Infinity);
    const all = seats.map((p) => ({ ...p, alive: true }));
    expect(distance(all, "a", "d")).toBe(3);
    expect(distance(all, "b", "d")).toBe(2);
  });

  it("R3.4 an eliminated player does not count: the player beyond them comes within reach of a 1", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "outlaw", "lucky_duke", { alive: false }),
        seat("c", "renegade", "jesse_jones"),
        seat("d", "outlaw", "black_jack"),
        seat("e", "deputy", "rose_doolan"),
      ],
    });
    const done = playAll(s, [
      [roll("a"), ["1", "2", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "c"], [1, "d"]) })],
    ]).state;
    expect(lives(done)).toEqual({ a: 11, b: 0, c: 8, d: 7, e: 9 });
  });

  it("R3.5 with 3 or fewer players alive a 2 counts as a 1", () => {
    expect(shotReach("2", "paul_regret", 4)).toEqual([2]);
    expect(shotReach("2", "paul_regret", 3)).toEqual([1]);
    expect(shotReach("2", "paul_regret", 2)).toEqual([1]);
    expect(shotReach("1", "paul_regret", 5)).toEqual([1]);
    const s = table4({}, { b: { alive: false } });
    const done = playAll(s, [
      [roll("a"), ["2", "2", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "c"], [1, "d"]) })],
    ]).state;
    expect(lives(done)).toEqual({ a: 11, b: 0, c: 8, d: 7 });
  });

  it("R3.6 all shots land together: targets are checked against the players alive when the step starts, eliminations follow all hits", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "outlaw", "lucky_duke", { life: 1 }),
        seat("c", "outlaw", "jesse_jones", { life: 1 }),
        seat("d", "renegade", "black_jack"),
        seat("e", "deputy", "rose_doolan"),
      ],
    });
    // b (distance 1) and c (distance 2) fall to the same step; c stays a legal target of the 2 though b falls
    const { state, events } = playAll(s, [
      [roll("a"), ["1", "2", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "c"]) })],
    ]);
    expect(state.players.filter((p) => !p.alive).map((p) => p.id)).toEqual(["b", "c"]);
    const kinds = events.filter((e) => e.type === "lifeLost" || e.type === "eliminated").map((e: GameEvent) => e.type);
    expect(kinds).toEqual(["lifeLost", "lifeLost", "eliminated", "eliminated"]);
    expect(activeId(state)).toBe("d");
  });

  it("R3.6 eliminations come after every hit of the step: Vulture Sam, hit to 0, gains nothing from the player before him", () => {
    const s = table4({ d: "vulture_sam" }, { b: { life: 1 }, d: { life: 1 } });
    const state = playAll(s, [
      [roll("a"), ["1", "1", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "d"]) })],
    ]).state;
    expect(lives(state)).toEqual({ a: 11, b: 0, c: 9, d: 0 });
    expect(state.players.filter((p) => !p.alive).map((p) => p.id)).toEqual(["b", "d"]);
  });

  it("R3.7 a beer gives 1 life to any player, the active one included, never above the maximum", () => {
    const s = table4({}, { a: { life: 9 }, c: { life: 5 } });
    const done = playAll(s, [
      [roll("a"), ["beer", "beer", "beer", "beer", "dynamite"]],
      [stop("a")],
      [resolve("a", { beers: to([0, "a"], [1, "a"], [2, "a"], [3, "c"]) })],
    ]).state;
    expect(lives(done)).toEqual({ a: 11, b: 8, c: 6, d: 8 });
  });

  it("R3.7 a beer on an eliminated player is refused (INVALID_TARGET); one on a player eliminated earlier in the resolution has no effect", () => {
    const dead = table4({}, { b: { alive: false } });
    const s = playAll(dead, [[roll("a"), ["beer", "dynamite", "dynamite", "gatling", "gatling"]], [stop("a")]]).state;
    expect(refuse(s, resolve("a", { beers: to([0, "b"]) })).code).toBe("INVALID_TARGET");
    const earlier = playAll(table4({}, { d: { life: 1 } }), [
      [roll("a"), ["1", "beer", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "d"]), beers: to([1, "d"]) })],
    ]).state;
    expect(life(earlier, "d")).toBe(0);
    expect(earlier.players.find((p) => p.id === "d")!.alive).toBe(false);
  });

  it("R3.8 three gatling fire the Gatling once: the active player's arrows return, every other player loses 1", () => {
    expect(gatlingFires(["gatling", "gatling", "gatling", "1", "1"], "paul_regret")).toBe(true);
    expect(gatlingFires(["gatling", "gatling", "1", "1", "1"], "paul_regret")).toBe(false);
    const s = table4({ a: "jesse_jones", c: "rose_doolan" }, { a: { arrows: 2 }, b: { arrows: 1 } });
    const fired = playAll(s, [[roll("a"), ["gatling", "gatling", "gatling", "arrow", "gatling"]], [stop("a")]]).state;
    expect(lives(fired)).toEqual({ a: 11, b: 7, c: 8, d: 7 });
    expect(arrows(fired, "a")).toBe(0);
    expect(arrows(fired, "b")).toBe(1);
    expect(fired.arrowsInPile).toBe(8);
  });

  it("R3.8 two gatling do nothing: no damage and the active player keeps their arrows", () => {
    const s = table4({}, { a: { arrows: 2 } });
    const done = playAll(s, [[roll("a"), ["gatling", "gatling", "arrow", "dynamite", "dynamite"]], [stop("a")]]).state;
    expect(lives(done)).toEqual({ a: 11, b: 8, c: 9, d: 8 });
    expect(arrows(done, "a")).toBe(3);
  });

  it("R3.9 every shot and beer die must be given a target: INCOMPLETE_RESOLUTION; dice with no choice need none", () => {
    const s = playAll(table4(), [[roll("a"), ["1", "beer", "arrow", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(s, resolve("a", { shots: to([0, "b"]) })).code).toBe("INCOMPLETE_RESOLUTION");
    expect(refuse(s, resolve("a", { beers: to([1, "a"]) })).code).toBe("INCOMPLETE_RESOLUTION");
    expect(refuse(s, resolve("a")).code).toBe("INCOMPLETE_RESOLUTION");
    expect(refuse(s, resolve("a", { shots: to([0, "b"], [2, "b"]), beers: to([1, "a"]) })).code).toBe("INVALID_COMMAND");
    expect(needsChoices(["arrow", "dynamite", "gatling", "gatling", "arrow"], "paul_regret")).toBe(false);
    expect(needsChoices(["arrow", "dynamite", "gatling", "gatling", "beer"], "paul_regret")).toBe(true);
    expect(needsChoices(["arrow", "dynamite", "gatling", "gatling", "2"], "paul_regret")).toBe(true);
    const auto = playAll(table4(), [[roll("a"), ["arrow", "dynamite", "gatling", "gatling", "arrow"]], [stop("a")]]).state;
    expect(activeId(auto)).toBe("b");
  });

  it("R3.10 when a step ends the game nothing more resolves: the beer and the Gatling after the fatal shot do not happen", () => {
    const s = table4({}, { a: { life: 1 }, b: { life: 5 } }, { turn: "b" });
    const { state, events } = playAll(s, [
      [roll("b"), ["1", "beer", "gatling", "gatling", "gatling"]],
      [stop("b")],
      [resolve("b", { shots: to([0, "a"]), beers: to([1, "b"]) })],
    ]);
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(lives(state)).toEqual({ a: 0, b: 5, c: 9, d: 8 });
    expect(events.some((e) => e.type === "gatlingFired")).toBe(false);
    expect(refuse(state, roll("c"), ["1", "1", "1", "1", "1"]).code).toBe("WRONG_PHASE");
  });

  it("R3.11 the active player killed by their own dynamite: the turn ends, their shot and beer are not resolved", () => {
    const s = table4({}, { b: { life: 1 } }, { turn: "b" });
    const state = playAll(s, [
      [roll("b"), ["dynamite", "dynamite", "dynamite", "1", "beer"]],
      [resolve("b", { shots: to([3, "a"]), beers: to([4, "b"]) })],
    ]).state;
    expect(lives(state)).toEqual({ a: 11, b: 0, c: 9, d: 8 });
    expect(activeId(state)).toBe("c");
    expect(state.phase).toBe("rolling");
    expect(state.rolls).toBe(0);
    expect(state.winner).toBeNull();
  });

  it("R3.11 the active player killed by an Indian attack while rolling: the turn ends at once, no reroll, their dice unresolved", () => {
    const s = table4({}, { b: { life: 1, arrows: 1 }, c: { arrows: 7 } }, { turn: "b" });
    expect(s.arrowsInPile).toBe(1);
    const state = play(s, roll("b"), ["arrow", "gatling", "gatling", "gatling", "1"]).state;
    expect(lives(state)).toEqual({ a: 11, b: 0, c: 2, d: 8 });
    expect(activeId(state)).toBe("c");
    expect(state.dice).toEqual([]);
    expect(state.arrowsInPile).toBe(9);
  });
});
