import { checkSeats, seatReferences, stepCommand, type ScenarioFormat } from "@bang/game-core";
import type { GameSetup } from "../setup.js";
import type { Command, GameState } from "../types.js";
import { scenarioSchema, type Scenario, type ScenarioStep } from "./schema.js";

/** The command a scenario step stands for (its `dice` are the throw's forced faces, not a field). */
export function toCommand(step: ScenarioStep): Command {
  return stepCommand(step, ["dice"]) as Command;
}

/** The state printed after a scenario (SCENARIOS.md "Output printed"), before the runner's `rejected` and `events`. */
export function scenarioOutput(s: GameState) {
  return {
    players: s.players.map((p) => ({ id: p.id, role: p.role, character: p.character, life: p.life, maxLife: p.maxLife, arrows: p.arrows, alive: p.alive })),
    arrowsInPile: s.arrowsInPile,
    turn: s.players[s.turn]!.id,
    phase: s.phase,
    winner: s.winner,
  };
}
type Output = ReturnType<typeof scenarioOutput>;

/**
 * The dice game's scenario files (../shared/SCENARIOS.md): a chosen position (`setup` with `game:
 * "dice"`, or the older `mode: "classic"`), steps in the command vocabulary with the faces of each throw
 * (`dice`), and expectations on players, the arrow pile, the turn, the phase and the winner.
 */
export const diceScenarios: ScenarioFormat<GameSetup, Command, GameState, Scenario, Output> = {
  file: scenarioSchema,
  setup(file) {
    const { game: _game, mode: _mode, ...setup } = file.setup;
    return setup;
  },
  step(step) {
    return { command: toCommand(step), draws: "dice" in step ? [{ roll: step.dice }] : [] };
  },
  references: (file) => seatReferences(file.expect),
  output: scenarioOutput,
  check(file, output, found) {
    const expect = file.expect;
    checkSeats(found, expect.players, output.players, ["life", "maxLife", "arrows", "alive", "role"]);
    found.check("arrowsInPile", expect.arrowsInPile, output.arrowsInPile);
    found.check("turn", expect.turn, output.turn);
    found.check("phase", expect.phase, output.phase);
    if (expect.winner !== undefined) found.check("winner", expect.winner, output.winner);
  },
};
