/**
 * The bots: each plays only legal commands from its own view; the heuristic's choices (bluffs early,
 * lies down when several aim at it or a third wound would kill it, orders a player aiming at the
 * Godfather, takes the most valuable loot, takes the tile when the table is cheap) and its strength
 * against random players.
 */
import { playMatch, type Viewer } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cashNGuns, heuristicChoice, legalActions, type CngState, type CngView } from "../../src/index.js";
import { aim, bullet, courage, pass, play, round, table, take } from "../rules/helpers.js";

const me = (id: string): Viewer => ({ kind: "player", id });
const rng = { int: (lo: number) => lo, chance: () => false, pick: <T>(items: readonly T[]) => items[0]! };
const choose = (s: CngState, id: string) => heuristicChoice(rng, cashNGuns.view(s, me(id)) as CngView, id);
const allClick = (s: CngState) => play(s, ...s.players.map((p) => bullet(p.id, "click"))).state;

describe("the bots", () => {
  it("F3.3: the heuristic bluffs with a click in round 1 and loads a bang when its bangs cover the rounds left", () => {
    expect(choose(table(), "a")).toEqual({ type: "choose_bullet", by: "a", card: "click" });
    const late = table(4, { round: 7, players: ["a", "b", "c", "d"].map((id) => ({ id, hand: { click: 0, bang: 2 } })) });
    expect(choose(late, "a")).toEqual({ type: "choose_bullet", by: "a", card: "bang" });
  });

  it("F3.5: the heuristic aims at the richest rival", () => {
    const s = allClick(table(4, { round: 2, players: [{ id: "a", hand: { click: 4, bang: 3 } }, { id: "b", hand: { click: 4, bang: 3 } }, { id: "c", hand: { click: 4, bang: 3 }, loot: ["bill_20000"] }, { id: "d", hand: { click: 4, bang: 3 } }] }));
    expect(choose(s, "a")).toEqual({ type: "aim", by: "a", target: "c" });
  });

  it("F3.6: as Godfather it orders a player who aims at it, else passes", () => {
    const at = play(allClick(table()), aim("a", "b"), aim("b", "a"), aim("c", "d"), aim("d", "b")).state;
    expect(choose(at, "a")).toEqual({ type: "order_change", by: "a", player: "b" });
    const none = play(allClick(table()), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "b")).state;
    expect(choose(none, "a")).toEqual({ type: "pass", by: "a" });
  });

  it("F3.7: it lies down when two aim at it, or when one aims at it with 2 wounds; else it stands", () => {
    const two = play(allClick(table()), aim("a", "b"), aim("b", "c"), aim("c", "b"), aim("d", "a"), pass("a")).state;
    expect(choose(two, "b")).toEqual({ type: "courage", by: "b", choice: "lie_down" });
    expect(choose(two, "c")).toEqual({ type: "courage", by: "c", choice: "stand" });
    const hurt = play(allClick(table(4, { players: [{ id: "a" }, { id: "b" }, { id: "c", wounds: 2 }, { id: "d" }] })), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a"), pass("a")).state;
    expect(choose(hurt, "c")).toEqual({ type: "courage", by: "c", choice: "lie_down" });
  });

  it("F5.3, F5.5: it takes the most valuable card, and the tile when nothing on the table is worth much", () => {
    const rich = round(table(), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    expect(choose(rich, "a")).toEqual({ type: "take", by: "a", card: "bill_20000" });
    const cheap = round(table(4, { lootPiles: [["bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000"]] }), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    const first = play(cheap, take("a", "bill_5000")).state;
    expect(choose(first, "b")).toEqual({ type: "take", by: "b", card: "new_godfather" });
  });

  it("both bots play only legal commands, read from their own view, in whole games of 4 to 8", () => {
    for (let seed = 0; seed < 20; seed++) {
      const n = 4 + (seed % 5);
      const setup = { players: "abcdefgh".slice(0, n).split("").map((id) => ({ id })), seed };
      const { state, commands } = playMatch(cashNGuns, setup, (id) => {
        const bot = cashNGuns.bots[seed % 2 ? "random" : "heuristic"](seed + id.charCodeAt(0));
        return { kind: bot.kind, choose: (view, who) => { expect(legalActions(view, who).kind).not.toBe("none"); return bot.choose(view, who); } };
      });
      expect(cashNGuns.result(state)).not.toBeNull();
      expect(commands).toBeGreaterThan(0);
    }
  });

  it("the heuristic beats random players: alone among 3 random bots it wins more than half of 80 games (a random seat would win about a quarter)", () => {
    let wins = 0;
    for (let seed = 0; seed < 80; seed++) {
      const setup = { players: ["h", "r1", "r2", "r3"].map((id) => ({ id })), seed };
      const { state } = playMatch(cashNGuns, setup, (id) => cashNGuns.bots[id === "h" ? "heuristic" : "random"](seed * 5 + id.length));
      if (state.winner!.players.includes("h")) wins++;
    }
    expect(wins).toBeGreaterThan(40);
  });
});
