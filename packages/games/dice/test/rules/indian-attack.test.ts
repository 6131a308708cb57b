import { describe, expect, it } from "vitest";
import { indianAttackLosses, playerView, type Character, type PlayerState, type Role } from "../../src/index.js";
import { activeId, arrows, life, lives, newGame, play, playAll, refuse, reroll, resolve, roll, seat, stop, table4, to } from "./helpers.js";

const ps = (character: Character, arrows: number, alive = true, role: Role = "outlaw"): PlayerState => ({
  id: character,
  role,
  character,
  life: alive ? 5 : 0,
  maxLife: 8,
  arrows,
  alive,
});

describe("R4 Indian attack", () => {
  it("R4.1 every player loses 1 life per arrow held (Jourdonnais at most 1); eliminated players lose nothing", () => {
    expect(indianAttackLosses([ps("paul_regret", 3), ps("jourdonnais", 4), ps("lucky_duke", 0), ps("black_jack", 1), ps("kit_carlson", 0, false)])).toEqual([3, 1, 0, 1, 0]);
  });

  it("R4.1 the attack hits every player at the same time, the active player included", () => {
    // pile 1: a takes the last arrow (a 2, b 4, c 3 arrows)
    const s = table4({}, { a: { arrows: 1 }, b: { arrows: 4 }, c: { arrows: 3 } });
    expect(s.arrowsInPile).toBe(1);
    const { state, events } = play(s, roll("a"), ["arrow", "beer", "beer", "1", "gatling"]);
    expect(lives(state)).toEqual({ a: 9, b: 4, c: 6, d: 8 });
    const attack = events.find((e) => e.type === "indianAttack");
    expect(attack && attack.type === "indianAttack" ? attack.losses : null).toEqual([
      { player: "a", life: 2 },
      { player: "b", life: 4 },
      { player: "c", life: 3 },
    ]);
  });

  it("R4.2 then every arrow returns to the pile (9), eliminations are processed and the turn goes on where it was", () => {
    const s = table4({}, { a: { arrows: 1 }, b: { arrows: 4, life: 3 }, c: { arrows: 3 } });
    const { state } = play(s, roll("a"), ["arrow", "beer", "beer", "1", "gatling"]);
    expect(state.arrowsInPile).toBe(9);
    expect(state.players.map((p) => p.arrows)).toEqual([0, 0, 0, 0]);
    expect(state.players.find((p) => p.id === "b")!.alive).toBe(false);
    expect(state.winner).toBeNull();
    expect(activeId(state)).toBe("a");
    expect(state.phase).toBe("rolling");
    expect(state.rolls).toBe(1);
    const next = play(state, reroll("a", [0]), ["arrow"]).state;
    expect(arrows(next, "a")).toBe(1);
    expect(next.arrowsInPile).toBe(8);
  });

  it("R4.2 the end of the game is checked after the attack: the sheriff falls to the Indians and the outlaws win", () => {
    const s = table4({}, { a: { life: 1, arrows: 1 }, b: { arrows: 4 }, c: { arrows: 3 } }, { turn: "b" });
    const { state, events } = play(s, roll("b"), ["arrow", "1", "1", "1", "gatling"]);
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(lives(state)).toEqual({ a: 0, b: 3, c: 6, d: 8 });
    expect(events.filter((e) => e.type === "eliminated").map((e) => (e.type === "eliminated" ? e.by : "x"))).toEqual([null]);
  });
});

describe("R5 elimination", () => {
  it("R5.1 an eliminated player's role is revealed to everyone and their arrows return to the pile", () => {
    const s = table4({}, { b: { life: 1, arrows: 3 } });
    const before = playerView(s, { kind: "player", id: "c" }).players.find((p) => p.id === "b")!;
    expect(before.role).toBeNull();
    const { state, events } = playAll(s, [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]) })],
    ]);
    expect(state.players.find((p) => p.id === "b")).toMatchObject({ alive: false, life: 0, arrows: 0 });
    expect(state.arrowsInPile).toBe(9);
    expect(playerView(state, { kind: "player", id: "c" }).players.find((p) => p.id === "b")!.role).toBe("outlaw");
    expect(playerView(state, { kind: "spectator" }).players.find((p) => p.id === "b")!.role).toBe("outlaw");
    expect(events).toContainEqual({ type: "eliminated", player: "b", role: "outlaw", by: "a" });
  });

  it("R5.1 eliminated players take no turns, cannot be targeted and do not count for distance", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "outlaw", "lucky_duke", { alive: false }),
        seat("c", "renegade", "jesse_jones"),
        seat("d", "outlaw", "black_jack"),
        seat("e", "deputy", "rose_doolan"),
      ],
    });
    const rolled = playAll(s, [[roll("a"), ["1", "beer", "dynamite", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(rolled, resolve("a", { shots: to([0, "b"]), beers: to([1, "a"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(rolled, resolve("a", { shots: to([0, "c"]), beers: to([1, "b"]) })).code).toBe("INVALID_TARGET");
    const done = play(rolled, resolve("a", { shots: to([0, "c"]), beers: to([1, "e"]) })).state;
    expect(life(done, "c")).toBe(8);
    expect(activeId(done)).toBe("c");
    expect(refuse(done, roll("b"), ["1", "1", "1", "1", "1"]).code).toBe("NOT_YOUR_TURN");
  });

  it("R5.2 eliminated players still share their team's victory", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "outlaw", "lucky_duke", { life: 1 }),
        seat("c", "deputy", "jesse_jones", { alive: false }),
        seat("d", "outlaw", "black_jack", { alive: false }),
        seat("e", "renegade", "rose_doolan", { alive: false }),
      ],
    });
    const state = playAll(s, [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]) })],
    ]).state;
    expect(state.winner).toEqual({ team: "law", players: ["a", "c"] });
  });
});
