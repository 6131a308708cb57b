import { describe, expect, it } from "vitest";
import {
  canReroll,
  gatlingFires,
  indianAttackLosses,
  legalActions,
  maxRollsFor,
  needsChoices,
  playerToAct,
  playerView,
  shotReach,
  shotTargets,
  type Face,
} from "../../src/index.js";
import { activeId, arrows, heal, life, lives, newGame, play, playAll, react, refuse, reroll, resolve, roll, seat, stop, table4, to, type Step } from "./helpers.js";

// table4(): a sheriff paul_regret 11, b outlaw lucky_duke 8, c renegade jesse_jones 9, d outlaw black_jack 8,
// unless a character is overridden. From a: b and d at distance 1, c at distance 2.
const quiet: Face[] = ["dynamite", "dynamite", "gatling", "gatling", "arrow"];
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

describe("B characters", () => {
  it("C1 Bart Cassidy is asked once for the shots step and may take each shot point as an arrow instead", () => {
    const s = playAll(table4({ b: "bart_cassidy" }), [
      [roll("a"), ["1", "1", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "b"]) })],
    ]).state;
    expect(s.phase).toBe("reaction");
    expect(s.reaction).toMatchObject({ player: "b", max: 2 });
    expect(playerToAct(s)).toBe("b");
    expect(activeId(s)).toBe("a");
    expect(refuse(s, react("a", 0)).code).toBe("NOT_YOUR_TURN");
    expect(refuse(s, react("b", 3)).code).toBe("INVALID_COMMAND");
    const taken = play(s, react("b", 2)).state;
    expect(life(taken, "b")).toBe(8);
    expect(arrows(taken, "b")).toBe(2);
    expect(taken.arrowsInPile).toBe(7);
    expect(activeId(taken)).toBe("b");
    const refused = play(s, react("b", 0)).state;
    expect(life(refused, "b")).toBe(6);
    expect(arrows(refused, "b")).toBe(0);
  });

  it("C1 Bart Cassidy is asked again for the Gatling, after the shooter's arrows went back to the pile", () => {
    // pile 1 when the Gatling starts: a's 4 arrows return first, so Bart may take one
    const s = table4({ b: "bart_cassidy" }, { a: { arrows: 4 }, c: { arrows: 4 } });
    expect(s.arrowsInPile).toBe(1);
    const asked = playAll(s, [[roll("a"), ["gatling", "gatling", "gatling", "dynamite", "dynamite"]], [stop("a")]]).state;
    expect(asked.phase).toBe("reaction");
    expect(asked.reaction).toMatchObject({ player: "b", max: 1 });
    expect(asked.arrowsInPile).toBe(5);
    const done = play(asked, react("b", 1)).state;
    expect(lives(done)).toEqual({ a: 11, b: 8, c: 8, d: 7 });
    expect(arrows(done, "b")).toBe(1);
    expect(done.arrowsInPile).toBe(4);
  });

  it("C1 Bart Cassidy is never asked about dynamite or Indians, nor when only the last arrow is left (engine ruling)", () => {
    const boom = play(table4({ a: "bart_cassidy" }), roll("a"), ["dynamite", "dynamite", "dynamite", "gatling", "arrow"]);
    expect(life(boom.state, "a")).toBe(9);
    expect(boom.events.some((e) => e.type === "reactionRequested")).toBe(false);
    const indians = play(table4({ b: "bart_cassidy" }, { b: { arrows: 2 }, c: { arrows: 6 } }), roll("a"), ["arrow", "beer", "beer", "1", "1"]);
    expect(life(indians.state, "b")).toBe(6);
    expect(indians.events.some((e) => e.type === "reactionRequested")).toBe(false);
    const lastArrow = playAll(table4({ b: "bart_cassidy" }, { c: { arrows: 8 } }), [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]) })],
    ]).state;
    expect(life(lastArrow, "b")).toBe(7);
    expect(lastArrow.arrowsInPile).toBe(1);
    expect(activeId(lastArrow)).toBe("b");
  });

  it("C2 Black Jack may reroll dice showing dynamite; three dynamite after a roll still explode", () => {
    expect(canReroll("dynamite", "black_jack")).toBe(true);
    const s = table4({ a: "black_jack", d: "paul_regret" });
    const rerolled = playAll(s, [
      [roll("a"), ["dynamite", "dynamite", "1", "beer", "gatling"]],
      [reroll("a", [0, 1]), ["1", "beer"]],
    ]).state;
    expect(rerolled.dice).toEqual(["1", "beer", "1", "beer", "gatling"]);
    expect(rerolled.phase).toBe("rolling");
    const boom = play(s, roll("a"), ["dynamite", "dynamite", "dynamite", "beer", "gatling"]).state;
    expect(boom.phase).toBe("resolving");
    expect(refuse(boom, reroll("a", [0]), ["beer"]).code).toBe("WRONG_PHASE");
    expect(life(play(boom, resolve("a", { beers: to([3, "b"]) })).state, "a")).toBe(9);
  });

  it("C3 Calamity Janet may use each 1 as a 2 and each 2 as a 1", () => {
    expect(sorted(shotReach("1", "calamity_janet", 5))).toEqual([1, 2]);
    expect(sorted(shotReach("2", "calamity_janet", 5))).toEqual([1, 2]);
    expect(shotReach("2", "calamity_janet", 3)).toEqual([1]);
    const done = playAll(table4({ a: "calamity_janet" }), [
      [roll("a"), ["1", "2", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "c"], [1, "d"]) })],
    ]).state;
    expect(lives(done)).toEqual({ a: 10, b: 8, c: 8, d: 7 });
  });

  it("C4 El Gringo makes the active player take one arrow per step he loses life in (shots, Gatling), however many dice hit him", () => {
    const { state, events } = playAll(table4({ b: "el_gringo" }), [
      [roll("a"), ["1", "1", "gatling", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "b"]) })],
    ]);
    expect(lives(state)).toEqual({ a: 11, b: 4, c: 8, d: 7 });
    // one arrow for the shots step (returned by the Gatling), one for the Gatling step
    expect(events.filter((e) => e.type === "arrowTaken").map((e) => (e.type === "arrowTaken" ? e.player : ""))).toEqual(["a", "a"]);
    expect(arrows(state, "a")).toBe(1);
    expect(state.arrowsInPile).toBe(8);
  });

  it("C4 El Gringo gives no arrow for Indians or dynamite", () => {
    const s = table4({ b: "el_gringo" }, { b: { arrows: 3 }, c: { arrows: 5 } });
    const { state } = play(s, roll("a"), ["arrow", "beer", "beer", "1", "1"]);
    expect(life(state, "b")).toBe(4);
    expect(arrows(state, "a")).toBe(0);
    expect(state.arrowsInPile).toBe(9);
  });

  it("C5 Jesse Jones's beer on himself gives 2 while he is at 4 life or less, checked per die in die order", () => {
    const at = (start: number, targets: string[]) =>
      playAll(table4({ a: "jesse_jones", c: "rose_doolan" }, { a: { life: start }, b: { life: 5 } }), [
        [roll("a"), ["beer", "beer", "beer", "dynamite", "dynamite"]],
        [stop("a")],
        [resolve("a", { beers: targets.map((target, die) => ({ die, target })) })],
      ]).state;
    expect(life(at(3, ["a", "a", "a"]), "a")).toBe(3 + 2 + 1 + 1);
    expect(life(at(2, ["a", "a", "a"]), "a")).toBe(2 + 2 + 2 + 1);
    expect(life(at(5, ["a", "a", "a"]), "a")).toBe(8);
    const other = at(4, ["b", "a", "b"]);
    expect(life(other, "a")).toBe(6);
    expect(life(other, "b")).toBe(7);
  });

  it("C5 a beer someone else gives Jesse Jones gives 1", () => {
    const done = playAll(table4({}, { c: { life: 3 } }), [
      [roll("a"), ["beer", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { beers: to([0, "c"]) })],
    ]).state;
    expect(life(done, "c")).toBe(4);
  });

  it("C6 Jourdonnais never loses more than 1 life to one Indian attack", () => {
    const s = table4({ d: "jourdonnais" }, { d: { arrows: 5, life: 2 }, b: { arrows: 3 } });
    expect(s.arrowsInPile).toBe(1);
    const { state } = play(s, roll("a"), ["arrow", "beer", "beer", "1", "1"]);
    expect(lives(state)).toEqual({ a: 10, b: 5, c: 9, d: 1 });
    expect(indianAttackLosses(s.players)).toEqual([0, 3, 0, 1]);
  });

  it("C7 Kit Carlson makes one player return one arrow per gatling die, himself included; he is always asked when he has a gatling die", () => {
    expect(needsChoices(["gatling", "arrow", "arrow", "dynamite", "dynamite"], "kit_carlson")).toBe(true);
    expect(needsChoices(["gatling", "arrow", "arrow", "dynamite", "dynamite"], "paul_regret")).toBe(false);
    const s = table4({ a: "kit_carlson" }, { a: { arrows: 2 }, b: { arrows: 2 } });
    const waiting = playAll(s, [[roll("a"), ["gatling", "gatling", "dynamite", "dynamite", "arrow"]], [stop("a")]]).state;
    expect(waiting.phase).toBe("resolving");
    expect(arrows(waiting, "a")).toBe(3);
    const done = play(waiting, resolve("a", { arrowDiscards: ["b", "a"] })).state;
    expect(arrows(done, "a")).toBe(2);
    expect(arrows(done, "b")).toBe(1);
    expect(done.arrowsInPile).toBe(6);
    expect(activeId(done)).toBe("b");
    const none = play(waiting, resolve("a")).state;
    expect(arrows(none, "a")).toBe(3);
    expect(arrows(none, "b")).toBe(2);
  });

  it("C7 Kit Carlson's discards: at most one per gatling die (INVALID_COMMAND), only from players holding that many arrows (INVALID_TARGET), only for him", () => {
    const s = playAll(table4({ a: "kit_carlson" }, { b: { arrows: 1 }, c: { arrows: 3 } }), [
      [roll("a"), ["gatling", "gatling", "dynamite", "dynamite", "beer"]],
      [stop("a")],
    ]).state;
    expect(refuse(s, resolve("a", { beers: to([4, "a"]), arrowDiscards: ["c", "c", "c"] })).code).toBe("INVALID_COMMAND");
    expect(refuse(s, resolve("a", { beers: to([4, "a"]), arrowDiscards: ["b", "b"] })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { beers: to([4, "a"]), arrowDiscards: ["d"] })).code).toBe("INVALID_TARGET");
    expect(arrows(play(s, resolve("a", { beers: to([4, "a"]), arrowDiscards: ["c", "c"] })).state, "c")).toBe(1);
    const other = playAll(table4({}, { b: { arrows: 1 } }), [[roll("a"), ["gatling", "beer", "dynamite", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(other, resolve("a", { beers: to([1, "a"]), arrowDiscards: ["b"] })).code).toBe("INVALID_COMMAND");
  });

  it("C7 when Kit Carlson's own Gatling fires, his discards come from other players: naming himself is INVALID_TARGET and legalActions omits him", () => {
    const s = playAll(table4({ a: "kit_carlson" }, { a: { arrows: 2 }, b: { arrows: 1 } }), [
      [roll("a"), ["gatling", "gatling", "gatling", "dynamite", "dynamite"]],
      [stop("a")],
    ]).state;
    expect(refuse(s, resolve("a", { arrowDiscards: ["a"] })).code).toBe("INVALID_TARGET");
    const legal = legalActions(playerView(s, { kind: "player", id: "a" }), "a");
    expect(legal.kind === "resolve" && legal.arrowDiscards?.players.map((p) => p.id)).toEqual(["b"]);
    const done = play(s, resolve("a", { arrowDiscards: ["b"] })).state;
    expect(arrows(done, "b")).toBe(0);
    expect(arrows(done, "a")).toBe(0);
  });

  it("C7 Kit Carlson's discards are applied before his Gatling hits (engine ruling): the refilled pile lets Bart Cassidy take an arrow", () => {
    // pile 1 and Kit holds nothing: only the discard of c's arrow makes a second arrow for Bart to take
    const s = table4({ a: "kit_carlson", b: "bart_cassidy" }, { c: { arrows: 8 } });
    expect(s.arrowsInPile).toBe(1);
    const rolled = playAll(s, [[roll("a"), ["gatling", "gatling", "gatling", "dynamite", "dynamite"]], [stop("a")]]).state;
    const asked = play(rolled, resolve("a", { arrowDiscards: ["c"] })).state;
    expect(asked.phase).toBe("reaction");
    expect(asked.reaction).toMatchObject({ player: "b", max: 1 });
    expect(arrows(asked, "c")).toBe(7);
    expect(asked.arrowsInPile).toBe(2);
    const notAsked = play(rolled, resolve("a")).state;
    expect(notAsked.phase).toBe("rolling");
    expect(life(notAsked, "b")).toBe(7);
  });

  it("C8 Lucky Duke may roll 4 times in all; a fifth roll is refused", () => {
    expect(maxRollsFor("lucky_duke")).toBe(4);
    const s = playAll(table4({ a: "lucky_duke", b: "paul_regret" }), [
      [roll("a"), ["1", "beer", "beer", "beer", "gatling"]],
      [reroll("a", [0]), ["2"]],
      [reroll("a", [0]), ["2"]],
    ]).state;
    expect(s.phase).toBe("rolling");
    const fourth = play(s, reroll("a", [0]), ["1"]).state;
    expect(fourth.rolls).toBe(4);
    expect(fourth.phase).toBe("resolving");
    expect(refuse(fourth, reroll("a", [0]), ["1"]).code).toBe("WRONG_PHASE");
  });

  it("C9 Paul Regret never loses life to the Gatling, but does to shots", () => {
    const done = playAll(table4({ a: "lucky_duke", b: "paul_regret" }), [
      [roll("a"), ["gatling", "gatling", "gatling", "1", "dynamite"]],
      [stop("a")],
      [resolve("a", { shots: to([3, "b"]) })],
    ]).state;
    expect(lives(done)).toEqual({ a: 10, b: 8, c: 8, d: 7 });
  });

  it("C10 Pedro Ramirez returns one arrow per life point lost, as long as he holds arrows, dynamite included", () => {
    const shot = playAll(table4({ b: "pedro_ramirez" }, { b: { arrows: 1 } }), [
      [roll("a"), ["1", "1", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "b"]) })],
    ]).state;
    expect(life(shot, "b")).toBe(6);
    expect(arrows(shot, "b")).toBe(0);
    expect(shot.arrowsInPile).toBe(9);
    const boom = play(table4({ a: "pedro_ramirez" }, { a: { arrows: 2 } }), roll("a"), ["dynamite", "dynamite", "dynamite", "gatling", "arrow"]).state;
    expect(life(boom, "a")).toBe(9);
    expect(arrows(boom, "b")).toBe(0);
    expect(arrows(boom, "a")).toBe(2);
    expect(boom.arrowsInPile).toBe(7);
  });

  it("C11 Rose Doolan's 1 hits at distance 1 or 2, her 2 at distance 2 or 3 (after R3.5)", () => {
    expect(sorted(shotReach("1", "rose_doolan", 6))).toEqual([1, 2]);
    expect(sorted(shotReach("2", "rose_doolan", 6))).toEqual([2, 3]);
    expect(sorted(shotReach("2", "rose_doolan", 3))).toEqual([1, 2]);
    const s = newGame({
      players: [
        seat("a", "sheriff", "rose_doolan"),
        seat("b", "outlaw", "lucky_duke"),
        seat("c", "deputy", "paul_regret"),
        seat("d", "outlaw", "jesse_jones"),
        seat("e", "renegade", "black_jack"),
        seat("f", "outlaw", "jourdonnais"),
      ],
    });
    expect(shotTargets(s.players, "a", "1")).toEqual(["b", "c", "e", "f"]);
    expect(shotTargets(s.players, "a", "2")).toEqual(["c", "d", "e"]);
    const rolled = playAll(s, [[roll("a"), ["1", "2", "dynamite", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(rolled, resolve("a", { shots: to([0, "d"], [1, "d"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(rolled, resolve("a", { shots: to([0, "b"], [1, "b"]) })).code).toBe("INVALID_TARGET");
    const done = play(rolled, resolve("a", { shots: to([0, "e"], [1, "d"]) })).state;
    expect(life(done, "e")).toBe(7);
    expect(life(done, "d")).toBe(8);
  });

  it("C12 Sid Ketchum must choose a player who gains 1 life before his first roll (HEAL_REQUIRED), once per turn", () => {
    const s = table4({ b: "sid_ketchum" }, { b: { life: 5 }, c: { life: 4 } }, { turn: "b" });
    expect(s.healPending).toBe(true);
    expect(refuse(s, roll("b"), ["1", "1", "1", "1", "1"]).code).toBe("HEAL_REQUIRED");
    expect(refuse(s, heal("b", "zz")).code).toBe("INVALID_TARGET");
    const healed = play(s, heal("b", "c")).state;
    expect(life(healed, "c")).toBe(5);
    expect(refuse(healed, heal("b", "b")).code).toBe("WRONG_PHASE");
    const self = play(s, heal("b", "b")).state;
    expect(life(self, "b")).toBe(6);
    const full = play(s, heal("b", "a")).state;
    expect(life(full, "a")).toBe(11);
    expect(full.healPending).toBe(false);
    expect(refuse(table4(), heal("a", "a")).code).toBe("WRONG_PHASE");
  });

  it("C12 Sid Ketchum heals again at the start of each of his turns, and not on a dead player", () => {
    const s = newGame({
      players: [seat("a", "sheriff", "sid_ketchum", { life: 7 }), seat("b", "outlaw", "lucky_duke", { alive: false }), seat("c", "renegade", "jesse_jones"), seat("d", "outlaw", "black_jack")],
    });
    expect(refuse(s, heal("a", "b")).code).toBe("INVALID_TARGET");
    const round = playAll(s, [
      [heal("a", "a")],
      [roll("a"), quiet],
      [stop("a")],
      [roll("c"), quiet],
      [stop("c")],
      [roll("d"), quiet],
      [stop("d")],
    ]).state;
    expect(activeId(round)).toBe("a");
    expect(life(round, "a")).toBe(8);
    expect(refuse(round, roll("a"), quiet).code).toBe("HEAL_REQUIRED");
  });

  it("C13 Slab the Killer gives up one beer to double a shot: its target loses 2 and the beer heals nobody", () => {
    const s = playAll(table4({ a: "slab_the_killer" }, { a: { life: 8 } }), [
      [roll("a"), ["2", "beer", "beer", "1", "dynamite"]],
      [stop("a")],
    ]).state;
    const done = play(s, resolve("a", { shots: to([0, "c"], [3, "b"]), beers: to([2, "a"]), slab: { beer: 1, shot: 0 } })).state;
    expect(lives(done)).toEqual({ a: 9, b: 7, c: 7, d: 8 });
    expect(refuse(s, resolve("a", { shots: to([0, "c"], [3, "b"]), beers: to([1, "a"], [2, "a"]), slab: { beer: 1, shot: 0 } })).code).toBe("INVALID_COMMAND");
    expect(refuse(s, resolve("a", { shots: to([0, "c"], [3, "b"]), beers: to([1, "a"], [2, "a"]), slab: { beer: 4, shot: 0 } })).code).toBe("INVALID_COMMAND");
    expect(refuse(s, resolve("a", { shots: to([0, "c"], [3, "b"]), beers: to([1, "a"]), slab: { beer: 2, shot: 4 } })).code).toBe("INVALID_COMMAND");
    const other = playAll(table4(), [[roll("a"), ["2", "beer", "beer", "1", "dynamite"]], [stop("a")]]).state;
    expect(refuse(other, resolve("a", { shots: to([0, "c"], [3, "b"]), beers: to([2, "a"]), slab: { beer: 1, shot: 0 } })).code).toBe("INVALID_COMMAND");
  });

  it("C14 Suzy Lafayette gains 2 at the end of her turn when her final dice show no 1 and no 2, up to her maximum", () => {
    const end = (start: number, first: Face[], second: Face[] | null) => {
      const steps: Step[] = [[roll("a"), first]];
      if (second) steps.push([reroll("a", [0]), second]);
      steps.push([stop("a")]);
      return playAll(table4({ a: "suzy_lafayette" }, { a: { life: start } }), steps).state;
    };
    expect(life(end(5, ["gatling", "dynamite", "dynamite", "arrow", "gatling"], null), "a")).toBe(7);
    expect(life(end(9, ["gatling", "dynamite", "dynamite", "arrow", "gatling"], null), "a")).toBe(10);
    // a 2 rolled first and rerolled away: the final dice count
    expect(life(end(5, ["2", "dynamite", "dynamite", "arrow", "gatling"], ["arrow"]), "a")).toBe(7);
    const withShot = playAll(table4({ a: "suzy_lafayette" }, { a: { life: 5 } }), [
      [roll("a"), ["2", "dynamite", "dynamite", "arrow", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "c"]) })],
    ]).state;
    expect(life(withShot, "a")).toBe(5);
  });

  it("C14 Suzy Lafayette's bonus also comes after her dynamite exploded, if she is still alive", () => {
    const boom = play(table4({ a: "suzy_lafayette" }, { a: { life: 5 } }), roll("a"), ["dynamite", "dynamite", "dynamite", "gatling", "arrow"]).state;
    expect(life(boom, "a")).toBe(6);
    const dead = play(table4({ b: "suzy_lafayette" }, { b: { life: 1 } }, { turn: "b" }), roll("b"), ["dynamite", "dynamite", "dynamite", "gatling", "arrow"]).state;
    expect(life(dead, "b")).toBe(0);
    expect(activeId(dead)).toBe("c");
  });

  it("C15 Vulture Sam gains 2 life per other player eliminated, up to his maximum, also as the active player", () => {
    const s = table4({ a: "vulture_sam", c: "paul_regret" }, { a: { life: 6 }, b: { life: 1 }, d: { life: 1 } });
    const done = playAll(s, [
      [roll("a"), ["1", "1", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "d"]) })],
    ]).state;
    // outlaws b and d are out, the renegade c lives: the game goes on
    expect(life(done, "a")).toBe(10);
    expect(done.winner).toBeNull();
    const capped = playAll(table4({ c: "vulture_sam", d: "rose_doolan" }, { b: { life: 1 }, c: { life: 8 } }), [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]) })],
    ]).state;
    expect(life(capped, "c")).toBe(9);
  });

  it("C15 Vulture Sam gains from eliminations by Indians too, but nothing when he falls in the same step", () => {
    const s = table4({ c: "vulture_sam" }, { b: { life: 1, arrows: 1 }, c: { life: 3, arrows: 1 }, d: { life: 2, arrows: 6 } });
    const { state } = play(s, roll("a"), ["arrow", "beer", "beer", "1", "1"]);
    expect(state.players.filter((p) => !p.alive).map((p) => p.id)).toEqual(["b", "d"]);
    expect(life(state, "c")).toBe(2 + 4);
    const same = table4({ c: "vulture_sam" }, { b: { life: 1, arrows: 1 }, c: { life: 1, arrows: 1 }, d: { life: 2, arrows: 6 } });
    const both = play(same, roll("a"), ["arrow", "beer", "beer", "1", "1"]).state;
    expect(life(both, "c")).toBe(0);
    expect(both.players.find((p) => p.id === "c")!.alive).toBe(false);
  });

  it("C16 Willy the Kid's Gatling fires with 2 gatling dice, still only once however many", () => {
    expect(gatlingFires(["gatling", "gatling", "1", "1", "1"], "willy_the_kid")).toBe(true);
    expect(gatlingFires(["gatling", "arrow", "1", "1", "1"], "willy_the_kid")).toBe(false);
    expect(gatlingFires(["gatling", "gatling", "1", "1", "1"], "lucky_duke")).toBe(false);
    const two = playAll(table4({ a: "willy_the_kid" }, { a: { arrows: 1 } }), [[roll("a"), ["gatling", "gatling", "dynamite", "dynamite", "arrow"]], [stop("a")]]).state;
    expect(lives(two)).toEqual({ a: 10, b: 7, c: 8, d: 7 });
    expect(arrows(two, "a")).toBe(0);
    const five = play(table4({ a: "willy_the_kid" }), roll("a"), ["gatling", "gatling", "gatling", "gatling", "gatling"]).state;
    const stopped = play(five, stop("a")).state;
    expect(lives(stopped)).toEqual({ a: 10, b: 7, c: 8, d: 7 });
  });
});
