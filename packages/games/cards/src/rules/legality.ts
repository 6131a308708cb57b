import { isWeaponKind, kindOf } from "./deck.js";
import { ruleError } from "./errors.js";
import { distance, hasInPlay, reachOf, type TableSeat } from "./table.js";
import type { CardId, Kind, PlayerId, Role, RuleError } from "../types.js";

/** A seat as legality checks read it: a TableSeat and its role where the reader may see it (the sheriff's always). */
export interface LegalSeat extends TableSeat {
  role: Role | null;
}

/** What a phase-2 play is checked against: the table, the player, his hand and his BANG! count this turn. */
export interface PlayTable {
  seats: readonly LegalSeat[];
  me: PlayerId;
  hand: readonly CardId[];
  bangsPlayed: number;
}

/** The fields of a `play` command that legality reads. */
export interface PlayIntent {
  card: CardId;
  target?: PlayerId | undefined;
  targetCard?: CardId | undefined;
  as?: "bang" | undefined;
}

/** Kinds whose play names a target (E5.12). */
const TARGETED = new Set(["bang", "panic", "cat_balou", "duel", "jail"]);

/** E5.12: does a card of `kind` name a target when played (a BANG!, Panic!, Cat Balou, Duel, Jail)? */
export const isTargeted = (kind: string): boolean => TARGETED.has(kind);

/** E5.1, E10.3: is this play a BANG! (a BANG! card, or Calamity Janet's Missed! played as one)? */
export function isBangPlay(intent: PlayIntent, character: string): boolean {
  return bangOfKind(kindOf(intent.card), intent, character);
}

/** isBangPlay for a card whose kind is known already. */
const bangOfKind = (kind: Kind, intent: PlayIntent, character: string): boolean =>
  kind === "bang" || (kind === "missed" && intent.as === "bang" && character === "calamity_janet");

/** E5.1, E6.5, E10.16: may `me` play another BANG! this turn? */
export function bangAllowed(me: TableSeat, bangsPlayed: number): boolean {
  return bangsPlayed === 0 || hasInPlay(me, "volcanic") || me.character === "willy_the_kid";
}

/**
 * Checks a phase-2 play (E3.3) in the order of SCENARIOS-cards.md: NOT_IN_HAND; NOT_PLAYABLE (a Missed!
 * as an action, E3.7; `as` by anyone but Calamity Janet); BANG_LIMIT (E5.1, E6.5); INVALID_TARGET
 * (E5.12, E6.8, E11.14, E11.15); OUT_OF_RANGE (E4.4); DUPLICATE_IN_PLAY (E2.9, E6.8). Null when legal.
 */
export function checkPlay(t: PlayTable, intent: PlayIntent): RuleError | null {
  const me = t.seats.find((p) => p.id === t.me)!;
  const { card } = intent;
  if (!t.hand.includes(card)) return ruleError("NOT_IN_HAND", `card: ${card} is not in your hand`);
  const kind = kindOf(card);
  const bang = bangOfKind(kind, intent, me.character);
  if (intent.as !== undefined && !bang) return ruleError("NOT_PLAYABLE", "as: only Calamity Janet plays a Missed! as a BANG! (E10.3)");
  if (kind === "missed" && !bang) return ruleError("NOT_PLAYABLE", "card: a Missed! only answers a shot (E3.7)");
  if (bang && !bangAllowed(me, t.bangsPlayed)) return ruleError("BANG_LIMIT", "card: one BANG! per turn (E5.1)");
  const targeted = bang || isTargeted(kind);
  if (!targeted) {
    if (intent.target !== undefined || intent.targetCard !== undefined) return ruleError("INVALID_TARGET", `target: a ${kind} takes no target`);
  } else {
    const target = t.seats.find((p) => p.id === intent.target);
    if (!target || !target.alive || target.id === t.me) return ruleError("INVALID_TARGET", `target: name another player still in the game (E5.12)`);
    if (intent.targetCard !== undefined && kind !== "panic" && kind !== "cat_balou") return ruleError("INVALID_TARGET", "targetCard: only Panic! and Cat Balou take a card");
    if (kind === "panic" || kind === "cat_balou") {
      if (target.handSize + target.inPlay.length === 0) return ruleError("INVALID_TARGET", `target: ${target.id} has no card (E5.12)`);
      if (intent.targetCard !== undefined && !target.inPlay.includes(intent.targetCard)) return ruleError("INVALID_TARGET", `targetCard: ${intent.targetCard} is not in play in front of ${target.id}`);
      if (intent.targetCard === undefined && target.handSize === 0) return ruleError("INVALID_TARGET", `target: ${target.id} has no card in hand`);
    }
    if (kind === "jail") {
      if (target.role === "sheriff") return ruleError("INVALID_TARGET", "target: the sheriff cannot be jailed (E6.8)");
      if (hasInPlay(target, "jail")) return ruleError("DUPLICATE_IN_PLAY", `target: ${target.id} is in jail already (E6.8)`);
    }
    if (bang && distance(t.seats, t.me, target.id) > reachOf(me)) return ruleError("OUT_OF_RANGE", `target: ${target.id} is beyond your reach (E4.4)`);
    if (kind === "panic" && distance(t.seats, t.me, target.id) > 1) return ruleError("OUT_OF_RANGE", `target: Panic! reaches distance 1 only (E4.4)`);
  }
  if (kind !== "jail" && !bang && isBlueSelf(kind) && hasInPlay(me, kind)) return ruleError("DUPLICATE_IN_PLAY", `card: you have a ${kind} in play already (E2.9)`);
  return null;
}

/** Blue cards that go in front of their own player (E2.8): all but the Jail. */
function isBlueSelf(kind: string): boolean {
  return kind === "barrel" || kind === "mustang" || kind === "scope" || kind === "dynamite" || isWeaponKind(kind as never);
}
