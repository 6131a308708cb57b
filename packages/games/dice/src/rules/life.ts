import type { DamageCause, GameEvent, GameState, HealCause, PlayerState } from "../types.js";
import { returnArrows } from "./arrows.js";

/**
 * `player` loses `amount` life (never below 0). Pedro Ramirez returns one arrow per life point lost
 * (C10). Returns the life actually lost. Eliminations are processed later, per step (R3.10).
 */
export function loseLife(
  s: GameState,
  player: PlayerState,
  amount: number,
  cause: DamageCause,
  by: string | null,
  ev: GameEvent[],
): number {
  const lost = Math.min(amount, player.life);
  if (lost <= 0) return 0;
  player.life -= lost;
  ev.push({ type: "lifeLost", player: player.id, amount: lost, cause, by });
  if (player.character === "pedro_ramirez") returnArrows(s, player, lost, "pedro_ramirez", ev);
  return lost;
}

/** `player` gains up to `amount` life, never above the maximum (R3.7). Returns the life gained. */
export function gainLife(player: PlayerState, amount: number, cause: HealCause, ev: GameEvent[]): number {
  if (!player.alive) return 0;
  const gained = Math.min(amount, player.maxLife - player.life);
  if (gained <= 0) return 0;
  player.life += gained;
  ev.push({ type: "lifeGained", player: player.id, amount: gained, cause });
  return gained;
}

/**
 * R5.1, C15: eliminates every living player at 0 life, together: roles are revealed (by the event),
 * arrows return to the pile. Then Vulture Sam, if alive after the step, gains 2 life per other player
 * eliminated. `by` is whose blow it was (R7.3), or null for Indians and dynamite.
 * Returns the seat indexes eliminated.
 */
export function processEliminations(s: GameState, by: string | null, ev: GameEvent[]): number[] {
  const out: number[] = [];
  s.players.forEach((p, i) => {
    if (p.alive && p.life <= 0) {
      p.alive = false;
      p.life = 0;
      returnArrows(s, p, p.arrows, "eliminated", ev);
      ev.push({ type: "eliminated", player: p.id, role: p.role, by });
      out.push(i);
    }
  });
  if (out.length > 0) {
    for (const p of s.players) {
      if (p.alive && p.character === "vulture_sam") gainLife(p, 2 * out.length, "vulture_sam", ev);
    }
  }
  return out;
}
