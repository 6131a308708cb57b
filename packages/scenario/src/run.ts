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
import { Differences, playSteps } from "./play.js";
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
  const played = playSteps(created.actor, dice, scenario.steps, toCommand);
  const output = outputOf(played.after, played.rejected, played.events);

  const found = new Differences();
  const expect = scenario.expect;
  for (const [pid, want] of Object.entries(expect.players ?? {})) {
    const got = output.players.find((p) => p.id === pid);
    if (!got) {
      found.add(`players.${pid}: no such player`);
      continue;
    }
    for (const key of ["life", "maxLife", "arrows", "alive", "role"] as const) found.check(`players.${pid}.${key}`, want[key], got[key]);
  }
  found.check("arrowsInPile", expect.arrowsInPile, output.arrowsInPile);
  found.check("turn", expect.turn, output.turn);
  found.check("phase", expect.phase, output.phase);
  if (expect.winner !== undefined) found.check("winner", expect.winner, output.winner);
  found.checkRejection(expect.rejected, played);
  return { output, differences: found.list };
}
