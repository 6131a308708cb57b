/**
 * The card game's event log in words (apps/web/src/games/cards/log.ts): every event of whole bot games,
 * as a player sees it, gives one sentence with names and printed card names (never an id, never
 * "undefined"); a card hidden from the viewer stays hidden in the sentence; turn headings.
 */
import { applyCommand, CARD_IDS, cards, createGame, createHeuristicBot, eventView, playerView, type Command, type GameEvent } from "@bang/game-cards";
import { describe, expect, it } from "vitest";
import { describeEvent, openingTurn, turnStart } from "../../../src/games/cards/log";

const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
  ["c", "Cy"],
  ["d", "Dee"],
  ["e", "Eve"],
]);

/** Every event of a seeded bot game of `n` players, as player `a` sees it. */
function eventsOf(n: number, seed: number): GameEvent[] {
  const players = [..."abcde"].slice(0, n).map((id) => ({ id }));
  const created = createGame({ players, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const out: GameEvent[] = [];
  for (let i = 0; i < 3_000 && !state.winner; i++) {
    const me = cards.toAct(state)[0]!;
    const r = applyCommand(state, { ...createHeuristicBot(seed + i).choose(playerView(state, { kind: "player", id: me }), me), by: me } as Command);
    if (!r.ok) throw new Error(r.error.message);
    out.push(...r.events.map((e) => eventView(e, { kind: "player", id: "a" })));
    state = r.state;
  }
  return out;
}

describe("the card game's log", () => {
  it("E2 E5 E7 E8 E9: every event of whole games reads as a sentence with names and card names", () => {
    const types = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      for (const e of eventsOf(4 + (seed % 2), seed)) {
        types.add(e.type);
        const line = describeEvent(e, names);
        expect(line, JSON.stringify(e)).toMatch(/^[A-Z"“(]|^[a-z]+ /);
        expect(line).not.toMatch(/undefined|null|\[object/);
        for (const id of CARD_IDS) if (line.includes(id)) throw new Error(`card id ${id} in "${line}"`);
        for (const id of ["a", "b", "c", "d", "e"]) if ("player" in e && e.player === id) expect(line).toContain(names.get(id)!);
      }
    }
    for (const t of ["turnStarted", "drew", "played", "lifeLost", "eliminated", "turnEnded", "gameOver"]) expect(types).toContain(t);
  });

  it("E2.4 E11.22: cards the viewer may not see stay hidden; public ones are named as printed", () => {
    expect(describeEvent({ type: "drew", player: "b", from: "deck", cards: [null, null] }, names)).toBe("Bob draws 2 cards.");
    expect(describeEvent({ type: "drew", player: "a", from: "deck", cards: ["bang_ad", "missed_2s"] }, names)).toBe("Ann draws BANG! (A♦), Missed! (2♠).");
    expect(describeEvent({ type: "stolen", player: "b", from: "c", card: null, fromHand: true }, names)).toBe("Bob takes a card from Cy's hand.");
    expect(describeEvent({ type: "played", player: "c", card: "missed_kc", target: "a", as: "bang" }, names)).toBe("Cy plays Missed! (K♣) as a BANG! on Ann.");
    expect(describeEvent({ type: "checked", player: "a", purpose: "dynamite", cards: ["missed_2s"], card: "missed_2s", success: true }, names)).toBe("Ann draws! for the Dynamite: Missed! (2♠), it explodes.");
    expect(describeEvent({ type: "gameOver", winner: { team: "outlaws", players: ["b", "c"] } }, names)).toBe("Game over: the outlaws win (Bob, Cy).");
  });

  it("E1.7 E3.5: each turn has a heading; the first from the sheriff's first event", () => {
    expect(turnStart({ type: "turnStarted", player: "b", turn: 4 } as GameEvent, names)).toBe("Turn 4 · Bob");
    expect(turnStart({ type: "drew" }, names)).toBeNull();
    expect(openingTurn({ type: "drew", player: "d" } as unknown as GameEvent, names)).toBe("Turn 1 · Dee");
    expect(openingTurn({ type: "reshuffled" }, names)).toBeNull();
  });
});
