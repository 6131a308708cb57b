import { seat, type Ctx } from "./context.js";
import { takeCards } from "./piles.js";
import type { CardId, PlayerId } from "../types.js";

/** E2.4, E5.5, E8.2, E10.1: `player` draws `n` cards from the draw pile into his hand (a secret event). */
export function drawCards(ctx: Ctx, player: PlayerId, n: number): CardId[] {
  const cards = takeCards(ctx, n);
  seat(ctx.s, player).hand.push(...cards);
  if (cards.length > 0) ctx.events.push({ type: "drew", player, from: "deck", cards });
  return cards;
}

/**
 * E5.7, E10.4, E10.5, E11.22: the random source picks one card of `from`'s hand (no draw for a hand of
 * one card: nothing to choose); null for an empty hand. The card is removed from that hand (a Suzy
 * Lafayette left empty-handed draws at once, E11.1).
 */
export function randomHandCard(ctx: Ctx, from: PlayerId): CardId | null {
  const hand = seat(ctx.s, from).hand;
  if (hand.length === 0) return null;
  let index = 0;
  if (hand.length > 1) {
    const out = ctx.random.pick(ctx.s.rng, hand);
    ctx.s.rng = out.rng;
    index = out.index;
  }
  const card = hand.splice(index, 1)[0]!;
  suzyDraws(ctx, from);
  return card;
}

/**
 * E10.14, E11.1: "as soon as" Suzy Lafayette (still in the game) has no card in hand she draws one, at
 * once: called where a hand loses a card in the middle of an effect (her last card played, a random
 * card taken from her hand), so she draws before the rest of that effect takes cards from the draw pile.
 */
export function suzyDraws(ctx: Ctx, player: PlayerId): void {
  const p = seat(ctx.s, player);
  if (p.alive && p.character === "suzy_lafayette" && p.hand.length === 0) drawCards(ctx, player, 1);
}
