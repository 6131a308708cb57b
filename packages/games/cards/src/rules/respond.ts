import { alivePlayers, seat, type Ctx } from "./context.js";
import { answersBangDemand, answersShot, beerWorks } from "./answers.js";
import { drawCheck, resolveCheck } from "./checks.js";
import { kindOf } from "./deck.js";
import { eliminate } from "./elimination.js";
import { ruleError } from "./errors.js";
import { heal } from "./life.js";
import { removeCard, toDiscard } from "./piles.js";
import { barrelSources } from "./table.js";
import { duelCause } from "../flow.js";
import type { BarrelSource, CardId, PlayerId, RuleError } from "../types.js";

/**
 * `respond` (E7.1, E5.9, E5.10, E7.4): `by` answers the first pending step with `card`: a Missed! (or
 * Calamity Janet's BANG!) against a shot; a BANG! (or her Missed!) in a Duel or against Indians!; a Beer
 * as a last resort (refused NOT_PLAYABLE with fewer than 3 players in the game, E11.8).
 */
export function respond(ctx: Ctx, by: PlayerId, card: CardId): RuleError | null {
  const { s } = ctx;
  const me = seat(s, by);
  const step = s.pending[0]!;
  if (!me.hand.includes(card)) return ruleError("NOT_IN_HAND", `card: ${card} is not in your hand`);
  const spend = () => {
    removeCard(me.hand, card);
    toDiscard(ctx, [card]);
    ctx.events.push({ type: "responded", player: by, card });
  };
  switch (step.t) {
    case "shot":
      if (!answersShot(card, me.character)) return ruleError("NOT_PLAYABLE", `card: ${card} does not answer a shot (E7.1)`);
      spend();
      step.misses++;
      return null;
    case "duel":
      if (!answersBangDemand(card, me.character)) return ruleError("NOT_PLAYABLE", `card: a Duel takes a BANG! (E5.9)`);
      spend();
      step.next = step.next === step.challenger ? step.target : step.challenger;
      return null;
    case "indians":
      if (!answersBangDemand(card, me.character)) return ruleError("NOT_PLAYABLE", `card: Indians! take a BANG! (E5.10)`);
      spend();
      s.pending.shift();
      return null;
    case "dying":
      if (kindOf(card) !== "beer") return ruleError("NOT_PLAYABLE", "card: only a Beer is a last resort (E7.4)");
      if (!beerWorks(alivePlayers(s).length)) return ruleError("NOT_PLAYABLE", "card: with 2 players left Beer cannot save (E11.8)");
      spend();
      heal(ctx, by, 1, "beer");
      return null;
    default:
      return ruleError("WRONG_PHASE", "respond: nothing to answer");
  }
}

/** `barrel` (E6.1, E10.6): one "draw!" for a barrel source not used yet against this shot. */
export function useBarrel(ctx: Ctx, by: PlayerId, source: BarrelSource): RuleError | null {
  const step = ctx.s.pending[0]!;
  if (step.t !== "shot") return ruleError("NOT_PLAYABLE", "barrel: only against a shot (E6.1)");
  const me = seat(ctx.s, by);
  if (!barrelSources(me).includes(source)) return ruleError("NOT_PLAYABLE", `source: you have no ${source} barrel source`);
  if (step.used.includes(source)) return ruleError("NOT_PLAYABLE", `source: ${source} was used against this shot already (E7.1)`);
  step.used.push(source);
  drawCheck(ctx, by, { kind: "barrel", source });
  return null;
}

/**
 * `pass` (E7.1, E5.9, E5.10, E7.4): the shot hits, the Duel is lost, the Indians! take 1 life, or the
 * last resort is given up (eliminated).
 */
