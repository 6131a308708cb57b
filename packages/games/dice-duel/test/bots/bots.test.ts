import { describe, expect, it } from "vitest";
import { forcedSource, playMatch, type BotKind } from "@bang/game-core";
import {
  applyDuelCommand,
  createDuel,
  createHeuristicDuelBot,
  createRandomDuelBot,
  diceDuel,
  duelView,
  type DuelCommand,
  type DuelSeatSetup,
  type DuelState,
  type Face,
} from "../../src/index.js";

/** A duel position: a to play, after rolling `faces` (and stopping when rolling goes on). */
function position(faces: Face[], a: Pick<DuelSeatSetup, "ammo" | "destroyed"> = {}, b: Pick<DuelSeatSetup, "ammo" | "destroyed"> = {}): DuelState {
  const created = createDuel({ players: [{ id: "a", ...a }, { id: "b", ...b }], turn: "a", seed: 5 });
  if (!created.ok) throw new Error(created.error.message);
  const rolled = applyDuelCommand(created.state, { type: "roll", by: "a" }, forcedSource([{ roll: faces }]));
  if (!rolled.ok) throw new Error(rolled.error.message);
  if (rolled.state.phase !== "rolling") return rolled.state;
  const stopped = applyDuelCommand(rolled.state, { type: "stop", by: "a" });
  if (!stopped.ok) throw new Error(stopped.error.message);
  return stopped.state;
}
const choose = (s: DuelState, me: string, seed = 1): DuelCommand => createHeuristicDuelBot(seed).choose(duelView(s, { kind: "player", id: me }), me);

describe("the heuristic duel bot", () => {
  it("R8.7 shoots when it has ammo, first at cards whose column partner is already destroyed", () => {
    const s = position(["1", "2", "beer", "dynamite", "arrow"], {}, { destroyed: [{ row: "far", column: 2 }, { row: "near", column: 0 }] });
    const c = choose(s, "a");
    if (c.type !== "resolve") throw new Error(`not a resolve: ${c.type}`);
    expect(c.shots!.slice(0, 2)).toEqual([{ die: 0, column: 2 }, { die: 1, column: 0 }]);
    expect(applyDuelCommand(s, c).ok).toBe(true);
  });

  it("R8.4 turns a useless die into a shot with a beer when it has ammo to spare", () => {
    const s = position(["beer", "gatling", "dynamite", "dynamite", "arrow"], {}, {});
    const c = choose(s, "a");
    expect(c.type).toBe("resolve");
    const applied = applyDuelCommand(s, c);
    expect(applied.ok).toBe(true);
    if (applied.ok) expect(applied.state.players[1]!.hideout.near.filter(Boolean).length + applied.state.players[1]!.hideout.far.filter(Boolean).length).toBe(7);
  });

  it("R8.8 repairs with a pair of arrows", () => {
    const s = position(["arrow", "arrow", "beer", "dynamite", "dynamite"], { destroyed: [{ row: "near", column: 1 }] });
    const c = choose(s, "a");
    expect(c).toMatchObject({ type: "resolve", repairs: [1] });
  });

  it("R8.9 picks sensibly: as the other player it blocks what the starter should play (sheriff when hurt, blocked by renegade)", () => {
    const hurt = [{ row: "near", column: 0 }, { row: "near", column: 1 }, { row: "near", column: 2 }] as const;
    const s = position(["gatling", "gatling", "dynamite", "arrow", "dynamite"], { destroyed: [...hurt] });
    expect(s.phase).toBe("duel");
    const picks = Array.from({ length: 60 }, (_, seed) => choose(s, "b", seed));
    const renegades = picks.filter((c) => c.type === "pick" && c.card === "renegade").length;
    expect(renegades).toBeGreaterThan(35); // about 2/3 deliberate + 1/9 at random of 60
    const mine = Array.from({ length: 60 }, (_, seed) => choose(s, "a", seed)).filter((c) => c.type === "pick" && c.card === "sheriff").length;
    expect(mine).toBeGreaterThan(35);
  });

  it("R8.10 the heuristic bot beats the random bot in most duels, from either seat", () => {
    let won = 0;
    const games = 300;
    for (let seed = 0; seed < games; seed++) {
      const heuristicSeat = seed % 2 ? "a" : "b";
      const { state } = playMatch(diceDuel, { players: [{ id: "a" }, { id: "b" }], seed }, (id) => (id === heuristicSeat ? createHeuristicDuelBot(seed * 2 + 1) : createRandomDuelBot(seed * 2)));
      if (state.winner!.players[0] === heuristicSeat) won++;
    }
    expect(won / games).toBeGreaterThan(0.65);
  });

  it("every bot command in a duel is legal, through the engine and the duel statechart alike", () => {
    for (let seed = 0; seed < 60; seed++) {
      const setup = { players: [{ id: "a" }, { id: "b" }], seed };
      const kind: BotKind = seed % 2 ? "random" : "heuristic";
      const bots = (id: string) => diceDuel.bots[kind](seed * 3 + id.charCodeAt(0));
      const engine = playMatch(diceDuel, setup, bots);
      const actor = playMatch(diceDuel, setup, bots, { through: "actor" });
      expect(actor.state).toEqual(engine.state);
    }
  });
});
