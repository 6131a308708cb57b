/**
 * The module as the server, ratings and tournaments read it: identity, schemas of views, events and
 * commands over whole bot games, toAct, onTimeout (F3.5, F10.15), result (F7), and the statechart
 * agreeing with the reducer.
 */
import { createGameActor, playMatch, replaySteps, type Viewer } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cashNGuns, type CngCommand, type CngState } from "../src/index.js";
import { aim, bullet, play, round, table, take } from "./rules/helpers.js";

const ids = ["a", "b", "c", "d", "e"];
const viewers: Viewer[] = [...ids.map((id) => ({ kind: "player" as const, id })), { kind: "spectator" }, { kind: "admin" }];

function botGame(seed: number, n = 5) {
  const setup = { players: ids.slice(0, n).map((id) => ({ id })), seed };
  const { log, state } = playMatch(cashNGuns, setup, (id) => cashNGuns.bots[seed % 2 ? "heuristic" : "random"](seed * 7 + id.charCodeAt(0)));
  return { steps: replaySteps(cashNGuns, log), commands: log.entries.map((e) => e.command), state };
}

describe("the cash_n_guns module", () => {
  it("declares its identity: id cash_n_guns, 4 to 8 seats, close_hold_up a server command, powers refused by the options schema", () => {
    expect(cashNGuns.id).toBe("cash_n_guns");
    expect(cashNGuns.seats).toEqual({ min: 4, max: 8 });
    expect(cashNGuns.serverCommands).toEqual(["close_hold_up"]);
    expect(cashNGuns.refusals).toEqual(["NOT_ELIGIBLE", "ALREADY_CHOSEN", "NO_SUCH_CARD", "INVALID_TARGET"]);
    expect(cashNGuns.schemas.options.safeParse({}).success).toBe(true);
    expect(cashNGuns.schemas.options.safeParse({ powers: true }).success).toBe(false);
    expect(cashNGuns.setupFor({ players: ["w", "x", "y", "z"], seed: 3, options: {} })).toEqual({ players: [{ id: "w" }, { id: "x" }, { id: "y" }, { id: "z" }], seed: 3, seeding: "mixed" });
  });

  it("F8, F9: every view of whole bot games passes schemas.view and its waitingFor is toAct; events pass schemas.event; commands pass schemas.command", () => {
    for (let seed = 0; seed < 6; seed++) {
      const { steps, commands } = botGame(seed);
      for (const [i, { state, events }] of steps.entries()) {
        for (const viewer of viewers) {
          const view = cashNGuns.view(state, viewer);
          const parsed = cashNGuns.schemas.view.safeParse(view);
          expect(parsed.success, `seed ${seed} step ${i}: ${parsed.error?.message}`).toBe(true);
          expect(view.waitingFor).toEqual(cashNGuns.toAct(state));
        }
        for (const event of events) expect(cashNGuns.schemas.event.safeParse(event).success, JSON.stringify(event)).toBe(true);
      }
      for (const { by: _by, ...wire } of commands) expect(cashNGuns.schemas.command.safeParse(wire).success, JSON.stringify(wire)).toBe(true);
    }
  });

  it("F3.3, F3.5, F3.7: toAct names every living player who has not chosen in a simultaneous step, one player elsewhere, nobody at the end", () => {
    const s = play(table(), bullet("b", "click")).state;
    expect(cashNGuns.toAct(s)).toEqual(["a", "c", "d"]);
    const shares = round(table(), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    expect(cashNGuns.toAct(shares)).toEqual(["a"]);
    expect(cashNGuns.toAct(botGame(3).state)).toEqual([]);
  });

  it("F3.5, F10.15: onTimeout closes the hold-up for a player who has not aimed; elsewhere null (the bot plays for the absent player); null for a player not awaited", () => {
    const s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b")).state;
    expect(cashNGuns.onTimeout(s, "b")).toEqual({ type: "close_hold_up" });
    expect(cashNGuns.onTimeout(s, "a")).toBeNull();
    const closed = cashNGuns.apply(s, { ...cashNGuns.onTimeout(s, "b")!, by: "b" } as CngCommand);
    expect(closed.ok && closed.state.players.filter((p) => p.aim === null).map((p) => p.id)).toEqual(["b", "c", "d"]);
    for (let seed = 0; seed < 4; seed++) {
      let state: CngState = botGame(seed).steps[0]!.state;
      for (let k = 0; k < 400 && cashNGuns.toAct(state).length > 0; k++) {
        const who = cashNGuns.toAct(state)[0]!;
        const timeout = cashNGuns.onTimeout(state, who);
        if (state.phase !== "hold_up") expect(timeout).toBeNull();
        const command = timeout ? ({ ...timeout, by: who } as CngCommand) : cashNGuns.bots.heuristic(seed).choose(cashNGuns.view(state, { kind: "player", id: who }), who);
        const r = cashNGuns.apply(state, command);
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (r.ok) state = r.state;
      }
      expect(cashNGuns.result(state)).not.toBeNull();
    }
  });

  it("F7: result is null while the game runs, then ranks every seat once with the winners at place 1", () => {
    for (let seed = 0; seed < 10; seed++) {
      const { steps, state } = botGame(seed, 4 + (seed % 5));
      expect(cashNGuns.result(steps[1]!.state)).toBeNull();
      const result = cashNGuns.result(state)!;
      expect(result.ranking.flatMap((s) => s.players).sort()).toEqual(state.players.map((p) => p.id).sort());
      const first = result.ranking.filter((s) => s.place === 1).flatMap((s) => s.players).sort();
      if (state.winner!.reason !== "all_dead") expect(first).toEqual([...state.winner!.players].sort());
      expect(result.winner.players.sort()).toEqual([...state.winner!.players].sort());
    }
  });

  it("F3.1: the statechart rests in the steps' states and agrees with the reducer; automatic steps pass by themselves", () => {
    const created = createGameActor(cashNGuns, { players: ["a", "b", "c", "d"].map((id) => ({ id })), godfather: "a", seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const actor = created.actor;
    expect(actor.value).toBe("bullet_choice");
    for (const id of ["a", "b", "c", "d"]) actor.send(bullet(id, "click"));
    expect(actor.value).toBe("hold_up");
    const wrong = actor.send(take("a", "bill_5000"));
    expect(wrong.ok ? "ok" : wrong.error.code).toBe("WRONG_PHASE");
    for (const [by, t] of [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]]) actor.send(aim(by!, t!));
    expect(actor.value).toBe("godfather_privilege");
    actor.send({ type: "pass", by: "a" });
    for (const id of ["a", "b", "c", "d"]) actor.send({ type: "courage", by: id, choice: "lie_down" });
    expect(actor.value).toBe("bullet_choice");
    expect(actor.state.round).toBe(2);
    const replayed = replaySteps(cashNGuns, actor.log()).at(-1)!.state;
    expect(replayed).toEqual(actor.state);
    actor.stop();
  });

  it("summary and facets: the round, who is out, wounds; no facets", () => {
    const s = table();
    expect(cashNGuns.summary(s)).toMatchObject({ phase: "bullet_choice", turn: 1 });
    expect(cashNGuns.summary(s).seats.a).toEqual({ out: false, status: "0/3 wounds, 0 loot" });
    expect(cashNGuns.facets(s)).toEqual({ a: {}, b: {}, c: {}, d: {} });
  });
});
