import { describe, expect, it } from "vitest";
import { classicWinner, type PlayerState, type Role } from "../../src/index.js";
import { activeId, newGame, playAll, refuse, resolve, roll, seat, stop, to } from "./helpers.js";

/** Players from "id:role" with a "+" (alive) or "-" (eliminated) suffix. */
function table(...specs: string[]): PlayerState[] {
  return specs.map((spec) => {
    const [id, role] = spec.slice(0, -1).split(":") as [string, Role];
    const alive = spec.endsWith("+");
    return { id, role, character: "paul_regret", life: alive ? 3 : 0, maxLife: 9, arrows: 0, alive };
  });
}

describe("R6 end of the game", () => {
  it("R6.1 the sheriff falls with exactly one player left, a renegade: the renegade wins alone", () => {
    expect(classicWinner(table("a:sheriff-", "b:outlaw-", "c:renegade+", "d:outlaw-"))).toEqual({ team: "renegade", players: ["c"] });
  });

  it("R6.1 the sheriff falls otherwise: the outlaws win, alive or not", () => {
    expect(classicWinner(table("a:sheriff-", "b:outlaw-", "c:renegade+", "d:outlaw+"))).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(classicWinner(table("a:sheriff-", "b:outlaw-", "c:renegade+", "d:outlaw-", "e:deputy+"))).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(classicWinner(table("a:sheriff-", "b:outlaw-", "c:renegade-", "d:outlaw-", "e:deputy+"))).toEqual({ team: "outlaws", players: ["b", "d"] });
  });

  it("R6.2 the sheriff lives and every outlaw and renegade is eliminated: the law wins, deputies alive or not", () => {
    expect(classicWinner(table("a:sheriff+", "b:outlaw-", "c:renegade-", "d:outlaw-", "e:deputy-", "f:deputy+", "g:outlaw-"))).toEqual({
      team: "law",
      players: ["a", "e", "f"],
    });
    expect(classicWinner(table("a:sheriff+", "b:outlaw-", "c:renegade+", "d:outlaw-", "e:deputy+"))).toBeNull();
    expect(classicWinner(table("a:sheriff+", "b:outlaw+", "c:renegade-", "d:outlaw-", "e:deputy+"))).toBeNull();
  });

  it("R6.2 in play: the sheriff's shot eliminates the last renegade and the law wins at once", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "renegade", "lucky_duke", { life: 1 }),
        seat("c", "outlaw", "jesse_jones", { alive: false }),
        seat("d", "outlaw", "black_jack", { alive: false }),
        seat("e", "deputy", "rose_doolan", { life: 2 }),
      ],
    });
    const state = playAll(s, [
      [roll("a"), ["1", "beer", "dynamite", "dynamite", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "b"]), beers: to([1, "e"]) })],
    ]).state;
    expect(state.phase).toBe("gameOver");
    expect(state.winner).toEqual({ team: "law", players: ["a", "e"] });
    expect(state.players.find((p) => p.id === "e")!.life).toBe(2);
    expect(activeId(state)).toBe("a");
  });

  it("R6.3 every player eliminated at the same time: the outlaws win", () => {
    expect(classicWinner(table("a:sheriff-", "b:outlaw-", "c:renegade-", "d:outlaw-"))).toEqual({ team: "outlaws", players: ["b", "d"] });
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret", { life: 1, arrows: 1 }),
        seat("b", "outlaw", "lucky_duke", { life: 2, arrows: 2 }),
        seat("c", "renegade", "jesse_jones", { life: 1, arrows: 3 }),
        seat("d", "outlaw", "black_jack", { life: 1, arrows: 2 }),
      ],
    });
    const state = playAll(s, [[roll("a"), ["arrow", "arrow", "dynamite", "1", "1"]]]).state;
    expect(state.players.every((p) => !p.alive)).toBe(true);
    expect(state.winner).toEqual({ team: "outlaws", players: ["b", "d"] });
    expect(refuse(state, stop("a")).code).toBe("WRONG_PHASE");
  });

  it("R6.4 two renegades: the sheriff falls while both live, the outlaws win; a sole surviving renegade wins alone", () => {
    const both = table("a:sheriff-", "b:deputy-", "c:outlaw-", "d:renegade+", "e:outlaw-", "f:deputy-", "g:outlaw-", "h:renegade+");
    expect(classicWinner(both)).toEqual({ team: "outlaws", players: ["c", "e", "g"] });
    const one = table("a:sheriff-", "b:deputy-", "c:outlaw-", "d:renegade+", "e:outlaw-", "f:deputy-", "g:outlaw-", "h:renegade-");
    expect(classicWinner(one)).toEqual({ team: "renegade", players: ["d"] });
    const sheriffLives = table("a:sheriff+", "b:deputy-", "c:outlaw-", "d:renegade+", "e:outlaw-", "f:deputy-", "g:outlaw-", "h:renegade-");
    expect(classicWinner(sheriffLives)).toBeNull();
    const lawWins = table("a:sheriff+", "b:deputy-", "c:outlaw-", "d:renegade-", "e:outlaw-", "f:deputy+", "g:outlaw-", "h:renegade-");
    expect(classicWinner(lawWins)).toEqual({ team: "law", players: ["a", "b", "f"] });
  });

  it("R6.4 in play: one renegade eliminates the other and the game goes on", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "deputy", "lucky_duke", { alive: false }),
        seat("c", "outlaw", "jesse_jones", { alive: false }),
        seat("d", "renegade", "black_jack"),
        seat("e", "outlaw", "el_gringo", { alive: false }),
        seat("f", "deputy", "jourdonnais", { alive: false }),
        seat("g", "outlaw", "suzy_lafayette", { alive: false }),
        seat("h", "renegade", "rose_doolan", { life: 1 }),
      ],
      turn: "d",
    });
    const state = playAll(s, [
      [roll("d"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("d")],
      [resolve("d", { shots: to([0, "h"]) })],
    ]).state;
    expect(state.winner).toBeNull();
    expect(state.phase).toBe("rolling");
    expect(activeId(state)).toBe("a");
  });
});
