import { performCommand, validateCommand } from "./commands.js";
import { settle } from "./flow.js";
import { seededSource, type RandomSource } from "@bang/game-core";
import type { ApplyResult, Command, GameEvent, GameState, PlayerState } from "./types.js";

/**
 * A copy of a state whose mutable parts (players, dice, queue, reaction) are fresh; the rest is shared
 * and never mutated. Written out field by field: this runs once per command, on the hot path.
 */
export function draftOf(s: GameState): GameState {
  const players: PlayerState[] = new Array(s.players.length);
  for (let i = 0; i < players.length; i++) {
    const p = s.players[i]!;
    players[i] = { id: p.id, role: p.role, character: p.character, life: p.life, maxLife: p.maxLife, arrows: p.arrows, alive: p.alive };
  }
  return {
    stateId: s.stateId,
    players,
    arrowsInPile: s.arrowsInPile,
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    dice: s.dice.slice(),
    rolls: s.rolls,
    maxRolls: s.maxRolls,
    exploded: s.exploded,
    healPending: s.healPending,
    choices: s.choices,
    pending: s.pending.slice(),
    reaction: s.reaction && { player: s.reaction.player, max: s.reaction.max, step: s.reaction.step, answer: s.reaction.answer },
    winner: s.winner,
    rng: s.rng,
  };
}

/**
 * The reducer: applies one command to a state and runs the game on until it waits for a player or is
 * over. Pure: `state` is not modified. A refused command returns its RuleError and no state.
 * Dice come from `random` (default: the game's seeded generator).
 */
export function applyCommand(state: GameState, command: Command, random: RandomSource = seededSource): ApplyResult {
  return runCommand(state, command, random, false);
}

/**
 * applyCommand with a choice: with `pauseAtIndianAttack`, the flow stops before each Indian attack in
 * phase `indianAttack` (the statechart then resolves it in its own state). Internal to the module.
 */
export function runCommand(state: GameState, command: Command, random: RandomSource, pauseAtIndianAttack: boolean): ApplyResult {
  const error = validateCommand(state, command);
  if (error) return { ok: false, error };
  const draft = draftOf(state);
  const events: GameEvent[] = [];
  performCommand(draft, command, random, events);
  settle(draft, events, pauseAtIndianAttack);
  draft.stateId++;
  return { ok: true, state: draft, events };
}
