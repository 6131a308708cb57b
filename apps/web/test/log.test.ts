import { describe, expect, it } from "vitest";
import { throwOpeningTurn } from "../src/games/dice/faces";
import { groupByTurn, type LogLine } from "../src/lib/log";

type Event = { type: string; who?: string };

describe("the event log's turns", () => {
  const lines: LogLine<Event>[] = [
    { seq: 1, event: { type: "dealt" } },
    { seq: 2, event: { type: "turnStarted", who: "a" } },
    { seq: 2, event: { type: "rolled" } },
    { seq: 3, event: { type: "turnStarted", who: "b" } },
    { seq: 4, event: { type: "rolled" } },
  ];
  const heading = (e: Event) => (e.type === "turnStarted" ? `Turn of ${e.who}` : null);

  it("cuts the lines, oldest first, where the game says a turn starts; the lines before the first turn have no heading", () => {
    const turns = groupByTurn(lines, heading);
    expect(turns.map((t) => t.heading)).toEqual([null, "Turn of a", "Turn of b"]);
    // The event that starts a turn is its heading, not a line again.
    expect(turns.map((t) => t.lines.map((l) => l.seq))).toEqual([[1], [2], [4]]);
    expect(turns.map((t) => t.lines.map((l) => l.event.type))).toEqual([["dealt"], ["rolled"], ["rolled"]]);
    // Keys stay unique.
    expect(new Set(turns.flatMap((t) => [t.key, ...t.lines.map((l) => l.key)])).size).toBe(lines.length);
  });

  it("the first turn, which the deal starts without an event, is headed from the game's first event when the log starts at entry 1", () => {
    const opening = (e: Event) => (e.type === "dealt" ? "Turn 1" : null);
    expect(groupByTurn(lines, heading, opening).map((t) => t.heading)).toEqual(["Turn 1", "Turn of a", "Turn of b"]);
    // A log opened late (its history not there yet) does not guess the heading of what it shows first.
    expect(groupByTurn(lines.slice(2), heading, opening)[0]!.heading).toBeNull();
  });

  it("a whole history whose first entries show nothing (C12: Sid Ketchum's opening heal at full life) still heads the first turn", () => {
    const opening = (e: Event) => (e.type === "rolled" ? "Turn 1" : null);
    const sid: LogLine<Event>[] = [
      { seq: 2, event: { type: "rolled" } },
      { seq: 3, event: { type: "turnStarted", who: "b" } },
    ];
    expect(groupByTurn(sid, heading, opening, true).map((t) => t.heading)).toEqual(["Turn 1", "Turn of b"]);
    // The same lines from a log not known to be whole: no heading is guessed.
    expect(groupByTurn(sid, heading, opening).map((t) => t.heading)).toEqual([null, "Turn of b"]);
  });

  it("dice: the first turn's heading names the player of the first roll", () => {
    const names = new Map([["p1", "Ann"]]);
    expect(throwOpeningTurn({ type: "diceRolled", player: "p1" } as { type: string }, names)).toBe("Turn 1 · Ann");
    expect(throwOpeningTurn({ type: "indianAttack" }, names)).toBeNull();
  });

  it("a game without turns is one list", () => {
    const turns = groupByTurn(lines, () => null);
    expect(turns).toHaveLength(1);
    expect(turns[0]!.lines).toHaveLength(5);
  });
});
