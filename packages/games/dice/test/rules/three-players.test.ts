import { describe, expect, it } from "vitest";
import { THREE_PLAYER_TARGET, createGame, playerView, shotReach, threePlayerWinner, type PlayerState, type Role } from "../../src/index.js";
import { activeId, newGame, playAll, refuse, resolve, roll, seat, stop, to } from "./helpers.js";

/** Three players from "id:role" with "+" (alive) or "-" (eliminated). */
function three(...specs: string[]): PlayerState[] {
  return specs.map((spec) => {
    const [id, role] = spec.slice(0, -1).split(":") as [string, Role];
    const alive = spec.endsWith("+");
    return { id, role, character: "paul_regret", life: alive ? 3 : 0, maxLife: 9, arrows: 0, alive };
  });
}

describe("C three players", () => {
  it("R7.1 three players are dealt deputy, outlaw and renegade, with no +2 life", () => {
    for (let seed = 0; seed < 6; seed++) {
      const s = newGame({ players: [{ id: "x" }, { id: "y" }, { id: "z" }], seed });
      expect(s.players.map((p) => p.role).sort()).toEqual(["deputy", "outlaw", "renegade"]);
      for (const p of s.players) expect(p.maxLife).toBe({ bart_cassidy: 8, black_jack: 8, calamity_janet: 8, el_gringo: 7, jesse_jones: 9, jourdonnais: 7, kit_carlson: 7, lucky_duke: 8, paul_regret: 9, pedro_ramirez: 8, rose_doolan: 9, sid_ketchum: 8, slab_the_killer: 8, suzy_lafayette: 8, vulture_sam: 9, willy_the_kid: 8 }[p.character]);
    }
    const sheriff = createGame({ players: [seat("x", "sheriff", "paul_regret"), seat("y", "outlaw", "lucky_duke"), seat("z", "renegade", "jesse_jones")] });
    expect(sheriff.ok ? "accepted" : sheriff.error.code).toBe("INVALID_SETUP");
  });

  it("R7.1 with three players every role is public", () => {
    const s = newGame({ players: [seat("x", "outlaw", "paul_regret"), seat("y", "deputy", "lucky_duke"), seat("z", "renegade", "jesse_jones")] });
    expect(playerView(s, { kind: "player", id: "x" }).players.map((p) => p.role)).toEqual(["outlaw", "deputy", "renegade"]);
    expect(playerView(s, { kind: "spectator" }).players.map((p) => p.role)).toEqual(["outlaw", "deputy", "renegade"]);
  });

  it("R7.2 the deputy takes the first turn; targets: deputy the renegade, renegade the outlaw, outlaw the deputy", () => {
    const s = newGame({ players: [seat("x", "outlaw", "paul_regret"), seat("y", "renegade", "lucky_duke"), seat("z", "deputy", "jesse_jones")] });
    expect(activeId(s)).toBe("z");
    expect(refuse(s, roll("x"), ["1", "1", "1", "1", "1"]).code).toBe("NOT_YOUR_TURN");
    expect(THREE_PLAYER_TARGET).toEqual({ deputy: "renegade", renegade: "outlaw", outlaw: "deputy" });
  });

  it("R7.3 a player who eliminates their own target with their own die or Gatling wins at once, alone", () => {
    expect(threePlayerWinner(three("a:deputy+", "b:outlaw+", "c:renegade-"), [2], "a")).toEqual({ team: "deputy", players: ["a"] });
    expect(threePlayerWinner(three("a:deputy-", "b:outlaw+", "c:renegade+"), [0], "b")).toEqual({ team: "outlaw", players: ["b"] });
    expect(threePlayerWinner(three("a:deputy+", "b:outlaw-", "c:renegade+"), [1], "c")).toEqual({ team: "renegade", players: ["c"] });
    // Indians and dynamite are nobody's blow
    expect(threePlayerWinner(three("a:deputy+", "b:outlaw+", "c:renegade-"), [2], null)).toBeNull();
  });

  it("R7.3 in play: the renegade's Gatling eliminates the outlaw, his target, while the deputy lives", () => {
    const s = newGame({
      players: [seat("a", "deputy", "paul_regret"), seat("b", "outlaw", "lucky_duke", { life: 1 }), seat("c", "renegade", "jesse_jones")],
      turn: "c",
    });
    const state = playAll(s, [[roll("c"), ["gatling", "gatling", "gatling", "dynamite", "dynamite"]], [stop("c")]]).state;
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "renegade", players: ["c"] });
    expect(state.players.find((p) => p.id === "a")!.life).toBe(9);
  });

  it("R7.4 a target eliminated any other way: the two survivors play on and the last one alive wins", () => {
    // the deputy eliminates the outlaw (the renegade's target)
    expect(threePlayerWinner(three("a:deputy+", "b:outlaw-", "c:renegade+"), [1], "a")).toBeNull();
    // later the renegade eliminates the deputy (not his target): last one alive
    expect(threePlayerWinner(three("a:deputy-", "b:outlaw-", "c:renegade+"), [0], "c")).toEqual({ team: "renegade", players: ["c"] });
    // or the deputy falls to the Indians
    expect(threePlayerWinner(three("a:deputy-", "b:outlaw-", "c:renegade+"), [0], null)).toEqual({ team: "renegade", players: ["c"] });
    const s = newGame({ players: [seat("a", "deputy", "paul_regret"), seat("b", "outlaw", "lucky_duke", { life: 1 }), seat("c", "renegade", "jesse_jones")] });
    const state = playAll(s, [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]) })],
    ]).state;
    expect(state.winner).toBeNull();
    expect(state.phase).toBe("rolling");
    expect(activeId(state)).toBe("c");
  });

  it("R7.5 all three eliminated at once: the outlaw wins; R3.5 holds throughout (a 2 counts as a 1)", () => {
    expect(threePlayerWinner(three("a:deputy-", "b:outlaw-", "c:renegade-"), [0, 1, 2], null)).toEqual({ team: "outlaw", players: ["b"] });
    expect(shotReach("2", "paul_regret", 3)).toEqual([1]);
    const s = newGame({ players: [seat("a", "deputy", "paul_regret"), seat("b", "outlaw", "lucky_duke"), seat("c", "renegade", "jesse_jones")] });
    const state = playAll(s, [
      [roll("a"), ["2", "2", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"], [1, "c"]) })],
    ]).state;
    expect(state.players.map((p) => p.life)).toEqual([9, 7, 8]);
  });
});
