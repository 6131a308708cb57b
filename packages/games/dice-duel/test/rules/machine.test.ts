import { describe, expect, it } from "vitest";
import { createGameActor, forcedSource, replay, restoreGameActor, type GameLog } from "@bang/game-core";
import { diceDuel, type DuelCommand } from "../../src/index.js";
import { card } from "./helpers.js";

describe("R8 the duel statechart", () => {
  it("R8.9 passes through rolling, resolving, duel (both picks), duelEffect and gameOver, with the reducer's refusals", () => {
    const random = forcedSource();
    const six = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => card(row, column))).slice(0, 5);
    const created = createGameActor(diceDuel, { players: [{ id: "a" }, { id: "b", destroyed: six }], turn: "a" }, { random });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    expect(actor.value).toBe("rolling");
    random.push({ roll: ["gatling", "gatling", "beer", "arrow", "dynamite"] });
    expect(actor.send({ type: "roll", by: "a" }).ok).toBe(true);
    expect(actor.send({ type: "stop", by: "a" }).ok).toBe(true);
    expect(actor.value).toBe("resolving");
    expect(actor.send({ type: "resolve", by: "a" }).ok).toBe(true);
    expect(actor.value).toBe("duel");
    const refused = actor.send({ type: "roll", by: "a" });
    expect(refused.ok ? null : refused.error.code).toBe("WRONG_PHASE");
    expect(actor.send({ type: "pick", by: "b", card: "renegade" }).ok).toBe(true);
    expect(actor.value).toBe("duel");
    const again = actor.send({ type: "pick", by: "b", card: "sheriff" });
    expect(again.ok ? null : again.error.code).toBe("ALREADY_PICKED");
    expect(actor.send({ type: "pick", by: "a", card: "outlaw" }).ok).toBe(true);
    expect(actor.value).toBe("duelEffect");
    expect(actor.send({ type: "effect", by: "a", cards: [card("far", 1), card("far", 2)] }).ok).toBe(true);
    expect(actor.value).toBe("rolling");
    expect(actor.state.players[1]!.hideout.far).toEqual([false, false, false, true]);
    actor.stop();
  });

  it("R8.9 a persisted duel actor survives JSON mid-duel, with one secret pick, and plays on identically; its log replays", () => {
    const random = forcedSource([{ roll: ["gatling", "gatling", "dynamite", "arrow", "dynamite"] }]);
    const created = createGameActor(diceDuel, { players: [{ id: "a" }, { id: "b" }], seed: 7, turn: "b" }, { random, recordDraws: true });
    if (!created.ok) throw new Error(created.error.message);
    const { actor } = created;
    for (const c of [{ type: "roll", by: "b" }, { type: "stop", by: "b" }, { type: "pick", by: "a", card: "outlaw" }] as DuelCommand[]) {
      expect(actor.send(c).ok).toBe(true);
    }
    expect(actor.value).toBe("duel");
    const persisted = JSON.parse(JSON.stringify(actor.persist()));
    const restored = restoreGameActor(diceDuel, persisted, { random: forcedSource(), recordDraws: true });
    expect(restored.state).toEqual(actor.state);
    expect(restored.value).toBe("duel");
    const next = { type: "pickTimeout", by: "b" } as const;
    const live = actor.send(next);
    expect(restored.send(next)).toEqual(live);
    expect(live.ok && live.state.lastDuel?.picks[1]?.player).toBe("b");
    // The log keeps the forced dice and both picks: it replays to the same state without the source.
    const log: GameLog = actor.log();
    expect(log.game).toBe("dice_duel");
    expect(log.entries[0]!.draws).toEqual([{ roll: ["gatling", "gatling", "dynamite", "arrow", "dynamite"] }]);
    expect(log.entries[2]!.command).toEqual({ type: "pick", by: "a", card: "outlaw" });
    expect(replay(diceDuel, log).at(-1)).toEqual(actor.state);
    actor.stop();
    restored.stop();
  });
});
