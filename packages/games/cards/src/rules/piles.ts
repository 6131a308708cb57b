import { ForcedDrawError } from "@bang/game-core";
import type { CardId } from "../types.js";
import type { Ctx } from "./context.js";

/**
 * E2.5, E11.10: the whole discard pile, shuffled, becomes the draw pile. The order is the next forced
 * one of a scenario (`reshuffles`) when there is one, else the game's random source. Throws
 * ForcedDrawError when a forced order is not a permutation of the discard pile.
 */
export function reshuffle(ctx: Ctx): void {
  const { s } = ctx;
  const forced = s.reshuffles.shift();
  if (forced) {
    const want = [...s.discard].sort().join(",");
    if ([...forced].sort().join(",") !== want) throw new ForcedDrawError(`reshuffles: ${JSON.stringify(forced)} is not a permutation of the discard pile ${JSON.stringify(s.discard)}`);
    s.deck = forced.slice();
  } else {
    const out = ctx.random.shuffle(s.rng, s.discard);
    s.deck = out.items;
    s.rng = out.rng;
  }
  s.discard = [];
  ctx.events.push({ type: "reshuffled", deckSize: s.deck.length });
}

/**
 * E2.4, E2.5: takes the top card of the draw pile, reshuffling the discard pile first when the draw
 * pile is empty. Null when both piles are empty (the effect takes what exists).
 */
export function takeTop(ctx: Ctx): CardId | null {
  if (ctx.s.deck.length === 0) {
    if (ctx.s.discard.length === 0) return null;
    reshuffle(ctx);
  }
  return ctx.s.deck.shift() ?? null;
}

/** E2.5: takes up to `n` cards from the draw pile, one at a time (a reshuffle may happen in between). */
export function takeCards(ctx: Ctx, n: number): CardId[] {
  const out: CardId[] = [];
  for (let i = 0; i < n; i++) {
    const card = takeTop(ctx);
    if (card === null) break;
    out.push(card);
  }
  return out;
}

/** E2.4: puts `cards` on the discard pile, in order (the last one ends on top). */
export function toDiscard(ctx: Ctx, cards: readonly CardId[]): void {
  ctx.s.discard.push(...cards);
}

/** Removes `card` from `list` (a hand or a play area); returns false when it is not there. */
export function removeCard(list: CardId[], card: CardId): boolean {
  const i = list.indexOf(card);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
