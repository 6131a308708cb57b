import { describe, expect, it } from "vitest";
import { playMatch, replay, type Bot, type BotKind } from "@bang/game-core";
import { dice, type Command, type GameSetup, type PlayerView } from "../../src/index.js";

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
/** Seed s plays a table of 3 to 8 players, cycling through the sizes. */
const setupFor = (seed: number): GameSetup => ({ players: seats(3 + (seed % 6)), seed });
const botsFor = (kind: BotKind, seed: number) => (id: string) => dice.bots[kind](seed * 16 + Number(id.slice(1)));

describe("playMatch: complete seeded games (R6, R7)", () => {
  for (const kind of ["random", "heuristic"] as const) {
    it(`R6.1 R7.3 every game of 3 to 8 ${kind} bots ends with a winner, no command refused`, () => {
      const sizes = new Set<number>();
      for (let seed = 0; seed < 300; seed++) {
        const setup = setupFor(seed);
        const { state, log, commands } = playMatch(dice, setup, botsFor(kind, seed));
        sizes.add(setup.players.length);
        expect(state.phase).toBe("gameOver");
        expect(state.winner).not.toBeNull();
        expect(state.winner!.players.length).toBeGreaterThan(0);
        expect(commands).toBe(log.entries.length);
        expect(log.setup).toBe(setup);
      }
      expect([...sizes].sort()).toEqual([3, 4, 5, 6, 7, 8]);
    });
  }

  it("tables mixing both kinds end too", () => {
    for (let seed = 0; seed < 120; seed++) {
      const result = playMatch(dice, setupFor(seed), (id) => dice.bots[Number(id.slice(1)) % 2 ? "heuristic" : "random"](seed + Number(id.slice(1))));
      expect(result.state.winner).not.toBeNull();
    }
  });

  it("through the actor and through the engine, the same seeds give the same final state and log", () => {
    for (let seed = 0; seed < 60; seed++) {
      const kind: BotKind = seed % 2 ? "heuristic" : "random";
      const engine = playMatch(dice, setupFor(seed), botsFor(kind, seed), { through: "engine" });
      const actor = playMatch(dice, setupFor(seed), botsFor(kind, seed), { through: "actor" });
      expect(actor.state).toEqual(engine.state);
      expect(actor.log).toEqual(engine.log);
      expect(actor.commands).toBe(engine.commands);
    }
  });

  it("the log replays to the final state (DESIGN invariant 1)", () => {
    for (let seed = 0; seed < 30; seed++) {
      const { state, log } = playMatch(dice, setupFor(seed), botsFor("heuristic", seed));
      expect(log.game).toBe("dice");
      expect(replay(dice, log).at(-1)).toEqual(state);
    }
  });

  it("onStep sees every accepted command and the state it led to, in order", () => {
    const seen: Command[] = [];
    let last = 0; // createGame's stateId
    const { state, log } = playMatch(dice, setupFor(5), botsFor("random", 5), {
      onStep: (s, command) => {
        expect(s.stateId).toBe(last + 1);
        last = s.stateId;
        seen.push(command);
      },
    });
    expect(seen).toEqual(log.entries.map((e) => e.command));
    expect(last).toBe(state.stateId);
  });

  it("asks botFor once per seat, whatever the game length", () => {
    const asked: string[] = [];
    playMatch(dice, setupFor(4), (id) => {
      asked.push(id);
      return dice.bots.random(Number(id.slice(1)));
    });
    expect(asked).toEqual(["p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
  });

  it("throws past maxCommands", () => {
    expect(() => playMatch(dice, setupFor(1), botsFor("random", 1), { maxCommands: 3 })).toThrow(/passed 3 commands/);
  });

  it("a refused command is a bot bug: the error names the command and the code", () => {
    const broken: Bot<PlayerView, Command> = { kind: "random", choose: (_view, me) => ({ type: "stop", by: me }) };
    expect(() => playMatch(dice, setupFor(2), () => broken)).toThrow(/"type":"stop".*WRONG_PHASE/);
    expect(() => playMatch(dice, setupFor(2), () => broken, { through: "actor" })).toThrow(/"type":"stop".*WRONG_PHASE/);
  });

  it("R1.1 a refused setup throws with INVALID_SETUP", () => {
    expect(() => playMatch(dice, { players: seats(2) }, botsFor("random", 0))).toThrow(/INVALID_SETUP/);
    expect(() => playMatch(dice, { players: seats(9) }, botsFor("random", 0), { through: "actor" })).toThrow(/INVALID_SETUP/);
  });

  it("the same seeds replay the same game; other bot seeds play another", () => {
    const a = playMatch(dice, setupFor(3), botsFor("random", 3));
    const b = playMatch(dice, setupFor(3), botsFor("random", 3));
    const c = playMatch(dice, setupFor(3), botsFor("random", 4));
    expect(b.log).toEqual(a.log);
    expect(c.log.entries).not.toEqual(a.log.entries);
  });
});
