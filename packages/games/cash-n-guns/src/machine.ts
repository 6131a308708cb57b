import { createPhaseMachine, type MachineOptions, type PhaseChart } from "@bang/game-core";
import { draftOf, runCommand } from "./apply.js";
import { runCardEffects, startRound } from "./flow.js";
import { createCashNGuns, type CngSetup } from "./setup.js";
import type { CngCommand, CngEvent, CngState, Phase } from "./types.js";

/**
 * Ca$h 'n Guns as a statechart (XState v5, through game-core's createPhaseMachine), one state per step
 * of F3.1: `bullet_choice`, `hold_up`, `godfather_privilege`, `retarget` and `courage` wait for
 * commands; `card_effects` (step 6, F4) and `loot` (step 1, F3.2) are passed through by themselves
 * (F9.1); `sharing` waits for shares; `game_over` is final. The rules stop before each automatic step,
 * which the chart's own state then runs. Commands a step does not take are refused with the rules'
 * code (F9.2) and change nothing.
 */
export const cngChart: PhaseChart<CngState, CngCommand, CngEvent, Phase> = {
  id: "cash_n_guns",
  phaseOf: (state) => state.phase,
  commands: {
    bullet_choice: ["choose_bullet"],
    hold_up: ["aim", "close_hold_up"],
    godfather_privilege: ["order_change", "pass"],
    retarget: ["retarget"],
    courage: ["courage"],
    sharing: ["take"],
  },
  transient: {
    card_effects: (state, events) => {
      const draft = draftOf(state);
      runCardEffects(draft, events, true);
      return { state: draft, events };
    },
    loot: (state, events) => {
      const draft = draftOf(state);
      startRound(draft, events);
      return { state: draft, events };
    },
  },
  final: "game_over",
  create: (setup) => createCashNGuns(setup as CngSetup),
  step: (state, command) => runCommand(state, command, true),
};

/** The game's machine (`options` as every game's; Ca$h 'n Guns draws nothing after the deal). */
export function createCngMachine(options?: MachineOptions) {
  return createPhaseMachine(cngChart, options);
}
