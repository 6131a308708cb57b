/**
 * The compiled game actor (compiled.ts) over the race module of game-core's tests, against the XState
 * actor (actor.ts): the same answers for accepted and refused commands, forced and recorded draws, a
 * transient phase, a command its phase does not take (WRONG_PHASE even when the rules would take it),
 * a rule that throws, a stopped actor; a refused command changes nothing (DESIGN invariant 6).
 */
import { describe, expect, it } from "vitest";
import { createCompiledGameActor, createGameActor, createPhaseMachine, forcedSource, replay, type GameActor, type MachineOptions } from "../src/index.js";
import { race, raceChart, type RaceCommand, type RaceEvent, type RaceSetup, type RaceState } from "./support/race.js";

const setup: RaceSetup = { players: [{ id: "a" }, { id: "b" }, { id: "c" }], seed: 9, turn: "b" };

type RaceActor = GameActor<RaceState, RaceCommand, RaceEvent, RaceSetup>;

function actors(s: RaceSetup, options?: () => MachineOptions, module = race): { live: RaceActor; reference: RaceActor } {
  const live = createCompiledGameActor(module, s, options?.());
  const reference = createGameActor(module, s, options?.());
  if (!live.ok || !reference.ok) throw new Error("setup refused");
  return { live: live.actor, reference: reference.actor };
}

function sendBoth({ live, reference }: { live: RaceActor; reference: RaceActor }, command: RaceCommand) {
  const before = JSON.stringify(live.state);
  const a = live.send(command);
  expect(a).toEqual(reference.send(command));
  expect(live.value).toBe(reference.value);
  expect(live.state).toEqual(reference.state);
  if (!a.ok) expect(JSON.stringify(live.state)).toBe(before);
  return a;
}

describe("createCompiledGameActor", () => {
  it("deals as the XState actor does, and refuses a bad setup with the same refusal", () => {
    const { live, reference } = actors(setup);
    expect(live.value).toBe("playing");
    expect(live.state).toEqual(reference.state);
    expect(live.log()).toEqual({ game: "race", setup, entries: [] });
    expect(createCompiledGameActor(race, { players: [{ id: "a" }] })).toEqual(createGameActor(race, { players: [{ id: "a" }] }));
  });

  it("answers accepted and refused commands as the XState actor, through the transient bonus phase, with the same events and log", () => {
    const pair = actors(setup, () => ({ random: forcedSource([{ roll: [6] }, { roll: [2] }, { roll: [6] }, { roll: [5] }]) }));
    expect(sendBoth(pair, { type: "pass", by: "b" })).toEqual({ ok: false, error: { code: "MUST_ROLL", message: "pass: roll first" } });
    expect(sendBoth(pair, { type: "roll", by: "a" })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
    // A 6: the bonus phase is passed through in the same command.
    expect(sendBoth(pair, { type: "roll", by: "b" })).toMatchObject({ ok: true, events: [{ type: "rolled", face: 6 }, { type: "bonus", player: "b" }] });
    expect(pair.live.value).toBe("playing");
    expect(pair.live.state.scores).toEqual([0, 7, 0]);
    sendBoth(pair, { type: "roll", by: "b" });
    sendBoth(pair, { type: "pass", by: "b" });
    // The race's target is 10: c's 6 and its bonus, then 5, end the game.
    sendBoth(pair, { type: "roll", by: "c" });
    sendBoth(pair, { type: "roll", by: "c" });
    expect(pair.live.value).toBe("over");
    expect(sendBoth(pair, { type: "roll", by: "c" })).toMatchObject({ ok: false, error: { code: "WRONG_PHASE" } });
    expect(sendBoth(pair, { type: "jump", by: "c" } as unknown as RaceCommand)).toMatchObject({ ok: false, error: { code: "INVALID_COMMAND" } });
    expect(pair.live.log()).toEqual(pair.reference.log());
    expect(pair.live.log().entries).toHaveLength(5);
  });

  it("with recordDraws, logs each command's draws as the XState actor does, and the log replays to the live state", () => {
    const draws = [{ roll: [6] }, { roll: [1] }, { roll: [3] }];
    const pair = actors(setup, () => ({ random: forcedSource(draws), recordDraws: true }));
    for (const c of [{ type: "roll", by: "b" }, { type: "roll", by: "b" }, { type: "pass", by: "b" }, { type: "roll", by: "c" }] as RaceCommand[]) sendBoth(pair, c);
    expect(pair.live.log()).toEqual(pair.reference.log());
    expect(pair.live.log().entries[0]).toEqual({ command: { type: "roll", by: "b" }, draws: [{ roll: [6] }] });
    expect(pair.live.log().entries[2]).toEqual({ command: { type: "pass", by: "b" } });
    expect(replay(race, pair.live.log()).at(-1)).toEqual(pair.live.state);
  });

  it("refuses WRONG_PHASE a command its phase does not take, even one the rules would take, and changes nothing", () => {
    // The same rules, a chart whose playing phase takes only `roll`.
    const rollOnly = { ...race, machine: (options?: MachineOptions) => createPhaseMachine({ ...raceChart, commands: { playing: ["roll"] } }, options) };
    const pair = actors(setup, undefined, rollOnly);
    sendBoth(pair, { type: "roll", by: "b" });
    const before = pair.live.state;
    expect(sendBoth(pair, { type: "pass", by: "b" })).toEqual({ ok: false, error: { code: "WRONG_PHASE", message: "pass: not allowed now" } });
    expect(pair.live.state).toBe(before);
    // A command the rules refuse keeps the rules' code.
    expect(sendBoth(pair, { type: "pass", by: "a" })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
    expect(pair.live.log().entries).toHaveLength(1);
  });

  it("a rule that throws throws from send, the log keeps nothing of it, and every later send throws it again", () => {
    const live = createCompiledGameActor(race, setup, { random: forcedSource([]) });
    if (!live.ok) throw new Error("setup refused");
    expect(() => live.actor.send({ type: "roll", by: "b" })).toThrow(/no forced draw queued for a roll of 1/);
    expect(() => live.actor.send({ type: "pass", by: "b" })).toThrow(/no forced draw queued/);
    expect(live.actor.log().entries).toEqual([]);
  });

  it("a stopped actor refuses every command and changes nothing", () => {
    const { live } = actors(setup);
    live.stop();
    const before = live.state;
    expect(live.send({ type: "roll", by: "b" })).toMatchObject({ ok: false, error: { code: "INVALID_COMMAND" } });
    expect(live.state).toBe(before);
    expect(live.log().entries).toEqual([]);
  });

  it("log() and persist() hand out copies", () => {
    const { live } = actors(setup);
    live.send({ type: "roll", by: "b" });
    live.log().entries.length = 0;
    live.persist().log.entries.length = 0;
    expect(live.log().entries).toHaveLength(1);
  });
});
