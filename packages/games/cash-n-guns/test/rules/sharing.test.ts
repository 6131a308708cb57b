import { describe, expect, it } from "vitest";
import { play, refused, round, seat, table, take } from "./helpers.js";

const ring = { a: "b", b: "c", c: "d", d: "a" };

describe("F5: sharing the loot and the New Godfather tile", () => {
  it("F5.1, F5.2: the Godfather shares first when eligible, then clockwise; a lying Godfather passes the first share clockwise", () => {
    expect(round(table(), {}, ring).state.shareTurn).toBe("a");
    expect(round(table(), {}, ring, ["a"]).state.shareTurn).toBe("b");
    expect(round(table(4, { godfather: "c" }), {}, ring, ["c", "d"]).state.shareTurn).toBe("a");
  });

  it("F5.2, F9.2: a take out of the share order is NOT_YOUR_TURN; a card not on the table NO_SUCH_CARD", () => {
    const s = round(table(), {}, ring).state;
    refused(s, take("b", "bill_5000"), "NOT_YOUR_TURN");
    refused(s, take("a", "clip"), "NO_SUCH_CARD");
  });

  it("F5.3, F5.4: a share is one card; sharing ends with the last card and one player may get everything", () => {
    let s = round(table(), {}, ring, ["b", "c", "d"]).state;
    for (let k = 0; k < 8; k++) s = play(s, take("a", s.table[0]!)).state;
    expect(seat(s, "a").loot).toHaveLength(8);
    expect(s.round).toBe(2);
    expect(s.phase).toBe("bullet_choice");
  });

  it("F5.5, F10.8: the tile costs a share, keeps the order, is taken once, and its taker is Godfather from the next round", () => {
    let s = round(table(), {}, ring).state;
    s = play(s, take("a", "bill_20000"), take("b", "new_godfather")).state;
    expect(s.tile).toBe("taken");
    expect(s.shareTurn).toBe("c");
    refused(s, take("c", "new_godfather"), "NO_SUCH_CARD");
    expect(s.godfather).toBe("a");
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    expect(s.godfather).toBe("b");
    expect(s.tile).toBe("available");
  });

  it("F5.5: the current Godfather may take the tile and keeps the desk", () => {
    let s = round(table(), {}, ring).state;
    s = play(s, take("a", "new_godfather")).state;
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    expect(s.godfather).toBe("a");
  });

  it("F5.6: at the end of the round every living player stands up again", () => {
    let s = round(table(), { a: "bang" }, ring, ["c"]).state;
    expect(seat(s, "b").status).toBe("lying_down");
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    expect(s.players.map((p) => p.status)).toEqual(["standing", "standing", "standing", "standing"]);
  });

  it("F10.10: a dead Godfather keeps the desk for the round; sharing starts clockwise from his seat; then the desk passes to the nearest living player clockwise", () => {
    const s0 = table(5, { players: [{ id: "a", wounds: 2 }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e" }] });
    let s = round(s0, { e: "bang" }, { a: "b", b: "c", c: "d", d: "e", e: "a" }, ["b"]).state;
    expect(seat(s, "a").alive).toBe(false);
    expect(s.godfather).toBe("a");
    expect(s.shareTurn).toBe("c");
    while (s.phase === "sharing") s = play(s, take(s.shareTurn!, s.table[0]!)).state;
    expect(s.godfather).toBe("b");
  });

  it("F10.11: with nobody eligible the round's loot leaves the game and the next round starts with a fresh pile", () => {
    const { state, events } = round(table(), {}, ring, ["a", "b", "c", "d"]);
    expect(events.some((e) => e.type === "lootDiscarded" && e.cards.length === 8)).toBe(true);
    expect(state.round).toBe(2);
    expect(state.table).toHaveLength(8);
    expect(state.players.every((p) => p.loot.length === 0)).toBe(true);
  });
});
