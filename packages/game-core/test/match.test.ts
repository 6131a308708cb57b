/**
 * playMatch (match.ts) over the race module of game-core's tests: complete bot games, through the
 * reducer or the statechart, whose logs replay; a refused bot command or setup is a bug that throws.
 */
import { describe, expect, it } from "vitest";
import { playMatch, replay, type Bot, type BotKind } from "../src/index.js";
import { race, type RaceCommand, type RaceSetup, type RaceView } from "./support/race.js";

const setupFor = (seed: number): RaceSetup => ({ players: Array.from({ length: 2 + (seed % 3) }, (_, i) => ({ id: `p${i}` })), seed });
const botsFor = (kind: BotKind, seed: number) => (id: string) => race.bots[kind](seed * 8 + Number(id.slice(1)));

describe("playMatch", () => {
  for (const kind of ["random", "heuristic"] as const) {
    it(`every game of ${kind} bots ends: a result, nobody to act, the log names the game and replays`, () => {
      for (let seed = 0; seed < 40; seed++) {
        const setup = setupFor(seed);
        const { state, log, commands } = playMatch(race, setup, botsFor(kind, seed));
        expect(race.result(state)).not.toBeNull();
        expect(race.toAct(state)).toEqual([]);
        expect(log.game).toBe("race");
        expect(log.setup).toBe(setup);
        expect(commands).toBe(log.entries.length);
        expect(replay(race, log).at(-1)).toEqual(state);
      }
    });
  }

  it("through the actor and through the reducer, the same seeds give the same game", () => {
    for (let seed = 0; seed < 20; seed++) {
      const engine = playMatch(race, setupFor(seed), botsFor("random", seed), { through: "engine" });
      const actor = playMatch(race, setupFor(seed), botsFor("random", seed), { through: "actor" });
      expect(actor).toEqual(engine);
    }
  });

  it("asks botFor once per seat; gives each bot its own view; onStep sees every accepted command in order", () => {
    const asked: string[] = [];
    const seen: RaceCommand[] = [];
    let last = 0;
    const { log, state } = playMatch(
      race,
      setupFor(2),
      (id) => {
        asked.push(id);
        const inner = race.bots.random(Number(id.slice(1)));
        return {
          kind: inner.kind,
          choose(view, me) {
            expect(view.viewer).toEqual({ kind: "player", id: me });
            expect(view.waitingFor).toEqual([me]);
            return inner.choose(view, me);
          },
        };
      },
      {
        onStep: (s, command) => {
          expect(s.stateId).toBe(last + 1);
          last = s.stateId;
          seen.push(command);
        },
      },
    );
    expect(asked).toEqual(["p0", "p1", "p2", "p3"]);
    expect(seen).toEqual(log.entries.map((e) => e.command));
    expect(last).toBe(state.stateId);
  });

  it("throws past maxCommands", () => {
    expect(() => playMatch(race, setupFor(1), botsFor("random", 1), { maxCommands: 2 })).toThrow(/passed 2 commands without ending/);
  });

  it("a refused command is a bot bug: the error names the bot, the command and the code, through the reducer or the actor", () => {
    const broken: Bot<RaceView, RaceCommand> = { kind: "random", choose: (_view, me) => ({ type: "pass", by: me }) };
    for (const through of ["engine", "actor"] as const) {
      expect(() => playMatch(race, setupFor(0), () => broken, { through })).toThrow(/random bot of "p\d" played a refused command \{"type":"pass","by":"p\d"\}: MUST_ROLL/);
    }
  });

  it("a refused setup throws with INVALID_SETUP", () => {
    expect(() => playMatch(race, { players: [{ id: "a" }] }, botsFor("random", 0))).toThrow(/the setup is refused: INVALID_SETUP/);
    expect(() => playMatch(race, { players: [{ id: "a" }] }, botsFor("random", 0), { through: "actor" })).toThrow(/INVALID_SETUP/);
  });

  it("the same seeds play the same game; other bot seeds another", () => {
    const a = playMatch(race, setupFor(3), botsFor("random", 3));
    expect(playMatch(race, setupFor(3), botsFor("random", 3)).log).toEqual(a.log);
    expect(playMatch(race, setupFor(3), botsFor("random", 4)).log.entries).not.toEqual(a.log.entries);
  });
});
