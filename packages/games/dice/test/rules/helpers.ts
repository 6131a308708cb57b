/**
 * Helpers of the rule tests: build a table, play commands with forced dice, check refusals. Dice given
 * to `play` are the faces of each throw the command makes, in ascending die-index order (SCENARIOS.md).
 */
import { expect } from "vitest";
import {
  applyCommand,
  createGame,
  type Character,
  type Command,
  type DieTarget,
  type Face,
  type GameEvent,
  type GameSetup,
  type GameState,
  type PlayerState,
  type ResolveCommand,
  type Role,
  type RuleError,
  type SeatSetup,
} from "../../src/index.js";
import { forcedSource as forcedDraws, type ForcedSource } from "@bang/game-core";

/** A random source that plays back these throws (the faces of each, in order): one forced roll each. */
export function forcedSource(throws: readonly (readonly Face[])[] = []): ForcedSource {
  return forcedDraws(throws.map((faces) => ({ roll: [...faces] })));
}

/** A seat: id, role, character, and optional life / arrows / alive. */
export function seat(id: string, role: Role, character: Character, extra: Omit<SeatSetup, "id" | "role" | "character"> = {}): SeatSetup {
  return { id, role, character, ...extra };
}

/** The state of a new table; fails the test when the setup is refused. */
export function newGame(setup: GameSetup): GameState {
  const created = createGame(setup);
  if (!created.ok) throw new Error(`setup refused: ${created.error.code}: ${created.error.message}`);
  return created.state;
}

/**
 * The usual 4-player table: a sheriff, b outlaw, c renegade, d outlaw, with the given characters
 * (defaults chosen to have no ability that matters to a test) and per-seat extras.
 */
export function table4(
  characters: Partial<Record<"a" | "b" | "c" | "d", Character>> = {},
  extras: Partial<Record<"a" | "b" | "c" | "d", Omit<SeatSetup, "id" | "role" | "character">>> = {},
  rest: Omit<GameSetup, "players"> = {},
): GameState {
  return newGame({
    players: [
      seat("a", "sheriff", characters.a ?? "paul_regret", extras.a),
      seat("b", "outlaw", characters.b ?? "lucky_duke", extras.b),
      seat("c", "renegade", characters.c ?? "jesse_jones", extras.c),
      seat("d", "outlaw", characters.d ?? "black_jack", extras.d),
    ],
    ...rest,
  });
}

export interface Played {
  state: GameState;
  events: GameEvent[];
}

/** Applies an accepted command with forced dice; fails the test on a refusal or unused dice. */
export function play(state: GameState, command: Command, ...throws: Face[][]): Played {
  const dice = forcedSource(throws);
  const result = applyCommand(state, command, dice);
  if (!result.ok) throw new Error(`${command.type} by ${command.by} refused: ${result.error.code}: ${result.error.message}`);
  expect(dice.queued, "every forced throw is used").toBe(0);
  return { state: result.state, events: result.events };
}

/** One step of `playAll`: a command and the faces of each throw it makes. */
export type Step = readonly [Command, ...Face[][]];

/** Plays a list of [command, ...throws] in order; returns the last state and all events. */
export function playAll(state: GameState, steps: readonly Step[]): Played {
  let s = state;
  const events: GameEvent[] = [];
  for (const [command, ...throws] of steps) {
    const out = play(s, command, ...throws);
    s = out.state;
    events.push(...out.events);
  }
  return { state: s, events };
}

/** Expects `command` to be refused; checks that the state given is deep-equal to before. */
export function refuse(state: GameState, command: Command, ...throws: Face[][]): RuleError {
  const before = structuredClone(state);
  const result = applyCommand(state, command, forcedSource(throws));
  if (result.ok) throw new Error(`${command.type} by ${command.by} was accepted`);
  expect(state).toEqual(before);
  return result.error;
}

export const roll = (by: string): Command => ({ type: "roll", by });
export const reroll = (by: string, indexes: number[]): Command => ({ type: "reroll", by, indexes });
export const stop = (by: string): Command => ({ type: "stop", by });
export const heal = (by: string, target: string): Command => ({ type: "heal", by, target });
export const react = (by: string, arrows: number): Command => ({ type: "react", by, arrows });
export function resolve(
  by: string,
  choices: { shots?: DieTarget[]; beers?: DieTarget[]; slab?: ResolveCommand["slab"]; arrowDiscards?: string[] } = {},
): Command {
  return { type: "resolve", by, shots: choices.shots ?? [], beers: choices.beers ?? [], slab: choices.slab, arrowDiscards: choices.arrowDiscards };
}
/** `[die, target]` pairs as DieTargets. */
export const to = (...pairs: [number, string][]): DieTarget[] => pairs.map(([die, target]) => ({ die, target }));

/** The player with this id. */
export function player(s: GameState, id: string): PlayerState {
  const p = s.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}
export const life = (s: GameState, id: string): number => player(s, id).life;
export const arrows = (s: GameState, id: string): number => player(s, id).arrows;
export const activeId = (s: GameState): string => s.players[s.turn]!.id;
/** Arrows in the pile plus all arrows held (R1.5: always 9). */
export const totalArrows = (s: GameState): number => s.arrowsInPile + s.players.reduce((n, p) => n + p.arrows, 0);
/** Life of every player, by id. */
export const lives = (s: GameState): Record<string, number> => Object.fromEntries(s.players.map((p) => [p.id, p.life]));
