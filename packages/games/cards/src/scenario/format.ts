import { seatReferences, stepCommand, type Draw, type ScenarioFormat } from "@bang/game-core";
import { phaseOf, waitingFor } from "../flow.js";
import type { GameSetup } from "../setup.js";
import type { Command, GameState } from "../types.js";
import { DRAW_FIELDS, scenarioSchema, type Scenario, type ScenarioStep } from "./schema.js";

/** The command a scenario step stands for (its `randomCard`/`randomCards` force the random source, they are not fields). */
export function toCommand(step: ScenarioStep): Command {
  return stepCommand(step, DRAW_FIELDS) as Command;
}

/** The draws a step forces, in order: its `randomCard`, then each of its `randomCards` (SCENARIOS-cards.md). */
export function stepDraws(step: ScenarioStep): Draw[] {
  const draws: Draw[] = [];
  if (step.randomCard !== undefined) draws.push({ pick: step.randomCard });
  for (const card of step.randomCards ?? []) draws.push({ pick: card });
  return draws;
}

/** The state printed after a scenario (SCENARIOS-cards.md "Output printed"): every hand shows; a test view. */
export function scenarioOutput(s: GameState) {
  return {
    players: s.players.map((p, i) => ({
      id: p.id,
      role: p.role,
      character: p.character,
      life: p.alive ? p.life : 0,
      maxLife: p.maxLife,
      alive: p.alive,
      hand: [...p.hand],
      handSize: p.hand.length,
      inPlay: [...p.inPlay],
      bangsPlayed: i === s.turn ? s.bangsPlayed : 0,
    })),
    deck: [...s.deck],
    discard: [...s.discard],
    turn: s.players[s.turn]!.id,
    phase: phaseOf(s),
    waitingFor: waitingFor(s),
    winner: s.winner,
  };
}
type Output = ReturnType<typeof scenarioOutput>;

const multiset = (cards: readonly string[] | undefined) => (cards === undefined ? undefined : [...cards].sort());

/**
 * The card game's scenario files (SCENARIOS-cards.md): a chosen position (`setup.game: "cards"`), steps
 * in the command vocabulary with the random hand cards they force, and expectations on players (hands
 * and play areas as multisets), piles, turn, phase, who the game waits for and the winner (as a set).
 */
export const cardsScenarios: ScenarioFormat<GameSetup, Command, GameState, Scenario, Output> = {
  file: scenarioSchema,
  setup(file) {
    const { game: _game, ...setup } = file.setup;
    return setup;
  },
  step: (step) => ({ command: toCommand(step), draws: stepDraws(step) }),
  references: (file) => [
    ...seatReferences(file.expect),
    ...(typeof file.expect.waitingFor === "string" ? [{ field: "expect.waitingFor", id: file.expect.waitingFor }] : []),
  ],
  output: scenarioOutput,
  check(file, output, found) {
    const expect = file.expect;
    for (const [pid, want] of Object.entries(expect.players ?? {})) {
      const got = output.players.find((p) => p.id === pid);
      if (!got) {
        found.add(`players.${pid}: no such player`);
        continue;
      }
      for (const key of ["life", "maxLife", "alive", "role", "handSize", "bangsPlayed"] as const) found.check(`players.${pid}.${key}`, want[key], got[key]);
      found.check(`players.${pid}.hand`, multiset(want.hand), multiset(got.hand));
      found.check(`players.${pid}.inPlay`, multiset(want.inPlay), multiset(got.inPlay));
    }
    if (expect.deckTop !== undefined) found.check("deckTop", expect.deckTop, output.deck.slice(0, expect.deckTop.length));
    found.check("deckSize", expect.deckSize, output.deck.length);
    found.check("discardTop", expect.discardTop, output.discard.at(-1) ?? null);
    found.check("discardSize", expect.discardSize, output.discard.length);
    found.check("turn", expect.turn, output.turn);
    found.check("phase", expect.phase, output.phase);
    found.check("waitingFor", expect.waitingFor, output.waitingFor);
    if (expect.winner !== undefined) {
      const norm = (w: { team: string; players: string[] } | null) => (w === null ? null : { team: w.team, players: [...w.players].sort() });
      found.check("winner", norm(expect.winner), norm(output.winner));
    }
  },
};
