import { alivePlayers, clockwiseFrom, seat, type Ctx } from "./context.js";
import { isBlue, isWeaponKind, kindOf } from "./deck.js";
import { drawCards, randomHandCard, suzyDraws } from "./draw.js";
import { beerWorks } from "./answers.js";
import { heal } from "./life.js";
import { isBangPlay, type PlayIntent } from "./legality.js";
import { removeCard, takeCards, toDiscard } from "./piles.js";
import { ForcedDrawError } from "@bang/game-core";
import { ruleError } from "./errors.js";
import type { PlayerId, RuleError } from "../types.js";

/** E5.5: cards drawn by Stagecoach and by Wells Fargo. */
export const STAGECOACH_DRAW = 2;
export const WELLS_FARGO_DRAW = 3;
/** E10.13: misses needed to cancel a BANG! card played by Slab the Killer. */
export const SLAB_MISSES = 2;

/**
 * E2.8, E2.9, E6.8: puts a blue card in play, in front of its player (the Jail: in front of its target);
 * a weapon of another kind in play is discarded first.
 */
function putInPlay(ctx: Ctx, by: PlayerId, intent: PlayIntent): void {
  const kind = kindOf(intent.card);
  const owner = seat(ctx.s, kind === "jail" ? intent.target! : by);
  if (isWeaponKind(kind)) {
    const old = owner.inPlay.find((c) => isWeaponKind(kindOf(c)));
    if (old) {
      removeCard(owner.inPlay, old);
      toDiscard(ctx, [old]);
      ctx.events.push({ type: "discarded", player: owner.id, cards: [old], reason: "replaced" });
    }
  }
  owner.inPlay.push(intent.card);
}

/**
 * E5.7, E5.8, E6.7, E11.22: Panic! takes (into `by`'s hand) and Cat Balou discards one card of the
 * target: the card in play named by `targetCard`, or a random card of his hand. A forced pick (a
 * scenario's `randomCard`) that is not in the target's hand is INVALID_TARGET (SCENARIOS-cards.md).
 */
function takeOrDiscard(ctx: Ctx, by: PlayerId, intent: PlayIntent, take: boolean): RuleError | null {
  const target = seat(ctx.s, intent.target!);
  let card: string | null;
  const fromHand = intent.targetCard === undefined;
  if (fromHand) {
    try {
      card = randomHandCard(ctx, target.id);
    } catch (error) {
      if (error instanceof ForcedDrawError && error.message.startsWith("forced pick:")) return ruleError("INVALID_TARGET", `randomCard: not a card of ${target.id}'s hand (E5.12)`);
      throw error;
    }
  } else {
    card = intent.targetCard!;
    removeCard(target.inPlay, card);
  }
  if (card === null) return null;
  if (take) {
    seat(ctx.s, by).hand.push(card);
    ctx.events.push({ type: "stolen", player: by, from: target.id, card, fromHand });
  } else {
    toDiscard(ctx, [card]);
    ctx.events.push({ type: "discarded", player: target.id, cards: [card], reason: "effect" });
  }
  return null;
}

/**
 * Plays a card in phase 2 (checked by checkPlay first): the card leaves the hand; a brown card goes to
 * the discard pile before its effect (E2.4), a blue card goes in play (E2.8); a Suzy Lafayette who played
 * her last card draws at once, before the effect (E10.14, E11.1); then its effect:
 * E5.1 BANG! opens a shot, E5.3 Beer, E5.4 Saloon, E5.5 Stagecoach and Wells Fargo, E5.6 General Store,
 * E5.7 Panic!, E5.8 Cat Balou, E5.9 Duel, E5.10 Indians!, E5.11 Gatling. Returns the refusal of a forced
 * random card that is not in the target's hand (the caller drops the draft), else null.
 */
export function performPlay(ctx: Ctx, by: PlayerId, intent: PlayIntent): RuleError | null {
  const { s } = ctx;
  const me = seat(s, by);
  removeCard(me.hand, intent.card);
  const kind = kindOf(intent.card);
  const bang = isBangPlay(intent, me.character);
  ctx.events.push({ type: "played", player: by, card: intent.card, target: intent.target ?? null, as: intent.as ?? null });
  if (isBlue(intent.card)) {
    putInPlay(ctx, by, intent);
    suzyDraws(ctx, by);
    return null;
  }
  toDiscard(ctx, [intent.card]);
  suzyDraws(ctx, by);
  if (bang) {
    s.bangsPlayed++;
    const needed = kind === "bang" && me.character === "slab_the_killer" ? SLAB_MISSES : 1;
    s.pending.push({ t: "shot", target: intent.target!, by, needed, misses: 0, used: [] });
    return null;
  }
  switch (kind) {
    case "beer":
      if (beerWorks(alivePlayers(s).length)) heal(ctx, by, 1, "beer");
      return null;
    case "saloon":
      for (const p of alivePlayers(s)) heal(ctx, p.id, 1, "saloon");
      return null;
    case "stagecoach":
      drawCards(ctx, by, STAGECOACH_DRAW);
      return null;
    case "wells_fargo":
      drawCards(ctx, by, WELLS_FARGO_DRAW);
      return null;
    case "general_store": {
      const order = clockwiseFrom(s, by, true);
      const cards = takeCards(ctx, order.length);
      ctx.events.push({ type: "storeOpened", cards });
      s.pending.push({ t: "store", cards, order });
      return null;
    }
    case "panic":
      return takeOrDiscard(ctx, by, intent, true);
    case "cat_balou":
      return takeOrDiscard(ctx, by, intent, false);
    case "duel":
      s.pending.push({ t: "duel", challenger: by, target: intent.target!, next: intent.target! });
      return null;
    case "indians":
      for (const id of clockwiseFrom(s, by, false)) s.pending.push({ t: "indians", target: id, by });
      return null;
    case "gatling":
      for (const id of clockwiseFrom(s, by, false)) s.pending.push({ t: "shot", target: id, by, needed: 1, misses: 0, used: [] });
      return null;
  }
  return null;
}
