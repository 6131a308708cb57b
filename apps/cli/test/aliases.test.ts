import { describe, expect, it } from "vitest";
import type { Command, GameEvent } from "@bang/game-dice";
import { SeatAliases } from "../src/shell/aliases.js";

const A = "0c2ac422-c651-44aa-ab30-5ec209283b0a";
const B = "bot-ABC123-1";
const C = "bot-ABC123-2";

describe("SeatAliases: a server game's ids shown as seat ids p1..pN", () => {
  const aliases = new SeatAliases([A, B, C]);

  it("renames every id in events, deeply, and leaves other strings alone", () => {
    const events: GameEvent[] = [
      { type: "lifeLost", player: B, amount: 1, cause: "shot", by: A },
      { type: "indianAttack", losses: [{ player: C, life: 2 }] },
      { type: "gameOver", winner: { team: "outlaws", players: [A, C] } },
    ];
    expect(aliases.local(events)).toEqual([
      { type: "lifeLost", player: "p2", amount: 1, cause: "shot", by: "p1" },
      { type: "indianAttack", losses: [{ player: "p3", life: 2 }] },
      { type: "gameOver", winner: { team: "outlaws", players: ["p1", "p3"] } },
    ]);
    expect(events[0]).toMatchObject({ player: B }); // the input is not changed
  });

  it("turns a typed command back into the server's ids; unknown names are kept for the server to refuse", () => {
    const command: Command = { type: "resolve", by: "p1", shots: [{ die: 0, target: "p3" }], beers: [{ die: 1, target: "p9" }], arrowDiscards: ["p2"] };
    expect(aliases.server(command)).toEqual({ type: "resolve", by: A, shots: [{ die: 0, target: C }], beers: [{ die: 1, target: "p9" }], arrowDiscards: [B] });
  });

  it("renames ids inside a server's message text", () => {
    expect(aliases.text(`shots[0].target: ${C} is out of reach of ${A}`)).toBe("shots[0].target: p3 is out of reach of p1");
    expect(aliases.seat(B)).toBe("p2");
    expect(aliases.seat("someone")).toBe("someone");
  });
});
