import type { GameEvent, GameState, PlayerState } from "../types.js";
import { loseLife } from "./life.js";

/** R1.5: the game has 9 arrows; pile + all arrows held = 9 at every step. */
export const TOTAL_ARROWS = 9;

/**
 * R2.4: `player` takes one arrow from the pile. Returns true when that was the last arrow, i.e. an
 * Indian attack must follow at once (R2.5). Never call it with an empty pile.
 */
export function takeArrow(s: GameState, player: PlayerState, ev: GameEvent[]): boolean {
  s.arrowsInPile--;
  player.arrows++;
  ev.push({ type: "arrowTaken", player: player.id, arrowsInPile: s.arrowsInPile });
  return s.arrowsInPile === 0;
}

/** Returns up to `count` of `player`'s arrows to the pile; returns how many went back. */
export function returnArrows(
  s: GameState,
  player: PlayerState,
  count: number,
  reason: "gatling" | "kit_carlson" | "pedro_ramirez" | "eliminated" | "indianAttack",
  ev: GameEvent[],
): number {
  const n = Math.min(count, player.arrows);
  if (n === 0) return 0;
  player.arrows -= n;
  s.arrowsInPile += n;
  ev.push({ type: "arrowsReturned", player: player.id, count: n, reason });
  return n;
}

/**
 * R4.1, C6: the Indian attack's damage: every living player loses 1 life per arrow held, Jourdonnais
 * at most 1. Pure; returns the loss per seat index (0 for no loss).
 */
export function indianAttackLosses(players: readonly PlayerState[]): number[] {
  return players.map((p) => (!p.alive ? 0 : p.character === "jourdonnais" ? Math.min(1, p.arrows) : p.arrows));
}

/**
 * R4.1, R4.2: applies an Indian attack: all losses at once, then every arrow returns to the pile. The
 * caller processes eliminations and the end of the game.
 */
export function indianAttack(s: GameState, ev: GameEvent[]): void {
  const losses = indianAttackLosses(s.players);
  ev.push({
    type: "indianAttack",
    losses: s.players.flatMap((p, i) => (losses[i]! > 0 ? [{ player: p.id, life: losses[i]! }] : [])),
  });
  s.players.forEach((p, i) => {
    if (losses[i]! > 0) loseLife(s, p, losses[i]!, "indianAttack", null, ev);
  });
  for (const p of s.players) {
    if (p.arrows > 0) {
      ev.push({ type: "arrowsReturned", player: p.id, count: p.arrows, reason: "indianAttack" });
      p.arrows = 0;
    }
  }
  s.arrowsInPile = TOTAL_ARROWS;
}
