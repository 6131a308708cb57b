import { createPhaseMachine, type MachineOptions, type PhaseChart } from "@bang/game-core";
import { applyCommand, PHASE_COMMANDS } from "./commands.js";
import { phaseOf } from "./flow.js";
import { createGame, type GameSetup } from "./setup.js";
import type { Command, GameEvent, GameState, Phase } from "./types.js";

/**
 * The card game as a statechart (XState v5, through game-core's createPhaseMachine): `setup`, then one
 * state per phase the game rests in (`draw`, `play`, `discard`, `response`, `choice`, `generalStore`)
 * taking that phase's commands, until `gameOver` (tagged). `turnStart` is never a resting state: the
 * rules run its checks at once (E3.1). Guards and actions call the pure reducer; a command a phase
 * does not take is refused with the rules' code and changes nothing.
 */
export const cardsChart: PhaseChart<GameState, Command, GameEvent, Phase> = {
  id: "cards",
  phaseOf,
  commands: PHASE_COMMANDS,
  final: "gameOver",
  create: (setup) => createGame(setup as GameSetup),
  step: (state, command, random) => applyCommand(state, command, random),
};

/** The card game's machine, drawing from `options.random` (default: seeded), recorded in the log with `recordDraws`. */
export function createCardsMachine(options?: MachineOptions) {
  return createPhaseMachine(cardsChart, options);
}