export function pass(ctx: Ctx, by: PlayerId): RuleError | null {
  const { s } = ctx;
  const step = s.pending.shift()!;
  ctx.events.push({ type: "passed", player: by });
  switch (step.t) {
    case "shot":
      s.pending.unshift({ t: "damage", target: by, amount: 1, by: step.by });
      return null;
    case "duel":
      s.pending.unshift({ t: "damage", target: by, amount: 1, by: duelCause(step) });
      return null;
    case "indians":
      s.pending.unshift({ t: "damage", target: by, amount: 1, by: step.by });
      return null;
    case "dying":
      eliminate(ctx, by, step.by);
      return null;
    default:
      return ruleError("WRONG_PHASE", "pass: nothing to answer");
  }
}

/** `choose` (E2.7, E10.8, E11.7): Lucky Duke names which flipped card is the result of his "draw!". */
export function choose(ctx: Ctx, by: PlayerId, card: CardId): RuleError | null {
  const step = ctx.s.pending[0]!;
  if (step.t !== "lucky") return ruleError("NOT_PLAYABLE", "choose: no \"draw!\" to choose for");
  if (!step.cards.includes(card)) return ruleError("NOT_PLAYABLE", `card: ${card} is not one of the flipped cards`);
  ctx.s.pending.shift();
  resolveCheck(ctx, by, step.purpose, step.cards, card);
  return null;
}

/** `keep` (E10.7, E11.6): Kit Carlson keeps two of his three cards; the third goes back on the draw pile. */
export function keep(ctx: Ctx, by: PlayerId, cards: readonly CardId[]): RuleError | null {
  const { s } = ctx;
  const step = s.pending[0]!;
  if (step.t !== "kit") return ruleError("NOT_PLAYABLE", "keep: Kit Carlson's choice only");
  if (cards.length !== 2 || cards[0] === cards[1] || !cards.every((c) => step.cards.includes(c))) return ruleError("NOT_PLAYABLE", `cards: keep 2 of ${step.cards.join(", ")}`);
  s.pending.shift();
  seat(s, by).hand.push(...cards);
  const back = step.cards.find((c) => !cards.includes(c))!;
  s.deck.unshift(back);
  ctx.events.push({ type: "putBack", player: by, card: back });
  return null;
}

/** `pick` (E5.6): the player whose pick it is takes one General Store card. */
export function pick(ctx: Ctx, by: PlayerId, card: CardId): RuleError | null {
  const step = ctx.s.pending[0]!;
  if (step.t !== "store") return ruleError("WRONG_PHASE", "pick: no General Store open");
  if (!step.cards.includes(card)) return ruleError("NOT_PLAYABLE", `card: ${card} is not in the General Store`);
  removeCard(step.cards, card);
  step.order.shift();
  seat(ctx.s, by).hand.push(card);
  ctx.events.push({ type: "picked", player: by, card });
  return null;
}

/**
 * `ability` (E10.12, E11.20): Sid Ketchum discards 2 cards of his hand (in the order listed) to regain
 * 1 life; refused NOT_PLAYABLE at full life.
 */
export function sidAbility(ctx: Ctx, by: PlayerId, cards: readonly CardId[]): RuleError | null {
  const me = seat(ctx.s, by);
  if (me.character !== "sid_ketchum") return ruleError("NOT_PLAYABLE", "ability: only Sid Ketchum has one to use (E10.12)");
  if (cards.length !== 2 || cards[0] === cards[1]) return ruleError("INVALID_COMMAND", "cards: name 2 different cards");
  const missing = cards.find((c) => !me.hand.includes(c));
  if (missing) return ruleError("NOT_IN_HAND", `cards: ${missing} is not in your hand`);
  if (me.life >= me.maxLife) return ruleError("NOT_PLAYABLE", "ability: you are at full life (E10.12)");
  for (const c of cards) removeCard(me.hand, c);
  toDiscard(ctx, cards);
  ctx.events.push({ type: "discarded", player: by, cards: [...cards], reason: "ability" });
  heal(ctx, by, 1, "sid_ketchum");
  return null;
}
