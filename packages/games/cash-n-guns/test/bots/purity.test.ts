import { createGameActor, type BotKind } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cashNGuns, type CngCommand, type CngState } from "../../src/index.js";

/**
 * The reducer is pure (DESIGN invariant 1): an accepted command leaves its input state as it was, and so
 * does every later command, through `apply` and through the statechart actor. States share the parts no
 * rule changes in place (each seat's hand, discard and loot, the piles), so this is checked over whole
 * games: every state, at the end, is exactly what it was when it was returned.
 */
const GAMES = 60;
const seats = (n: number) => "abcdefgh".slice(0, n).split("").map((id) => ({ id }));

/** Plays game `g` with the reducer; returns every state with its JSON when returned, and the commands. */
function play(g: number) {
  const kind: BotKind = g % 2 === 0 ? "heuristic" : "random";
  const setup = { players: seats(4 + (g % 5)), seed: g * 7 + 3 };
  const bots = new Map(setup.players.map(({ id }) => [id, cashNGuns.bots[kind](g * 11 + id.charCodeAt(0))]));
  const created = cashNGuns.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  let s = created.state;
  const kept: { state: CngState; json: string }[] = [{ state: s, json: JSON.stringify(s) }];
  const commands: CngCommand[] = [];
  for (let who = cashNGuns.toAct(s)[0]; who !== undefined; who = cashNGuns.toAct(s)[0]) {
    const command = bots.get(who)!.choose(cashNGuns.view(s, { kind: "player", id: who }), who);
    const result = cashNGuns.apply(s, command);
    if (!result.ok) throw new Error(`game ${g}: ${result.error.code}`);
    s = result.state;
    commands.push(command);
    kept.push({ state: s, json: JSON.stringify(s) });
  }
  return { setup, kept, commands };
}

describe(`purity of the reducer over ${GAMES} complete bot games of 4 to 8 players`, () => {
  it("apply: every state of a game is, at the end of the game, exactly what it was when it was returned", () => {
    const changed: string[] = [];
    let states = 0;
    for (let g = 0; g < GAMES; g++) {
      const { kept } = play(g);
      for (const [i, { state, json }] of kept.entries()) if (JSON.stringify(state) !== json) changed.push(`game ${g}: state ${i} changed later`);
      states += kept.length;
    }
    expect(changed.slice(0, 5)).toEqual([]);
    expect(states).toBeGreaterThan(GAMES * 50);
  });

  it("the statechart actor: the same, and it ends on the reducer's final state", () => {
    const changed: string[] = [];
    for (let g = 0; g < GAMES; g += 6) {
      const { setup, kept, commands } = play(g);
      const created = createGameActor(cashNGuns, setup);
      if (!created.ok) throw new Error(created.error.message);
      const states: { state: CngState; json: string }[] = [{ state: created.actor.state, json: JSON.stringify(created.actor.state) }];
      for (const c of commands) {
        const result = created.actor.send(c);
        if (!result.ok) throw new Error(`game ${g}: the actor refused ${JSON.stringify(c)}`);
        states.push({ state: result.state, json: JSON.stringify(result.state) });
      }
      created.actor.stop();
      for (const [i, { state, json }] of states.entries()) if (JSON.stringify(state) !== json) changed.push(`game ${g}: actor state ${i} changed later`);
      expect(states.at(-1)!.state).toEqual(kept.at(-1)!.state);
    }
    expect(changed.slice(0, 5)).toEqual([]);
  });
});
