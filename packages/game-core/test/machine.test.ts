/**
 * createPhaseMachine (machine.ts) with a chart of game-core's own tests (the race, test/support): the
 * states are named after the game's phases; a transient phase is resolved in its own state; whatever a
 * state does not take is refused at the root with the rules' code and changes nothing; the final phase
 * is tagged gameOver.
 */
import { describe, expect, it } from "vitest";
import { createActor, type AnyActorRef } from "xstate";
import { createPhaseMachine, forcedSource, type MachineContext, type PhaseChart } from "../src/index.js";
import { raceChart, type Phase, type RaceCommand, type RaceEvent, type RaceSetup, type RaceState } from "./support/race.js";

const setup: RaceSetup = { players: [{ id: "a" }, { id: "b" }], turn: "a", options: { target: 10 } };

/** A race machine started with forced faces (each roll one face), and the states it passed through. */
function start(faces: number[], chart: PhaseChart<RaceState, RaceCommand, RaceEvent, Phase> = raceChart) {
  const random = forcedSource(faces.map((f) => ({ roll: [f] })));
  const values: string[] = [];
  const actor = createActor(createPhaseMachine(chart, { random }), {
    input: { setup },
    inspect: (e) => {
      if (e.type === "@xstate.snapshot" || e.type === "@xstate.microstep") values.push(String((e.snapshot as unknown as { value: unknown }).value));
    },
  });
  actor.start();
  const context = () => (actor.getSnapshot() as { context: MachineContext<RaceState, RaceCommand, RaceEvent> }).context;
  return { actor: actor as AnyActorRef, context, values, random };
}

describe("createPhaseMachine", () => {
  it("deals in `setup` and rests in the phase of the new game, a state named after it", () => {
    const { actor, context } = start([]);
    expect(actor.getSnapshot().value).toBe("playing");
    expect(context().game).toMatchObject({ phase: "playing", turn: 0, scores: [0, 0] });
    expect(context().rejection).toBeNull();
    expect(actor.getSnapshot().hasTag("gameOver")).toBe(false);
  });

  it("an accepted command commits the rules' state, its events and its log entry", () => {
    const { actor, context } = start([3]);
    actor.send({ type: "roll", by: "a" });
    expect(context().game).toMatchObject({ stateId: 1, scores: [3, 0], rolled: true });
    expect(context().events).toEqual([{ type: "rolled", player: "a", face: 3 }]);
    expect(context().entry).toEqual({ command: { type: "roll", by: "a" } });
  });

  it("a transient phase is resolved in its own state: a 6 passes through `bonus`, whose function gives the bonus", () => {
    let resolved = 0;
    const chart = { ...raceChart, transient: { bonus: (s: RaceState, e: RaceEvent[]) => (resolved++, raceChart.transient!.bonus!(s, e)) } };
    const { actor, context, values } = start([6], chart);
    values.length = 0;
    actor.send({ type: "roll", by: "a" });
    expect(resolved).toBe(1);
    expect(values).toContain("bonus");
    expect(actor.getSnapshot().value).toBe("playing");
    expect(context().game).toMatchObject({ phase: "playing", scores: [7, 0] });
    expect(context().events).toEqual([{ type: "rolled", player: "a", face: 6 }, { type: "bonus", player: "a" }]);
  });

  it("a command refused at the root leaves the state as it was and gives the rules' code", () => {
    const { actor, context } = start([2]);
    const before = context().game;
    // A command no state takes: refused at the root with the rules' own code.
    actor.send({ type: "dance", by: "a" } as never);
    expect(context().rejection).toMatchObject({ code: "INVALID_COMMAND" });
    expect(context().game).toBe(before);
    // A command the phase takes, refused by the rules: the module's own code (MUST_ROLL), NOT_YOUR_TURN.
    actor.send({ type: "pass", by: "a" });
    expect(context().rejection).toMatchObject({ code: "MUST_ROLL", message: "pass: roll first" });
    actor.send({ type: "roll", by: "b" });
    expect(context().rejection).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(context().game).toBe(before);
    expect(actor.getSnapshot().value).toBe("playing");
    // The next accepted command clears the rejection.
    actor.send({ type: "roll", by: "a" });
    expect(context().rejection).toBeNull();
    expect(context().game.stateId).toBe(1);
  });

  it("the final phase is tagged gameOver, and takes no command (the rules' WRONG_PHASE)", () => {
    const { actor, context } = start([5, 5]);
    actor.send({ type: "roll", by: "a" });
    actor.send({ type: "roll", by: "a" });
    expect(actor.getSnapshot().value).toBe("over");
    expect(actor.getSnapshot().hasTag("gameOver")).toBe(true);
    expect(context().game.winner).toBe("a");
    const over = context().game;
    actor.send({ type: "roll", by: "b" });
    expect(context().rejection).toMatchObject({ code: "WRONG_PHASE" });
    expect(context().game).toBe(over);
  });

  it("a transient phase that ends the game routes to the final phase", () => {
    const { actor, context } = start([4, 6]); // 4 + 6 = 10 wins on the roll itself, before the bonus
    actor.send({ type: "roll", by: "a" });
    actor.send({ type: "roll", by: "a" });
    expect(actor.getSnapshot().value).toBe("over");
    const near = start([3, 6]); // 3 + 6 = 9, the bonus makes 10: the game ends in `bonus`'s resolution
    near.actor.send({ type: "roll", by: "a" });
    near.actor.send({ type: "roll", by: "a" });
    expect(near.values).toContain("bonus");
    expect(near.actor.getSnapshot().value).toBe("over");
    expect(near.context().events.map((e) => e.type)).toEqual(["rolled", "bonus", "won"]);
    expect(context().game.winner).toBe("a");
  });

  it("a setup the rules refuse throws when the machine deals", () => {
    const actor = createActor(createPhaseMachine(raceChart), { input: { setup: { players: [{ id: "a" }] } } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(String(errors[0])).toMatch(/INVALID_SETUP: players/);
  });
});
