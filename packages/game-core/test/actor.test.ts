/**
 * The game actor (actor.ts) over the race module of game-core's tests: a command answers with its
 * events or its refusal, the log grows with accepted commands only, and a persisted actor survives JSON
 * and plays on identically (DESIGN invariant 1).
 */
import { describe, expect, it } from "vitest";
import { createGameActor, forcedSource, replay, restoreGameActor } from "../src/index.js";
import { race, type RaceCommand, type RaceSetup } from "./support/race.js";

const setup: RaceSetup = { players: [{ id: "a" }, { id: "b" }, { id: "c" }], seed: 9, turn: "b" };

function actorOf(s: RaceSetup, options?: Parameters<typeof createGameActor>[2]) {
  const created = createGameActor(race, s, options);
  if (!created.ok) throw new Error(created.error.message);
  return created.actor;
}

describe("createGameActor", () => {
  it("starts in the game's phase with the dealt state; a refused setup gives its refusal, no actor", () => {
    const actor = actorOf(setup);
    expect(actor.value).toBe("playing");
    expect(actor.state).toEqual((race.create(setup) as { state: unknown }).state);
    expect(actor.log()).toEqual({ game: "race", setup, entries: [] });
    actor.stop();
    expect(createGameActor(race, { players: [{ id: "a" }] })).toMatchObject({ ok: false, error: { code: "INVALID_SETUP" } });
  });

  it("answers each command with the new state and its events, or the refusal; only accepted commands are logged", () => {
    const actor = actorOf(setup, { random: forcedSource([{ roll: [2] }]) });
    const refused = actor.send({ type: "pass", by: "b" });
    expect(refused).toEqual({ ok: false, error: { code: "MUST_ROLL", message: "pass: roll first" } });
    const rolled = actor.send({ type: "roll", by: "b" });
    expect(rolled).toEqual({ ok: true, state: actor.state, events: [{ type: "rolled", player: "b", face: 2 }] });
    expect(actor.send({ type: "roll", by: "a" })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
    expect(actor.log().entries).toEqual([{ command: { type: "roll", by: "b" } }]);
    actor.stop();
  });

  it("with recordDraws, the log keeps each command's draws, and replays to the state without the source", () => {
    const random = forcedSource([{ roll: [6] }, { roll: [1] }]);
    const actor = actorOf(setup, { random, recordDraws: true });
    const commands: RaceCommand[] = [{ type: "roll", by: "b" }, { type: "pass", by: "b" }, { type: "roll", by: "c" }];
    for (const c of commands) expect(actor.send(c).ok).toBe(true);
    const log = actor.log();
    expect(log.entries).toEqual([{ command: commands[0], draws: [{ roll: [6] }] }, { command: commands[1] }, { command: commands[2], draws: [{ roll: [1] }] }]);
    expect(replay(race, log).at(-1)).toEqual(actor.state);
    actor.stop();
  });

  it("a persisted actor survives JSON, restores in the same phase and state, and plays on identically", () => {
    const actor = actorOf(setup);
    for (const c of [{ type: "roll", by: "b" }, { type: "roll", by: "b" }, { type: "pass", by: "b" }] as RaceCommand[]) actor.send(c);
    const persisted = JSON.parse(JSON.stringify(actor.persist()));
    const restored = restoreGameActor(race, persisted);
    expect(restored.value).toBe(actor.value);
    expect(restored.state).toEqual(actor.state);
    expect(restored.log()).toEqual(actor.log());
    for (const c of [{ type: "roll", by: "c" }, { type: "pass", by: "c" }, { type: "roll", by: "a" }] as RaceCommand[]) {
      expect(restored.send(c)).toEqual(actor.send(c));
    }
    expect(restored.log()).toEqual(actor.log());
    expect(replay(race, restored.log()).at(-1)).toEqual(restored.state);
    actor.stop();
    restored.stop();
  });

  it("actors of one module (sharing its default machine) play side by side without touching each other's game", () => {
    const one = actorOf(setup);
    const two = actorOf({ ...setup, seed: 10 });
    const play = (actor: typeof one, commands: RaceCommand[]) => commands.map((c) => actor.send(c).ok);
    for (let i = 0; i < 3; i++) {
      expect(play(one, [{ type: "roll", by: one.state.players[one.state.turn]! }])).toEqual([true]);
      expect(play(two, [{ type: "roll", by: two.state.players[two.state.turn]! }])).toEqual([true]);
    }
    expect(replay(race, one.log()).at(-1)).toEqual(one.state);
    expect(replay(race, two.log()).at(-1)).toEqual(two.state);
    expect(one.log().setup.seed).toBe(9);
    expect(two.log().setup.seed).toBe(10);
    one.stop();
    two.stop();
  });

  it("a rule that throws (here a forced source with no draw left) throws from send, and the stopped actor keeps throwing it", () => {
    const actor = actorOf(setup, { random: forcedSource([]) });
    // XState names the guard it was evaluating and keeps the rule's own message.
    expect(() => actor.send({ type: "roll", by: "b" })).toThrow(/guard 'leadsTo'.*\n?.*no forced draw queued for a roll of 1/s);
    expect(() => actor.send({ type: "pass", by: "b" })).toThrow(/no forced draw queued/);
    expect(actor.log().entries).toEqual([]);
    actor.stop();
  });

  it("log() and persist() hand out copies: the caller cannot change the actor's log", () => {
    const actor = actorOf(setup);
    actor.send({ type: "roll", by: "b" });
    actor.log().entries.length = 0;
    actor.persist().log.entries.length = 0;
    expect(actor.log().entries).toHaveLength(1);
    actor.stop();
  });
});
