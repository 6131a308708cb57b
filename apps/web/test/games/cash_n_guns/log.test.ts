/**
 * Ca$h 'n Guns' event log and inspector marks (apps/web/src/games/cash_n_guns/log.ts) on the events
 * of whole bot games as each viewer receives them: every event a sentence with names, a choice event
 * never says what was chosen (F8.4 to F8.7), a face-down card's kind only to its owner (F8.8), a heading
 * per round, and the marks found where the events are.
 */
import { cashNGuns, type CngEvent } from "@bang/game-cash-n-guns";
import { describe, expect, it } from "vitest";
import { describeEvent, MARKS, openingTurn, turnStart } from "../../../src/games/cash_n_guns/log";
import { marksOf } from "../../../src/lib/timeline";
import { playGame } from "./games";

const names = new Map([["p1", "Ann"], ["p2", "Bob"], ["p3", "Cid"], ["p4", "Dan"], ["p5", "Eve"], ["p6", "Fay"], ["p7", "Gus"], ["p8", "Hal"]]);
const games = [4, 6, 8, 5].map((n, i) => playGame(300 + i, n));

describe("the log of Ca$h 'n Guns", () => {
  it("F8.4 F8.5 F8.7 F8.8: every event as a spectator gets it is a sentence with names; choices and face-down cards say nothing of the card", () => {
    const types = new Set<string>();
    for (const g of games) {
      for (const step of g) {
        const { events } = cashNGuns.viewEvent({ command: step.command, events: step.events, state: step.after }, { kind: "spectator" });
        for (const e of events as CngEvent[]) {
          types.add(e.type);
          const line = describeEvent(e, names);
          expect(line.length, e.type).toBeGreaterThan(5);
          expect(line, e.type).not.toMatch(/\bp[1-8]\b/);
          if (["bulletChosen", "aimed", "courageChosen", "bulletDiscarded"].includes(e.type)) expect(line).not.toMatch(/Bang!|Click|stand|lie/i);
        }
      }
    }
    for (const t of ["roundStarted", "bulletChosen", "aimed", "aimsRevealed", "courageChosen", "courageRevealed", "bulletRevealed", "bulletDiscarded", "wounded", "lootTaken", "roundEnded", "gameOver"]) expect(types).toContain(t);
  });

  it("F8.8 F8.9: a face-down card's kind and a clip's outcome are told to their owner's page", () => {
    expect(describeEvent({ type: "bulletDiscarded", player: "p1", card: "bang" }, names)).toBe("Ann's card is discarded face down (your Bang!).");
    expect(describeEvent({ type: "bulletDiscarded", player: "p1", card: null }, names)).toBe("Ann's card is discarded face down.");
    expect(describeEvent({ type: "clipResolved", player: "p1", reloaded: true }, names)).toMatch(/Bang! back/);
    expect(describeEvent({ type: "aimsRevealed", aims: [{ player: "p1", target: "p2" }, { player: "p3", target: null }] }, names)).toBe("Aims revealed: Ann → Bob, Cid → nobody.");
    expect(describeEvent({ type: "gameOver", winner: { players: ["p2"], reason: "richest" }, totals: { p2: 54_000, p1: 12_000 }, diamondBonus: "p2" }, names)).toBe(
      "Game over: Bob wins as the richest. Totals: Bob $54,000, Ann $12,000. Diamond bonus: Bob.",
    );
    expect(describeEvent({ type: "gameOver", winner: { players: [], reason: "all_dead" }, totals: null, diamondBonus: null }, names)).toMatch(/nobody wins/);
  });

  it("F3.1: each round's heading comes from its roundStarted; the first round from the game's first entry", () => {
    expect(turnStart({ type: "roundStarted", round: 3, godfather: "p2", table: [] } as CngEvent, names)).toBe("Round 3 · Godfather Bob");
    expect(turnStart({ type: "lootTaken", player: "p1", card: "painting" } as CngEvent, names)).toBeNull();
    expect(openingTurn()).toBe("Round 1");
    const rounds = games[0]!.flatMap((s) => s.events).filter((e) => turnStart(e, names) !== null).length;
    expect(rounds).toBe(games[0]!.flatMap((s) => s.events).filter((e) => e.type === "roundStarted").length);
  });

  it("the inspector's marks are found exactly on the entries that hold their events", () => {
    const timeline = games[1]!.map((s, i) => ({ seq: i + 1, events: s.events }));
    const found = new Set<string>();
    for (const entry of timeline) {
      const marks = marksOf(entry, MARKS).map((m) => m.type);
      expect(marks).toEqual(MARKS.filter((m) => entry.events.some((e) => e.type === m.type)).map((m) => m.type));
      for (const m of marks) found.add(m);
    }
    expect(found).toContain("aimsRevealed");
    expect(found).toContain("gameOver");
  });
});
