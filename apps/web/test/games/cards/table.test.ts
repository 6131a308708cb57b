/**
 * The card game table's small reads (apps/web/src/games/cards/table.ts, motion.ts, words.ts) on views
 * of real positions: distances with Mustang, Scope and eliminated players (E4), weapons and reach
 * (E4.3), what the game waits for in words, the line of a new answer window, and card names.
 */
import { applyCommand, createGame, playerView, type GameSetup, type PlayerView } from "@bang/game-cards";
import { describe, expect, it } from "vitest";
import { windowLines } from "../../../src/games/cards/motion";
import { blueCards, discardTop, seatDistance, waitWords, weaponLine } from "../../../src/games/cards/table";
import { cardLabel, cardSpoken, characterName } from "../../../src/games/cards/words";

const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
  ["c", "Cy"],
  ["d", "Dee"],
  ["e", "Eve"],
]);

/** A position in phase 2 of `a`'s turn (roles: a sheriff, b outlaw, c outlaw, d renegade, e deputy). */
function position(extra: Partial<Record<string, { hand?: string[]; inPlay?: string[]; alive?: boolean }>> = {}): PlayerView {
  const roles = { a: "sheriff", b: "outlaw", c: "outlaw", d: "renegade", e: "deputy" } as const;
  const chars = { a: "bart_cassidy", b: "black_jack", c: "el_gringo", d: "kit_carlson", e: "sid_ketchum" } as const;
  const setup: GameSetup = {
    players: (["a", "b", "c", "d", "e"] as const).map((id) => ({ id, role: roles[id], character: chars[id], hand: extra[id]?.hand ?? [], inPlay: extra[id]?.inPlay ?? [], ...(extra[id]?.alive === false ? { alive: false } : {}) })),
    deck: ["beer_6h", "beer_7h", "beer_8h"],
    discard: ["bang_2c"],
    phase: "play",
  };
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  return playerView(created.state, { kind: "player", id: "a" });
}

describe("the card game table's reads", () => {
  it("E4.1 E4.2 E6.2 E6.3 E8.4: distances from the viewer, with Mustang, Scope and an eliminated seat", () => {
    const plain = position();
    expect(["b", "c", "d", "e"].map((id) => seatDistance(plain, "a", id))).toEqual([1, 2, 2, 1]);
    const changed = position({ a: { inPlay: ["scope_as"] }, c: { inPlay: ["mustang_8h"] }, d: { alive: false } });
    // d is out: c and e are neighbours of a's neighbours; c has a Mustang (+1), a a Scope (−1).
    expect(["b", "c", "e"].map((id) => seatDistance(changed, "a", id))).toEqual([1, 2, 1]);
    expect(seatDistance(changed, "a", "d")).toBeNull();
    expect(seatDistance(changed, "a", "a")).toBeNull();
  });

  it("E4.3 E6.6: the weapon line (Colt .45 without a weapon card) and the other blue cards", () => {
    const v = position({ b: { inPlay: ["barrel_qs", "schofield_jc"] } });
    expect(weaponLine(v.players[0]!)).toEqual({ weapon: "colt_45", name: "Colt .45", reach: 1 });
    expect(weaponLine(v.players[1]!)).toEqual({ weapon: "schofield", name: "Schofield", reach: 2 });
    expect(blueCards(v.players[1]!)).toEqual(["barrel_qs"]);
    expect(discardTop(v)).toBe("bang_2c");
  });

  it("E7.1 E5.9: the wait in words and the line of a newly opened shot", () => {
    const before = position({ a: { hand: ["bang_ad"] }, b: { hand: ["missed_2s"] } });
    expect(waitWords(before, names, "a")).toBe("You: playing cards");
    expect(waitWords(before, names, "c")).toBe("Ann: playing cards");
    // Ann shoots Bob, who holds a Missed!: the game waits for his answer.
    const created = createGame({
      players: [
        { id: "a", role: "sheriff", character: "bart_cassidy", hand: ["bang_ad"] },
        { id: "b", role: "outlaw", character: "black_jack", hand: ["missed_2s"] },
        { id: "c", role: "outlaw", character: "el_gringo" },
        { id: "d", role: "renegade", character: "kit_carlson" },
      ],
      deck: ["beer_6h", "beer_7h"],
      phase: "play",
    });
    if (!created.ok) throw new Error(created.error.message);
    const r = applyCommand(created.state, { type: "play", by: "a", card: "bang_ad", target: "b" });
    if (!r.ok) throw new Error(r.error.message);
    const after = playerView(r.state, { kind: "player", id: "c" });
    expect(waitWords(after, names, "c")).toBe("Bob: answering a shot from Ann");
    expect(waitWords(after, names, "b")).toBe("You: answering a shot from Ann");
    const prev = playerView(created.state, { kind: "player", id: "c" });
    expect(windowLines(prev, after)).toEqual([{ from: "a", to: "b", kind: "shot" }]);
    // The same window seen again draws nothing new.
    expect(windowLines(after, after)).toEqual([]);
  });

  it("E2.1: cards by their printed names and corners", () => {
    expect(cardLabel("bang_ad")).toBe("BANG! (A♦)");
    expect(cardLabel("stagecoach_9s_2")).toBe("Stagecoach (9♠)");
    expect(cardLabel("rev_carabine_ac")).toBe("Rev. Carabine (A♣)");
    expect(cardSpoken("jail_10s")).toBe("Jail (10 of spades)");
    expect(characterName("slab_the_killer")).toBe("Slab the Killer");
  });
});
