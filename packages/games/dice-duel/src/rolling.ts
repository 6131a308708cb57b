import type { RandomSource } from "@bang/game-core";
import { countFace, explodes, throwDice } from "@bang/game-dice";
import { needsDuelChoices, resolveDuelTurn } from "./resolve.js";
import type { DuelEvent, DuelState } from "./types.js";

/**
 * R8.2, R8.3: throws the given dice (all five on the first roll). Each `gatling` face thrown gives the
 * active player 1 ammo at once; three or more dynamite explode and end rolling, as does the last roll.
 */
export function performDuelThrow(s: DuelState, indexes: readonly number[], random: RandomSource, ev: DuelEvent[]): void {
  const thrown = throwDice(s.dice, indexes, s.rng, random);
  s.rng = thrown.rng;
  s.dice = thrown.dice;
  s.rolls++;
  const player = s.players[s.turn]!;
  ev.push({ type: "diceRolled", player: player.id, roll: s.rolls, indexes: thrown.indexes, faces: thrown.faces, dice: thrown.dice.slice() });
  const gatlings = countFace(thrown.faces, "gatling");
  if (gatlings > 0) {
    player.ammo += gatlings;
    ev.push({ type: "ammoGained", player: player.id, amount: gatlings, ammo: player.ammo });
  }
  if (explodes(thrown.dice)) {
    s.exploded = true;
    ev.push({ type: "dynamiteExploded", player: player.id });
  }
  if (s.exploded || s.rolls >= s.maxRolls) endDuelRolling(s, ev);
}

/**
 * Ends rolling (R2.6, R2.7 through R8.2, or `stop`): waits for the active player's `resolve` when the
 * dice leave a choice ({@link needsDuelChoices}), otherwise resolves at once with no choices.
 */
export function endDuelRolling(s: DuelState, ev: DuelEvent[]): void {
  ev.push({ type: "rollingEnded", player: s.players[s.turn]!.id, dice: s.dice.slice() });
  s.phase = "resolving";
  if (!needsDuelChoices(s)) {
    const error = resolveDuelTurn(s, { type: "resolve", by: s.players[s.turn]!.id }, ev);
    if (error) throw new Error(`a resolution with no choice was refused: ${error.message}`);
  }
}
