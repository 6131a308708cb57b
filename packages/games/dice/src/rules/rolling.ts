import { ruleError } from "./errors.js";
import type { RandomSource } from "@bang/game-core";
import type { Command, GameEvent, GameState, RuleError } from "../types.js";
import { canReroll, countFace, explodes, needsChoices } from "./dice.js";
import { checkReroll, throwDice } from "./throw.js";
import { gainLife } from "./life.js";

type Of<T extends Command["type"]> = Extract<Command, { type: T }>;

/** C12: Sid Ketchum's heal is legal before his first roll, on any living player. */
export function validateHeal(s: GameState, c: Of<"heal">): RuleError | null {
  if (!s.healPending) return ruleError("WRONG_PHASE", "heal: only Sid Ketchum heals, once, before his first roll (C12)");
  const target = s.players.find((p) => p.id === c.target);
  if (!target || !target.alive) return ruleError("INVALID_TARGET", `heal.target: "${c.target}" is not a living player`);
  return null;
}

export function performHeal(s: GameState, c: Of<"heal">, ev: GameEvent[]): void {
  s.healPending = false;
  gainLife(s.players.find((p) => p.id === c.target)!, 1, "sid_ketchum", ev);
}

/** R2.1, C12: the first roll of the turn, once, after Sid Ketchum's heal. */
export function validateRoll(s: GameState): RuleError | null {
  if (s.rolls > 0) return ruleError("WRONG_PHASE", "roll: the dice were already thrown this turn; use reroll or stop");
  if (s.healPending) return ruleError("HEAL_REQUIRED", "roll: Sid Ketchum must heal a player before his first roll (C12)");
  return null;
}

/** R2.1 to R2.3, C2, C8: a reroll of distinct dice 0..4, none showing dynamite unless Black Jack. */
export function validateReroll(s: GameState, c: Of<"reroll">): RuleError | null {
  const character = s.players[s.turn]!.character;
  return checkReroll(s.dice, s.rolls, c.indexes, (face) => canReroll(face, character));
}

/** R2.1, R2.4, R2.6: throws the given dice (all five on the first roll), queues arrows and the check. */
export function performThrow(s: GameState, indexes: readonly number[], random: RandomSource, ev: GameEvent[]): void {
  const thrown = throwDice(s.dice, indexes, s.rng, random);
  s.rng = thrown.rng;
  s.dice = thrown.dice;
  s.rolls++;
  const arrows = countFace(thrown.faces, "arrow");
  const player = s.players[s.turn]!;
  ev.push({ type: "diceRolled", player: player.id, roll: s.rolls, indexes: thrown.indexes, faces: thrown.faces, dice: thrown.dice.slice() });
  if (explodes(thrown.dice)) {
    s.exploded = true;
    ev.push({ type: "dynamiteExploded", player: player.id });
  }
  if (arrows > 0) s.pending.push({ kind: "takeArrows", count: arrows });
  s.pending.push({ kind: "afterRoll" });
}

/** The order of resolution (R3.1 to R3.10), then the end of the turn. */
const RESOLUTION_STEPS: GameState["pending"] = [
  { kind: "dynamite" },
  { kind: "shots" },
  { kind: "beers" },
  { kind: "gatling" },
  { kind: "endTurn" },
];

/** Queues the resolution steps for the stored choices. */
export function queueResolution(s: GameState): void {
  s.phase = "resolving";
  s.pending.push(...RESOLUTION_STEPS);
}

/**
 * Ends rolling (R2.6, R2.7, `stop`): waits for the active player's `resolve` when a die needs a choice,
 * otherwise resolves at once with no choices (SCENARIOS.md).
 */
export function endRolling(s: GameState, ev: GameEvent[]): void {
  const player = s.players[s.turn]!;
  ev.push({ type: "rollingEnded", player: player.id, dice: s.dice.slice() });
  s.phase = "resolving";
  if (needsChoices(s.dice, player.character)) return;
  s.choices = { type: "resolve", by: player.id, shots: [], beers: [] };
  queueResolution(s);
}

/** The step after a roll's arrows: rolling ends on an explosion or the last allowed roll (R2.6, R2.7). */
export function afterRoll(s: GameState, ev: GameEvent[]): void {
  if (s.exploded || s.rolls >= s.maxRolls) endRolling(s, ev);
  else s.phase = "rolling";
}
