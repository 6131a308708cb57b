import type { GameEvent, GameState } from "../types.js";
import { countFace, maxRollsFor } from "./dice.js";
import { gainLife } from "./life.js";

/** Starts `seat`'s turn (R1.6): fresh dice, Sid Ketchum's heal first (C12), Lucky Duke's 4 rolls (C8). */
export function startTurn(s: GameState, seat: number, ev: GameEvent[]): void {
  const player = s.players[seat]!;
  s.turn = seat;
  s.turnNumber++;
  s.phase = "rolling";
  s.dice = [];
  s.rolls = 0;
  s.maxRolls = maxRollsFor(player.character);
  s.exploded = false;
  s.healPending = player.character === "sid_ketchum";
  s.choices = null;
  s.reaction = null;
  ev.push({ type: "turnStarted", player: player.id, turn: s.turnNumber });
}

/** R1.6: the next living seat clockwise after `seat`. */
export function nextLivingSeat(s: GameState, seat: number): number {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const i = (seat + k) % n;
    if (s.players[i]!.alive) return i;
  }
  return seat;
}

/**
 * Ends the active player's turn: Suzy Lafayette's bonus when her final dice show no `1` and no `2` and
 * she is alive (C14), then the next living player's turn starts.
 */
export function endTurn(s: GameState, ev: GameEvent[]): void {
  const active = s.players[s.turn]!;
  if (active.alive && active.character === "suzy_lafayette" && s.dice.length > 0 && countFace(s.dice, "1") + countFace(s.dice, "2") === 0) {
    gainLife(active, 2, "suzy_lafayette", ev);
  }
  ev.push({ type: "turnEnded", player: active.id });
  startTurn(s, nextLivingSeat(s, s.turn), ev);
}
