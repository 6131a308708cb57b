import {
  createGameActor,
  createGameMachine,
  forcedSource,
  type Command,
  type GameEvent,
  type GameState,
  type Phase,
  type Role,
  type Character,
  type Winner,
} from "@bang/engine";
import { ScenarioFileError } from "./parse.js";
import type { Scenario, ScenarioStep } from "./schema.js";
import type { DuelScenario } from "./duelSchema.js";
import { runDuelScenario, type DuelScenarioOutput } from "./runDuel.js";

/** The state printed after a scenario (SCENARIOS.md "Output printed"). */
export interface ScenarioOutput {
  players: { id: string; role: Role; character: Character; life: number; maxLife: number; arrows: number; alive: boolean }[];
  arrowsInPile: number;
  turn: string;
  phase: Phase;
  winner: Winner | null;
  rejected: { step: number; code: string; message: string } | null;
  events: GameEvent[];
}

/** A scenario's outcome: what it printed and every expectation that did not hold (empty: it passed). */
export interface ScenarioResult {
  output: ScenarioOutput;
  differences: string[];
}

/** Turns a scenario step into the wire command it stands for (the `do` is the command's `type`). */
export function toCommand(step: ScenarioStep): Command {
  switch (step.do) {
    case "heal":
      return { type: "heal", by: step.by, target: step.target };
    case "roll":
      return { type: "roll", by: step.by };
    case "reroll":
      return { type: "reroll", by: step.by, indexes: step.indexes };
    case "stop":
      return { type: "stop", by: step.by };
    case "resolve":
      return { type: "resolve", by: step.by, shots: step.shots, beers: step.beers, slab: step.slab, arrowDiscards: step.arrowDiscards };
    case "react":
      return { type: "react", by: step.by, arrows: step.arrows };
  }
}

function outputOf(s: GameState, rejected: ScenarioOutput["rejected"], events: GameEvent[]): ScenarioOutput {
  return {
    players: s.players.map((p) => ({ id: p.id, role: p.role, character: p.character, life: p.life, maxLife: p.maxLife, arrows: p.arrows, alive: p.alive })),
    arrowsInPile: s.arrowsInPile,
    turn: s.players[s.turn]!.id,
    phase: s.phase,
    winner: s.winner,
    rejected,
    events,
  };
}

const show = (v: unknown) => JSON.stringify(v);

/**
 * Plays a parsed scenario through the game statechart of its mode (classic, or duel: runDuelScenario),
 * the forced dice coming through the same random source interface as seeded dice. Throws
 * ScenarioFileError when the setup is refused by the rules.
 */
export function runScenario(scenario: Scenario): ScenarioResult;
export function runScenario(scenario: DuelScenario): { output: DuelScenarioOutput; differences: string[] };
export function runScenario(scenario: Scenario | DuelScenario): { output: ScenarioOutput | DuelScenarioOutput; differences: string[] };
export function runScenario(scenario: Scenario | DuelScenario): { output: ScenarioOutput | DuelScenarioOutput; differences: string[] } {
  if (scenario.setup.mode === "duel") return runDuelScenario(scenario as DuelScenario);
  return runClassicScenario(scenario as Scenario);
}

function runClassicScenario(scenario: Scenario): ScenarioResult {
  const dice = forcedSource();
  const created = createGameActor(scenario.setup, createGameMachine(dice));
  if (!created.ok) throw new ScenarioFileError(`setup: ${created.error.message}`);
  const actor = created.actor;
  const events: GameEvent[] = [];
  let rejected: ScenarioOutput["rejected"] = null;
  let before = actor.state;
  for (const [i, step] of scenario.steps.entries()) {
    if ("dice" in step) dice.push(step.dice);
    before = actor.state;
    const result = actor.send(toCommand(step));
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
    for (const key of ["life", "maxLife", "arrows", "alive", "role"] as const) check(`players.${pid}.${key}`, want[key], got[key]);
  }
  check("arrowsInPile", expect.arrowsInPile, output.arrowsInPile);
  check("turn", expect.turn, output.turn);
  check("phase", expect.phase, output.phase);
  if (expect.winner !== undefined) check("winner", expect.winner, output.winner);
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
