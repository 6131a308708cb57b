import { clockwiseFrom, seat, type Ctx } from "./context.js";
import { explodesDynamite, isHeart } from "./deck.js";
import { removeCard, takeCards, toDiscard } from "./piles.js";
import { inPlayOf } from "./table.js";
import { nextTurn } from "./turn.js";
import type { CardId, CheckPurpose, PlayerId } from "../types.js";

/** E6.9: life lost when the Dynamite explodes. */
export const DYNAMITE_DAMAGE = 3;

/**
 * E2.6, E2.7, E10.8: `player` "draws!" for `purpose`: the top card is flipped and discarded, then the
 * result applies. Lucky Duke flips two (both discarded, in order) and the flow waits for his `choose`.
 */
export function drawCheck(ctx: Ctx, player: PlayerId, purpose: CheckPurpose): void {
  const lucky = seat(ctx.s, player).character === "lucky_duke";
  const cards = takeCards(ctx, lucky ? 2 : 1);
  toDiscard(ctx, cards);
  if (cards.length === 2) {
    ctx.s.pending.unshift({ t: "lucky", player, cards, purpose });
    return;
  }
  resolveCheck(ctx, player, purpose, cards, cards[0] ?? null);
}

/** Is the "draw!" for `purpose` a success with `card` (a heart for Barrel and Jail; for the Dynamite, no explosion)? */
export function checkSucceeds(purpose: CheckPurpose, card: CardId | null): boolean {
  if (card === null) return purpose.kind === "dynamite";
  return purpose.kind === "dynamite" ? !explodesDynamite(card) : isHeart(card);
}

/**
 * Applies the result of a "draw!" whose result is `card` (null: both piles were empty, the check
 * fails, except that the Dynamite does not explode):
 * - E6.9 Dynamite: explodes on a 2 to 9 of spades (discarded, 3 life lost, caused by nobody), else it
 *   passes to the next player on the left still in the game;
 * - E6.8 Jail: discarded either way; on a non-heart the whole turn is skipped (E3.5);
 * - E6.1 Barrel: a heart is one miss for the shot being answered.
 */
export function resolveCheck(ctx: Ctx, player: PlayerId, purpose: CheckPurpose, flipped: CardId[], card: CardId | null): void {
  const { s } = ctx;
  const p = seat(s, player);
  const success = checkSucceeds(purpose, card);
  ctx.events.push({ type: "checked", player, purpose: purpose.kind, cards: flipped, card: card ?? "", success });
  if (purpose.kind === "dynamite") {
    const dynamite = inPlayOf(p, "dynamite");
    if (!dynamite) return;
    removeCard(p.inPlay, dynamite);
    if (!success) {
      toDiscard(ctx, [dynamite]);
      s.pending.unshift({ t: "damage", target: player, amount: DYNAMITE_DAMAGE, by: null });
      return;
    }
    const next = clockwiseFrom(s, player, false)[0] ?? player;
    seat(s, next).inPlay.push(dynamite);
    ctx.events.push({ type: "movedInPlay", card: dynamite, from: player, to: next });
  } else if (purpose.kind === "jail") {
    const jail = inPlayOf(p, "jail");
    if (jail) {
      removeCard(p.inPlay, jail);
      toDiscard(ctx, [jail]);
    }
    if (!success) {
      s.pending = s.pending.filter((step) => step.t !== "beginDraw");
      ctx.events.push({ type: "turnSkipped", player });
      nextTurn(ctx);
    }
  } else if (success) {
    const shot = s.pending[0];
    if (shot?.t === "shot") shot.misses++;
  }
}
