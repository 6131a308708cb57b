import type { BotKind } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cards, type GameState } from "../../src/index.js";

/**
 * The reducer is pure (DESIGN invariant 1): an accepted command leaves its input state as it was, and so
 * does every later command (a state never shares a part that a later command changes).
 */
const GAMES = 40;
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

describe(`purity of the reducer over ${GAMES} complete bot games`, () => {
  it("every state of a game is, at the end of the game, exactly what it was when the reducer returned it", () => {
    const changed: string[] = [];
    let states = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const kind: BotKind = seed % 2 === 0 ? "heuristic" : "random";
      const n = 4 + (seed % 4);
      const bots = new Map(seats(n).map(({ id }) => [id, cards.bots[kind](seed * 5 + Number(id.slice(1)))]));
      const created = cards.create({ players: seats(n), seed });
      if (!created.ok) throw new Error(created.error.message);
      let s = created.state;
      const kept: { state: GameState; json: string }[] = [{ state: s, json: JSON.stringify(s) }];
      for (let who = cards.toAct(s)[0]; who !== undefined; who = cards.toAct(s)[0]) {
        const result = cards.apply(s, bots.get(who)!.choose(cards.view(s, { kind: "player", id: who }), who));
        if (!result.ok) throw new Error(`seed ${seed}: ${result.error.code}`);
        s = result.state;
        kept.push({ state: s, json: JSON.stringify(s) });
      }
      for (const [i, { state, json }] of kept.entries()) if (JSON.stringify(state) !== json) changed.push(`seed ${seed}: state ${i} changed later`);
      states += kept.length;
    }
    expect(changed.slice(0, 5)).toEqual([]);
    expect(states).toBeGreaterThan(GAMES * 20);
  });
});
