import { standing } from "./hideout.js";
import type { DuelEvent, DuelState } from "./types.js";

/** Starts `seat`'s turn: fresh dice, 3 rolls (R8.2), no duel. */
export function startDuelTurn(s: DuelState, seat: number, ev: DuelEvent[]): void {
  s.turn = seat;
  s.turnNumber++;
  s.phase = "rolling";
  s.dice = [];
  s.rolls = 0;
  s.maxRolls = 3;
  s.exploded = false;
  s.duel = null;
  s.effect = null;
  ev.push({ type: "turnStarted", player: s.players[seat]!.id, turn: s.turnNumber });
}

/** Ends the active player's turn; the other player's turn starts (2 seats). */
export function endDuelTurn(s: DuelState, ev: DuelEvent[]): void {
  ev.push({ type: "turnEnded", player: s.players[s.turn]!.id });
  startDuelTurn(s, 1 - s.turn, ev);
}

/**
 * R8.10: after a step, the first player with no card left loses and the other wins (a step only ever
 * destroys one player's cards, so both can never fall together). Returns true when the game is over.
 */
export function checkDuelEnd(s: DuelState, ev: DuelEvent[]): boolean {
  for (let seat = 0; seat < 2; seat++) {
    if (standing(s.players[seat]!.hideout) === 0) {
      const winner = { team: "duel" as const, players: [s.players[1 - seat]!.id] };
      s.winner = winner;
      s.phase = "gameOver";
      s.duel = null;
      s.effect = null;
      ev.push({ type: "gameOver", winner });
      return true;
    }
  }
  return false;
}
