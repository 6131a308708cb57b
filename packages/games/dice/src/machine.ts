import { createPhaseMachine, type MachineOptions, type PhaseChart } from "@bang/game-core";
import { draftOf, runCommand } from "./apply.js";
import { runIndianAttack } from "./flow.js";
import { createGame, type GameSetup } from "./setup.js";
import type { Command, GameEvent, GameState, Phase } from "./types.js";

/**
 * The dice game as a statechart (XState v5, through game-core's createPhaseMachine): setup, then
 * `rolling`, `resolving`, `reaction` (Bart Cassidy, C1) and the transient `indianAttack` (R2.5, R4),
 * until `gameOver`. The rules' flow stops before each Indian attack, which the chart's `indianAttack`
 * state then resolves. Commands a phase does not take are refused with the rules' code (WRONG_PHASE,
 * NOT_YOUR_TURN, ...) and change nothing.
 */
export const diceChart: PhaseChart<GameState, Command, GameEvent, Phase> = {
  id: "dice",
  phaseOf: (state) => state.phase,
  commands: {
    rolling: ["heal", "roll", "reroll", "stop"],
    resolving: ["resolve"],
    reaction: ["react"],
  },
  transient: {
    indianAttack: (state, events) => {
      const draft = draftOf(state);
      runIndianAttack(draft, events);
      return { state: draft, events };
    },
  },
  final: "gameOver",
  create: (setup) => createGame(setup as GameSetup),
  step: (state, command, random) => runCommand(state, command, random, true),
};

/** The dice game's machine, with dice from `options.random` (default: seeded), recorded in the log with `recordDraws`. */
export function createDiceMachine(options?: MachineOptions) {
  return createPhaseMachine(diceChart, options);
}
