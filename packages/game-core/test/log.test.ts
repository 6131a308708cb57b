/**
 * The log and replay (log.ts, DESIGN invariant 1): a log of the module's id, its setup and accepted
 * commands rebuilds every state; seeded entries recompute their draws, forced ones play their `draws`
 * back. A log of another game, a refused setup or a refused entry is a ReplayError that says where.
 */
import { describe, expect, it } from "vitest";
import { createGameActor, forcedSource, playMatch, replay, ReplayError, replaySteps, type GameLog } from "../src/index.js";
import { race, type RaceCommand, type RaceSetup } from "./support/race.js";

const setup: RaceSetup = { players: [{ id: "a" }, { id: "b" }], seed: 4, turn: "a" };
const log = (entries: GameLog<RaceSetup, RaceCommand>["entries"], game = "race"): GameLog<RaceSetup, RaceCommand> => ({ game, setup, entries });

/** The ReplayError `fn` throws. */
function replayError(fn: () => unknown): ReplayError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ReplayError);
    return e as ReplayError;
  }
  throw new Error("no ReplayError");
}

describe("replay", () => {
  it("states[0] is the dealt state, states[i + 1] the state after entry i, each as the reducer gives it", () => {
    const { state, log: played } = playMatch(race, setup, (id) => race.bots.random(id.charCodeAt(0)));
    const states = replay(race, played);
    expect(states).toHaveLength(played.entries.length + 1);
    expect(states[0]).toEqual((race.create(setup) as { state: unknown }).state);
    let s = states[0]!;
    played.entries.forEach((entry, i) => {
      const applied = race.apply(s, entry.command);
      if (!applied.ok) throw new Error(applied.error.message);
      expect(states[i + 1]).toEqual(applied.state);
      s = applied.state;
    });
    expect(states.at(-1)).toEqual(state);
  });

  it("replaySteps gives each entry's events too", () => {
    const steps = replaySteps(race, log([{ command: { type: "roll", by: "a" }, draws: [{ roll: [6] }] }, { command: { type: "pass", by: "a" } }]));
    expect(steps.map((s) => s.events)).toEqual([
      [],
      [
        { type: "rolled", player: "a", face: 6 },
        { type: "bonus", player: "a" },
      ],
      [{ type: "passed", player: "a" }],
    ]);
    expect(steps[2]!.state.scores).toEqual([7, 0]);
  });

  it("forced entries play their draws back: a forced actor's log replays without its source", () => {
    const created = createGameActor(race, setup, { random: forcedSource([{ roll: [5] }, { roll: [6] }]), recordDraws: true });
    if (!created.ok) throw new Error(created.error.message);
    const actor = created.actor;
    actor.send({ type: "roll", by: "a" });
    actor.send({ type: "roll", by: "a" });
    expect(replay(race, JSON.parse(JSON.stringify(actor.log()))).at(-1)).toEqual(actor.state);
    actor.stop();
  });

  it("a log of another game is a ReplayError naming both games, before anything is replayed", () => {
    const error = replayError(() => replay(race, log([], "dice_duel")));
    expect(error.message).toBe('game: the log is of "dice_duel", not "race"');
    expect(error.entry).toBe(-1);
    expect(error.code).toBe("INVALID_SETUP");
    expect(error.name).toBe("ReplayError");
  });

  it("a refused setup is a ReplayError of entry -1 with the setup's code", () => {
    const error = replayError(() => replay(race, { game: "race", setup: { players: [{ id: "a" }] }, entries: [] }));
    expect(error).toMatchObject({ entry: -1, code: "INVALID_SETUP" });
    expect(error.message).toMatch(/^setup: players/);
  });

  it("a refused entry is a ReplayError naming the entry, its command and the rules' code", () => {
    const error = replayError(() => replay(race, log([{ command: { type: "roll", by: "a" } }, { command: { type: "roll", by: "b" } }])));
    expect(error).toMatchObject({ entry: 1, code: "NOT_YOUR_TURN" });
    expect(error.message).toMatch(/^entries\[1\] \(roll by b\): NOT_YOUR_TURN: /);
    const early = replayError(() => replay(race, log([{ command: { type: "pass", by: "a" } }])));
    expect(early).toMatchObject({ entry: 0, code: "MUST_ROLL" });
  });

  it("forced draws that do not fit the entry are a ReplayError (INVALID_COMMAND), not a crash", () => {
    const error = replayError(() => replay(race, log([{ command: { type: "roll", by: "a" }, draws: [{ roll: [7] }] }])));
    expect(error).toMatchObject({ entry: 0, code: "INVALID_COMMAND" });
    expect(error.message).toMatch(/^entries\[0\]: forced roll: 7 is not one of/);
    expect(replayError(() => replay(race, log([{ command: { type: "roll", by: "a" }, draws: [] }])))).toMatchObject({ entry: 0, code: "INVALID_COMMAND" });
  });
});
