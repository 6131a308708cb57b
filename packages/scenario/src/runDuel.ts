import {
  cardsWhere,
  createDuelMachine,
  createGameActor,
  forcedSource,
  standing,
  type CardRef,
  type DuelCommand,
  type DuelEvent,
  type DuelPhase,
  type DuelReveal,
  type DuelState,
  type Hideout,
  type Winner,
} from "@bang/engine";
import type { DuelScenario, DuelScenarioStep } from "./duelSchema.js";
import { ScenarioFileError } from "./parse.js";
import { Differences, playSteps } from "./play.js";

/** The state printed after a duel scenario (packages/scenario/DUEL.md "Output printed"). */
export interface DuelScenarioOutput {
  mode: "duel";
  players: { id: string; hideout: Hideout; cards: number; ammo: number; destroyed: CardRef[] }[];
  turn: string;
  phase: DuelPhase;
  winner: Winner | null;
  lastDuel: DuelReveal | null;
  rejected: { step: number; code: string; message: string } | null;
  events: DuelEvent[];
}

/** Turns a duel scenario step into the duel command it stands for (the `do` is the command's `type`). */
export function toDuelCommand(step: DuelScenarioStep): DuelCommand {
  switch (step.do) {
    case "roll":
      return { type: "roll", by: step.by };
    case "reroll":
      return { type: "reroll", by: step.by, indexes: step.indexes };
    case "stop":
      return { type: "stop", by: step.by };
    case "resolve":
      return { type: "resolve", by: step.by, changes: step.changes, dynamite: step.dynamite, shots: step.shots, repairs: step.repairs };
    case "pick":
      return { type: "pick", by: step.by, card: step.card };
    case "pickTimeout":
      return { type: "pickTimeout", by: step.by };
    case "effect":
      return { type: "effect", by: step.by, cards: step.cards };
  }
}

function outputOf(s: DuelState, rejected: DuelScenarioOutput["rejected"], events: DuelEvent[]): DuelScenarioOutput {
  return {
    mode: "duel",
    players: s.players.map((p) => ({ id: p.id, hideout: p.hideout, cards: standing(p.hideout), ammo: p.ammo, destroyed: cardsWhere(p.hideout, false) })),
    turn: s.players[s.turn]!.id,
    phase: s.phase,
    winner: s.winner,
    lastDuel: s.lastDuel,
    rejected,
    events,
  };
}


/**
 * Plays a parsed duel scenario through the duel statechart with its forced dice, and lists every
 * expectation that does not hold. Throws ScenarioFileError when the rules refuse the setup.
 */
export function runDuelScenario(scenario: DuelScenario): { output: DuelScenarioOutput; differences: string[] } {
  const dice = forcedSource();
  const created = createGameActor(scenario.setup, createDuelMachine(dice));
  if (!created.ok) throw new ScenarioFileError(`setup: ${created.error.message}`);
  const played = playSteps(created.actor, dice, scenario.steps, toDuelCommand);
  const output = outputOf(played.after, played.rejected, played.events);

  const found = new Differences();
  const expect = scenario.expect;
  for (const [pid, want] of Object.entries(expect.players ?? {})) {
    const got = output.players.find((p) => p.id === pid);
    if (!got) {
      found.add(`players.${pid}: no such player`);
      continue;
    }
    for (const key of ["cards", "ammo", "destroyed"] as const) found.check(`players.${pid}.${key}`, want[key], got[key]);
  }
  found.check("turn", expect.turn, output.turn);
  found.check("phase", expect.phase, output.phase);
  if (expect.winner !== undefined) found.check("winner", expect.winner, output.winner);
  if (expect.lastDuel !== undefined) found.check("lastDuel", expect.lastDuel, output.lastDuel);
  found.checkRejection(expect.rejected, played);
  return { output, differences: found.list };
}
