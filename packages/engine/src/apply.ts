import { performCommand, validateCommand } from "./commands.js";
import { settle } from "./flow.js";
import { seededSource, type RandomSource } from "./random.js";
import type { ApplyResult, Command, GameEvent, GameState } from "./types.js";

/** A deep copy of the parts of a state that steps mutate; the rest is shared and never mutated. */
export function draftOf(s: GameState): GameState {
  return {
    ...s,
    players: s.players.map((p) => ({ ...p })),
    dice: s.dice.slice(),
    pending: s.pending.slice(),
    reaction: s.reaction && { ...s.reaction },
  };
}

/**
 * The reducer: applies one command to a state and runs the game on until it waits for a player or is
 * over. Pure: `state` is not modified. A refused command returns its RuleError and no state.
 * Dice come from `random` (default: the game's seeded generator).
 */
export function applyCommand(state: GameState, command: Command, random: RandomSource = seededSource): ApplyResult {
  const error = validateCommand(state, command);
  if (error) return { ok: false, error };
  const draft = draftOf(state);
  const events: GameEvent[] = [];
  performCommand(draft, command, random, events);
  settle(draft, events);
  draft.stateId++;
  return { ok: true, state: draft, events };
}
