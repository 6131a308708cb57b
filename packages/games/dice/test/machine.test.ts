import { describe, expect, it } from "vitest";
import { createGameActor, forcedSource, replay, restoreGameActor } from "@bang/game-core";
import { applyCommand, createGame, dice, type Command, type GameSetup } from "../src/index.js";

const table: GameSetup = {
  players: [
    { id: "a", role: "sheriff", character: "paul_regret" },
    { id: "b", role: "outlaw", character: "jesse_jones", arrows: 3 },
    { id: "c", role: "renegade", character: "lucky_duke", arrows: 3 },
    { id: "d", role: "outlaw", character: "suzy_lafayette", arrows: 2 },
  ],
};

describe("the game statechart", () => {
  it("starts in rolling after setup, with the sheriff to play (R1.6)", () => {
    const created = createGameActor(dice, { players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e" }], seed: 3 });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    expect(actor.value).toBe("rolling");
    expect(actor.state.players[actor.state.turn]!.role).toBe("sheriff");
  });

  it("refuses an invalid setup before any actor exists (R1.1)", () => {
    const created = createGameActor(dice, { players: [{ id: "a" }, { id: "b" }] });
    expect(created.ok).toBe(false);
    if (!created.ok) expect(created.error.code).toBe("INVALID_SETUP");
  });

  it("R2.5 R4.2 passes through indianAttack when the last arrow is taken, and the turn goes on", () => {
    const random = forcedSource([{ roll: ["arrow", "beer", "beer", "1", "2"] }]);
    const created = createGameActor(dice, table, { random });
    if (!created.ok) throw new Error(created.error.message);
    const seen: string[] = [];
    const { actor } = created;
    const result = actor.send({ type: "roll", by: "a" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    seen.push(...result.events.map((e) => e.type));
    expect(seen).toContain("indianAttack");
    expect(actor.value).toBe("rolling");
    expect(actor.state.arrowsInPile).toBe(9);
    expect(actor.state.players.map((p) => p.life)).toEqual([10, 6, 5, 6]);
  });

  it("answers a refused command with its code and changes nothing", () => {
    const created = createGameActor(dice, table, { random: forcedSource() });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    const before = JSON.stringify(actor.state);
    const refused = actor.send({ type: "resolve", by: "a", shots: [], beers: [] });
    expect(refused).toMatchObject({ ok: false, error: { code: "WRONG_PHASE" } });
    expect(actor.send({ type: "roll", by: "b" })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
    expect(JSON.stringify(actor.state)).toBe(before);
  });

  it("a persisted snapshot survives JSON and restores the same game, which plays on identically", () => {
    const created = createGameActor(dice, { players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e" }], seed: 11 });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    const sheriff = actor.state.players[actor.state.turn]!.id;
    expect(actor.send({ type: "roll", by: sheriff }).ok).toBe(true);
    const json = JSON.parse(JSON.stringify(actor.persist()));
    const restored = restoreGameActor(dice, json);
    expect(restored.value).toBe(actor.value);
    expect(restored.state).toEqual(actor.state);
    const next: Command = { type: "stop", by: sheriff };
    const a = actor.send(next);
    const b = restored.send(next);
    expect(b).toEqual(a);
    expect(restored.log()).toEqual(actor.log());
  });

  it("the actor and the pure reducer agree, and the actor's log replays to its state", () => {
    const created = createGameActor(dice, { players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }], seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    const start = createGame({ players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }], seed: 5 });
    if (!start.ok) throw new Error(start.error.message);
    let pure = start.state;
    const sheriff = pure.players[pure.turn]!.id;
    for (const c of [{ type: "roll", by: sheriff }, { type: "reroll", by: sheriff, indexes: [0, 1] }] as Command[]) {
      const viaActor = actor.send(c);
      const viaReducer = applyCommand(pure, c);
      expect(viaActor.ok).toBe(viaReducer.ok);
      if (viaReducer.ok) pure = viaReducer.state;
      expect(actor.state).toEqual(pure);
    }
    const states = replay(dice, actor.log());
    expect(states.at(-1)).toEqual(actor.state);
  });
});
