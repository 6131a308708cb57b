/**
 * The compiled game actor (game-core createCompiledGameActor, what the server runs per command) against
 * the XState actor (createGameActor), for every registered game: whole bot games played through both
 * side by side, with wrong commands mixed in (another seat's turn, a type the game does not know, the
 * same command twice, a timed-out player's command), give the same answers (states, events, refusal
 * codes and messages), the same phases and the same logs; the log replays to the live state
 * (DESIGN invariant 1); a refused command changes nothing (invariant 6); and the compiled actor's
 * persisted snapshot restores in XState and plays on identically.
 */
import { describe, expect, it } from "vitest";
import { createCompiledGameActor, createGameActor, replay, restoreGameActor, type AnyGameModule, type CommandBase, type EventBase, type GameActor, type PlayerId, type SetupBase, type StateBase } from "@bang/game-core";
import { games } from "../src/index.js";

type Actor = GameActor<StateBase, CommandBase, EventBase, SetupBase>;

/** A seeded setup of `module` for `seats` players (a 256-bit key seed, as the server deals). */
function setupOf(module: AnyGameModule, seats: number, n: number) {
  const players = Array.from({ length: seats }, (_, i) => `p${i}`);
  const seed = (n * 0x9e3779b1 >>> 0).toString(16).padStart(8, "0").repeat(8);
  return module.setupFor({ players, seed, options: {} });
}

function both(module: AnyGameModule, setup: unknown): { live: Actor; reference: Actor } {
  const live = createCompiledGameActor(module, setup as SetupBase);
  const reference = createGameActor(module, setup as SetupBase);
  if (!live.ok || !reference.ok) throw new Error("setup refused");
  return { live: live.actor, reference: reference.actor };
}

/** Sends `command` to both actors and expects the same answer, phase and state; returns the answer. */
function sendBoth(live: Actor, reference: Actor, command: CommandBase) {
  const before = JSON.stringify(live.state);
  const a = live.send(command);
  const b = reference.send(command);
  expect(a).toEqual(b);
  expect(live.value).toBe(reference.value);
  expect(live.state).toEqual(reference.state);
  if (!a.ok) expect(JSON.stringify(live.state)).toBe(before);
  return a;
}

describe.each(games().map((m) => [m.id, m] as const))("the compiled actor of %s answers as the XState actor", (_id, module) => {
  const seats = [module.seats.min, module.rankedSeats?.max ?? module.seats.max].filter((v, i, all) => all.indexOf(v) === i);

  it.each(seats.flatMap((n) => [1, 2, 3].map((g) => [n, g] as const)))("%i seats, game %i: same answers, phases, states and logs; the log replays to the live state", (n, g) => {
    const setup = setupOf(module, n, g * 31 + n);
    const { live, reference } = both(module, setup);
    expect(live.value).toBe(reference.value);
    expect(live.state).toEqual(reference.state);
    const ids = (setup as { players: { id: PlayerId }[] }).players.map((p) => p.id);
    const bots = new Map(ids.map((id, i) => [id, module.bots[i % 2 === 0 ? "heuristic" : "random"](g * 100 + i)]));
    let refused = 0;
    for (let step = 0; step < 3_000; step++) {
      const awaited = module.toAct(live.state);
      if (awaited.length === 0) break;
      const me = awaited[step % awaited.length]!;
      const chosen = bots.get(me)!.choose(module.view(live.state, { kind: "player", id: me }), me) as CommandBase;
      // Wrong commands first, every few steps: none may change anything, and both refuse alike.
      if (step % 3 === 0) {
        const other = ids.find((id) => !awaited.includes(id));
        if (other !== undefined && !sendBoth(live, reference, { ...chosen, by: other }).ok) refused++;
        if (!sendBoth(live, reference, { type: "no_such_command", by: me }).ok) refused++;
      }
      if (step % 7 === 0) {
        const timeout = module.onTimeout(live.state, me);
        if (timeout) sendBoth(live, reference, { ...timeout, by: me } as CommandBase);
        if (module.toAct(live.state).length === 0) break;
        if (!module.toAct(live.state).includes(me)) continue;
      }
      const answer = sendBoth(live, reference, module.toAct(live.state).includes(me) ? (bots.get(me)!.choose(module.view(live.state, { kind: "player", id: me }), me) as CommandBase) : chosen);
      // The same command again right after: accepted or refused, alike.
      if (answer.ok && step % 5 === 0 && module.toAct(live.state).length > 0) sendBoth(live, reference, live.log().entries.at(-1)!.command);
    }
    expect(module.result(live.state)).not.toBeNull();
    expect(refused).toBeGreaterThan(0);
    expect(live.log()).toEqual(reference.log());
    expect(replay(module, live.log()).at(-1)).toEqual(live.state);
    // A finished game refuses everything, alike.
    sendBoth(live, reference, { type: "no_such_command", by: ids[0]! });
    live.stop();
    reference.stop();
  });

  it("a compiled actor persisted mid-game restores in XState in the same phase and state, and both play on identically", () => {
    const setup = setupOf(module, seats[0]!, 7);
    const { live, reference } = both(module, setup);
    const ids = (setup as { players: { id: PlayerId }[] }).players.map((p) => p.id);
    const bots = new Map(ids.map((id, i) => [id, module.bots.heuristic(i + 1)]));
    const play = (actor: Actor, also?: Actor) => {
      const me = module.toAct(actor.state)[0]!;
      const command = bots.get(me)!.choose(module.view(actor.state, { kind: "player", id: me }), me) as CommandBase;
      const a = actor.send(command);
      expect(a.ok).toBe(true);
      if (also) expect(also.send(command)).toEqual(a);
    };
    for (let i = 0; i < 10 && module.toAct(live.state).length > 0; i++) play(live, reference);
    const persisted = JSON.parse(JSON.stringify(live.persist()));
    const restored: Actor = restoreGameActor(module, persisted);
    expect(restored.value).toBe(live.value);
    expect(restored.state).toEqual(live.state);
    expect(restored.log()).toEqual(live.log());
    for (let i = 0; i < 10 && module.toAct(live.state).length > 0; i++) play(live, restored);
    expect(restored.state).toEqual(live.state);
    expect(restored.log()).toEqual(live.log());
  });
});
