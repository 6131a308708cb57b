import { alivePlayers, seat, type Ctx } from "./context.js";
import { randomHandCard } from "./draw.js";
import { drawCards } from "./draw.js";
import type { PlayerId } from "../types.js";

/** E5.3, E5.4, E10.12: `player` regains `amount` life, never above his maximum. */
export function heal(ctx: Ctx, player: PlayerId, amount: number, cause: "beer" | "saloon" | "sid_ketchum"): void {
  const p = seat(ctx.s, player);
  const gained = Math.max(0, Math.min(amount, p.maxLife - p.life));
  if (gained === 0) return;
  p.life += gained;
  ctx.events.push({ type: "lifeGained", player, amount: gained, cause });
}

/**
 * E7.2, E7.3, E7.4: `target` loses `amount` life (caused by `by`, E7.5). Next come, in this order, his
 * last resort when his life is 0 or less, then the abilities triggered by the loss.
 */
export function loseLife(ctx: Ctx, target: PlayerId, amount: number, by: PlayerId | null): void {
  const p = seat(ctx.s, target);
  p.life -= amount;
  ctx.events.push({ type: "lifeLost", player: target, amount, by });
  const after = { t: "afterLoss" as const, target, amount, by };
  if (p.life <= 0) ctx.s.pending.unshift({ t: "dying", target, by }, after);
  else ctx.s.pending.unshift(after);
}

/**
 * E7.3, E10.1, E10.4, E11.9, E11.18: after a life loss, if `target` is still in the game: Bart Cassidy
 * draws one card per point lost; El Gringo takes one random card per point from the hand of the player
 * who caused it (not himself, not nobody), while that hand has cards.
 */
export function afterLoss(ctx: Ctx, target: PlayerId, amount: number, by: PlayerId | null): void {
  const p = seat(ctx.s, target);
  if (!p.alive) return;
  if (p.character === "bart_cassidy") drawCards(ctx, target, amount);
  if (p.character === "el_gringo" && by !== null && by !== target) {
    for (let i = 0; i < amount; i++) {
      const card = randomHandCard(ctx, by);
      if (card === null) break;
      p.hand.push(card);
      ctx.events.push({ type: "stolen", player: target, from: by, card, fromHand: true });
    }
  }
}

/** E7.4, E8.4: how many players are still in the game (the "2 players left" of Beer). */
export const aliveCount = (ctx: Ctx): number => alivePlayers(ctx.s).length;
