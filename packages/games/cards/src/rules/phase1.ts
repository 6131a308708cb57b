import { seat, type Ctx } from "./context.js";
import { isRed } from "./deck.js";
import { drawCards, randomHandCard } from "./draw.js";
import { ruleError } from "./errors.js";
import { takeCards } from "./piles.js";
import type { PlayerId, RuleError } from "../types.js";

/** E3.2: cards drawn in phase 1. */
export const PHASE1_DRAW = 2;
/** E10.7: cards Kit Carlson looks at. */
export const KIT_LOOK = 3;

/**
 * Phase 1 of `by` (E3.2) from `from`: the draw pile (default); the discard pile for Pedro Ramirez
 * (E10.10: its top card, then one from the draw pile; both from the draw pile when it is empty); or
 * another player for Jesse Jones (E10.5: a random card of his hand, then one from the draw pile). Kit
 * Carlson looks at three cards and the flow waits for his `keep` (E10.7); Black Jack shows his second
 * card and draws one more on a heart or diamond (E10.2). Refuses NOT_PLAYABLE (a source the character
 * cannot use) and INVALID_TARGET (Jesse Jones naming himself, an eliminated player or an empty hand).
 */
export function phase1(ctx: Ctx, by: PlayerId, from: string | undefined): RuleError | null {
  const { s } = ctx;
  const me = seat(s, by);
  if (from !== undefined && from !== "deck") {
    if (from === "discard") {
      if (me.character !== "pedro_ramirez") return ruleError("NOT_PLAYABLE", "from: only Pedro Ramirez draws from the discard pile (E10.10)");
      const top = s.discard.pop();
      if (top !== undefined) {
        me.hand.push(top);
        ctx.events.push({ type: "drew", player: by, from: "discard", cards: [top] });
        drawCards(ctx, by, PHASE1_DRAW - 1);
      } else drawCards(ctx, by, PHASE1_DRAW);
    } else {
      if (me.character !== "jesse_jones") return ruleError("NOT_PLAYABLE", "from: only Jesse Jones draws from a player (E10.5)");
      const victim = s.players.find((p) => p.id === from);
      if (!victim || !victim.alive || victim.id === by || victim.hand.length === 0) return ruleError("INVALID_TARGET", `from: ${from} is not another player still in the game with cards in hand (E10.5)`);
      const card = randomHandCard(ctx, victim.id)!;
      me.hand.push(card);
      ctx.events.push({ type: "drew", player: by, from: victim.id, cards: [card] });
      drawCards(ctx, by, PHASE1_DRAW - 1);
    }
    s.phase = "play";
    return null;
  }
  if (me.character === "kit_carlson") {
    const cards = takeCards(ctx, KIT_LOOK);
    ctx.events.push({ type: "looked", player: by, cards });
    if (cards.length > PHASE1_DRAW) {
      s.pending.unshift({ t: "kit", player: by, cards });
      s.phase = "play";
      return null;
    }
    me.hand.push(...cards);
  } else if (me.character === "black_jack") {
    const cards = drawCards(ctx, by, PHASE1_DRAW);
    const second = cards[1];
    if (second !== undefined) {
      ctx.events.push({ type: "shown", player: by, card: second });
      if (isRed(second)) drawCards(ctx, by, 1);
    }
  } else drawCards(ctx, by, PHASE1_DRAW);
  s.phase = "play";
  return null;
}
