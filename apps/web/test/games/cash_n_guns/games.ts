/**
 * Whole seeded games of Ca$h 'n Guns played by the module's bots (heuristic and random-legal, 4 to 8
 * players), as the states they pass through: what the table's tests read views from.
 */
import { applyCommand, cngView, createCashNGuns, createHeuristicBot, createRandomBot, playersToAct, type CngCommand, type CngEvent, type CngState } from "@bang/game-cash-n-guns";

/** One step of a played game: the state before, the command, and the state and events after. */
export interface PlayedStep {
  before: CngState;
  command: CngCommand;
  after: CngState;
  events: CngEvent[];
}

/** The ids of an `n`-player table. */
export const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/**
 * A whole game of `players` seats from `seed`, each seat played by a heuristic bot (odd seeds: random
 * bots), the hold-up closed by its timer now and then (`close_hold_up`, F3.5). Returns the steps.
 */
export function playGame(seed: number, players: number): PlayedStep[] {
  const created = createCashNGuns({ players: ids(players).map((id) => ({ id })), seed });
  if (!created.ok) throw new Error(created.error.message);
  const make = seed % 2 === 0 ? createHeuristicBot : createRandomBot;
  const bots = new Map(ids(players).map((id, i) => [id, make(seed * 31 + i)]));
  let state = created.state;
  const steps: PlayedStep[] = [];
  for (let i = 0; i < 2_000 && state.phase !== "game_over"; i++) {
    const who = playersToAct(state);
    // Now and then the hold-up's timer runs out for the last ones to aim (F3.5).
    const command: CngCommand = state.phase === "hold_up" && who.length === 1 && (seed + i) % 7 === 0 ? { type: "close_hold_up", by: who[0]! } : bots.get(who[0]!)!.choose(cngView(state, { kind: "player", id: who[0]! }), who[0]!);
    const r = applyCommand(state, command);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    steps.push({ before: state, command, after: r.state, events: r.events });
    state = r.state;
  }
  if (state.phase !== "game_over") throw new Error(`game ${seed} did not end`);
  return steps;
}
