import { createPhaseMachine, type MachineOptions, type PhaseChart } from "@bang/game-core";
import { applyDuelCommand } from "./apply.js";
import { createDuel, type DuelSetup } from "./setup.js";
import type { DuelCommand, DuelEvent, DuelPhase, DuelState } from "./types.js";

/**
 * The duel as a statechart (XState v5, RULES.md part D, through game-core's createPhaseMachine): setup,
 * then `rolling` and `resolving`, then `duel`, the secret simultaneous choice (both `pick` or
 * `pickTimeout`, R8.9), and `duelEffect` while the starter's sheriff or outlaw card waits for the
 * starter's cards, until `gameOver`. Commands a phase does not take are refused with the rules' code.
 */
export const duelChart: PhaseChart<DuelState, DuelCommand, DuelEvent, DuelPhase> = {
  id: "dice_duel",
  phaseOf: (state) => state.phase,
  commands: {
    rolling: ["roll", "reroll", "stop"],
    resolving: ["resolve"],
    duel: ["pick", "pickTimeout"],
    duelEffect: ["effect"],
  },
  final: "gameOver",
  create: (setup) => createDuel(setup as DuelSetup),
  step: (state, command, random) => applyDuelCommand(state, command, random),
};

/** The duel's machine, with dice from `options.random` (default: seeded), recorded in the log with `recordDraws`. */
export function createDuelMachine(options?: MachineOptions) {
  return createPhaseMachine(duelChart, options);
}
