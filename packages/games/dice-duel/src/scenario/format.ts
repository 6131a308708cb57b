import { checkSeats, seatReferences, stepCommand, type ScenarioFormat } from "@bang/game-core";
import { cardsWhere, standing } from "../hideout.js";
import type { DuelSetup } from "../setup.js";
import type { DuelCommand, DuelState } from "../types.js";
import { duelScenarioSchema, type DuelScenario, type DuelScenarioStep } from "./schema.js";

/** The duel command a scenario step stands for (its `dice` are the throw's forced faces, not a field). */
export function toDuelCommand(step: DuelScenarioStep): DuelCommand {
  return stepCommand(step, ["dice"]) as DuelCommand;
}

/** The state printed after a duel scenario (this package's SCENARIOS.md "Output printed"), before the runner's `rejected` and `events`. */
export function duelScenarioOutput(s: DuelState) {
  return {
    players: s.players.map((p) => ({ id: p.id, hideout: p.hideout, cards: standing(p.hideout), ammo: p.ammo, destroyed: cardsWhere(p.hideout, false) })),
    turn: s.players[s.turn]!.id,
    phase: s.phase,
    winner: s.winner,
    lastDuel: s.lastDuel,
  };
}
type Output = ReturnType<typeof duelScenarioOutput>;

/**
 * The duel's scenario files (this package's SCENARIOS.md): a chosen position (hideouts, ammo, who
 * starts), steps in the duel's command vocabulary with the faces of each throw, and expectations on
 * cards, ammo, the turn, the phase, the winner and the last revealed duel.
 */
export const duelScenarios: ScenarioFormat<DuelSetup, DuelCommand, DuelState, DuelScenario, Output> = {
  file: duelScenarioSchema,
  setup(file) {
    const { game: _game, mode: _mode, ...setup } = file.setup;
    return setup;
  },
  step(step: DuelScenarioStep) {
    return { command: toDuelCommand(step), draws: "dice" in step ? [{ roll: step.dice }] : [] };
  },
  references(file) {
    const last = file.expect.lastDuel;
    return [
      ...seatReferences(file.expect),
      ...(last ? [{ field: "expect.lastDuel.starter", id: last.starter }, ...last.picks.map((p, i) => ({ field: `expect.lastDuel.picks[${i}].player`, id: p.player }))] : []),
    ];
  },
  output: duelScenarioOutput,
  check(file, output, found) {
    const expect = file.expect;
    checkSeats(found, expect.players, output.players, ["cards", "ammo", "destroyed"]);
    found.check("turn", expect.turn, output.turn);
    found.check("phase", expect.phase, output.phase);
    if (expect.winner !== undefined) found.check("winner", expect.winner, output.winner);
    if (expect.lastDuel !== undefined) found.check("lastDuel", expect.lastDuel, output.lastDuel);
  },
};
