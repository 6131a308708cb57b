import { describe, expect, it } from "vitest";
import { playMatch, type Bot, type BotKind, type PlayerId } from "@bang/game-core";
import { createHeuristicBot, createRandomBot, dice, type Command, type PlayerView } from "../../src/index.js";
import { rolled, table, viewOf } from "./positions.js";

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

/** Wraps a bot so that every view it receives is checked before it chooses. */
function spy(inner: Bot<PlayerView, Command>, check: (view: PlayerView, me: PlayerId) => void): Bot<PlayerView, Command> {
  return {
    kind: inner.kind,
    choose(view, me) {
      check(view, me);
      return inner.choose(view, me);
    },
  };
}

describe("bots see their own view only (R1.2, R5.1, DESIGN invariant 4)", () => {
  for (const kind of ["random", "heuristic"] as BotKind[]) {
    it(`R1.2 a ${kind} bot's view hides every other living non-sheriff role (4 to 8 players)`, () => {
      let views = 0;
      let hiddenSeen = 0;
      for (let seed = 0; seed < 60; seed++) {
        const n = 4 + (seed % 5);
        playMatch(dice, { players: seats(n), seed }, (id) =>
          spy(dice.bots[kind](seed + id.length), (view, me) => {
            views++;
            expect(view.viewer).toEqual({ kind: "player", id: me });
            expect(view.waitingFor).toEqual([me]);
            expect("rng" in view).toBe(false);
            expect("pending" in view).toBe(false);
            for (const p of view.players) {
              if (p.id === me) expect(p.role).not.toBeNull();
              else if (p.alive && p.role !== "sheriff") {
                expect(p.role).toBeNull();
                hiddenSeen++;
              }
            }
          }),
        );
      }
      expect(views).toBeGreaterThan(1000);
      expect(hiddenSeen).toBeGreaterThan(1000);
    });
  }

  it("R5.1 eliminated players' roles are revealed in the views bots get", () => {
    let revealed = 0;
    for (let seed = 0; seed < 20; seed++) {
      playMatch(dice, { players: seats(6), seed }, (id) =>
        spy(createHeuristicBot(seed + id.length), (view) => {
          for (const p of view.players) {
            if (p.alive) continue;
            expect(p.role).not.toBeNull();
            revealed++;
          }
        }),
      );
    }
    expect(revealed).toBeGreaterThan(0);
  });

  it("a bot refuses a view that is not waiting for it", () => {
    const state = table([{ id: "s", role: "sheriff" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }], "s");
    expect(() => createRandomBot(1).choose(viewOf(state, "o"), "o")).toThrow(/does not wait for "o"/);
    expect(() => createHeuristicBot(1).choose(viewOf(state, "o"), "o")).toThrow(/does not wait for "o"/);
  });

  it("R1.2 the heuristic bot refuses another player's view (it would not know its own role)", () => {
    const state = rolled(table([{ id: "s", role: "sheriff" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }], "o"), ["1", "2", "beer", "arrow", "gatling"], true);
    expect(() => createHeuristicBot(1).choose(viewOf(state, "s"), "o")).toThrow(/role/);
  });
});
