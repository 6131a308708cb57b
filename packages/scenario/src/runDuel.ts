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

const show = (v: unknown) => JSON.stringify(v);

/**
 * Plays a parsed duel scenario through the duel statechart with its forced dice, and lists every
 * expectation that does not hold. Throws ScenarioFileError when the rules refuse the setup.
 */
export function runDuelScenario(scenario: DuelScenario): { output: DuelScenarioOutput; differences: string[] } {
  const dice = forcedSource();
  const created = createGameActor(scenario.setup, createDuelMachine(dice));
  if (!created.ok) throw new ScenarioFileError(`setup: ${created.error.message}`);
  const actor = created.actor;
  const events: DuelEvent[] = [];
  let rejected: DuelScenarioOutput["rejected"] = null;
  let before = actor.state;
  for (const [i, step] of scenario.steps.entries()) {
    if ("dice" in step) dice.push(step.dice);
    before = actor.state;
    const result = actor.send(toDuelCommand(step));
    if (!result.ok) {
      rejected = { step: i, code: result.error.code, message: result.error.message };
      break;
    }
    events.push(...result.events);
  }
  const output = outputOf(actor.state, rejected, events);
  actor.stop();

  const differences: string[] = [];
  const expect = scenario.expect;
  const check = (field: string, want: unknown, got: unknown) => {
    if (want !== undefined && show(want) !== show(got)) differences.push(`${field}: expected ${show(want)}, got ${show(got)}`);
  };
  for (const [pid, want] of Object.entries(expect.players ?? {})) {
    const got = output.players.find((p) => p.id === pid);
    if (!got) {
      differences.push(`players.${pid}: no such player`);
      continue;
    }
    for (const key of ["cards", "ammo", "destroyed"] as const) check(`players.${pid}.${key}`, want[key], got[key]);
  }
  check("turn", expect.turn, output.turn);
  check("phase", expect.phase, output.phase);
  if (expect.winner !== undefined) check("winner", expect.winner, output.winner);
  if (expect.lastDuel !== undefined) check("lastDuel", expect.lastDuel, output.lastDuel);
  if (expect.rejected) {
    if (!rejected) differences.push(`rejected: expected step ${expect.rejected.step} to be refused with ${expect.rejected.code}, but every step was accepted`);
    else {
      check("rejected.step", expect.rejected.step, rejected.step);
      check("rejected.code", expect.rejected.code, rejected.code);
      if (show(before) !== show(actor.state)) differences.push("rejected: the refused step changed the state");
    }
  } else if (rejected) {
    differences.push(`steps[${rejected.step}]: refused with ${rejected.code}: ${rejected.message}`);
  }
  return { output, differences };
}
