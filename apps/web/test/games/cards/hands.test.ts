/**
 * Which hands the card game's table shows on the seats (apps/web/src/games/cards/table.ts handOnSeat),
 * on every view of whole bot games: an admin's view (the inspector, the admin's live view) shows every
 * hand on its seat; a spectator's none; a seated player's only their own, and not on the seat while
 * they play (their controls show it) (E1.3, DESIGN invariant 4).
 */
import { playMatch } from "@bang/game-core";
import { cards, playerView, type GameState } from "@bang/game-cards";
import { describe, expect, it } from "vitest";
import { handOnSeat } from "../../../src/games/cards/table";

const ids = ["a", "b", "c", "d", "e"];

function states(seed: number): GameState[] {
  const out: GameState[] = [];
  playMatch(cards, cards.setupFor({ players: ids, seed, options: {} }), (id) => cards.bots.heuristic(seed * 7 + id.charCodeAt(0)), { onStep: (s) => out.push(s as GameState) });
  return out;
}

describe("hands on the seats", () => {
  it("E1.3: an admin sees every hand on its seat, a spectator none, a player only their own and only when not playing from the page", () => {
    let shown = 0;
    for (const s of [...states(1), ...states(2)]) {
      const admin = playerView(s, { kind: "admin" });
      expect(admin.players.map((p) => handOnSeat(p, null, false))).toEqual(s.players.map((p) => p.hand));
      shown += admin.players.filter((p) => p.hand && p.hand.length > 0).length;
      const watching = playerView(s, { kind: "spectator" });
      expect(watching.players.map((p) => handOnSeat(p, null, false))).toEqual(ids.map(() => null));
      const ann = playerView(s, { kind: "player", id: "a" });
      expect(ann.players.map((p) => handOnSeat(p, "a", true))).toEqual(ids.map(() => null));
      expect(ann.players.map((p) => handOnSeat(p, "a", false))).toEqual(s.players.map((p) => (p.id === "a" ? p.hand : null)));
    }
    expect(shown).toBeGreaterThan(100);
  });
});
