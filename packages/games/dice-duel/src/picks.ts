/**
 * The duel (R8.9): both players pick a card in secret; once both picked, the picks are revealed
 * together and only the starter's card can take effect. Equal cards play the duel again, with the same
 * starter. The card effects that need the starter's choice wait in phase `duelEffect`.
 */
import { ruleError } from "./errors.js";
import { cardsWhere, isCardRef } from "./hideout.js";
import { checkDuelEnd, endDuelTurn } from "./turn.js";
import type { CardRef, DuelCard, DuelEvent, DuelState, RuleError } from "./types.js";

/** R8.9: the card each card blocks: `sheriff` blocks `outlaw`, `outlaw` blocks `renegade`, `renegade` blocks `sheriff`. */
export const BLOCKS: Readonly<Record<DuelCard, DuelCard>> = { sheriff: "outlaw", outlaw: "renegade", renegade: "sheriff" };

/** How many cards the sheriff restores and the outlaw destroys (R8.9). */
export const EFFECT_CARDS = 2;

/** R8.9: what the starter's card does against the opponent's: played again, blocked, or takes effect. */
export function duelOutcome(starter: DuelCard, opponent: DuelCard): "again" | "blocked" | "effect" {
  if (starter === opponent) return "again";
  return BLOCKS[opponent] === starter ? "blocked" : "effect";
}

/** Records `seat`'s pick on draft `s`; once both picked, reveals them and plays the outcome. */
export function performPick(s: DuelState, seat: number, card: DuelCard, timedOut: boolean, ev: DuelEvent[]): void {
  const duel = s.duel!;
  duel.picks[seat] = card;
  ev.push({ type: "duelPicked", player: s.players[seat]!.id, timedOut });
  if (duel.picks.some((p) => p === null)) return;

  const starterCard = duel.picks[duel.starter]!;
  const opponentCard = duel.picks[1 - duel.starter]!;
  const outcome = duelOutcome(starterCard, opponentCard);
  const reveal = {
    starter: s.players[duel.starter]!.id,
    round: duel.round,
    picks: s.players.map((p, i) => ({ player: p.id, card: duel.picks[i]! })),
    outcome,
  };
  s.lastDuel = reveal;
  ev.push({ type: "duelRevealed", ...reveal });
  if (outcome === "again") {
    s.duel = { starter: duel.starter, round: duel.round + 1, picks: [null, null] };
    ev.push({ type: "duelStarted", starter: reveal.starter, round: duel.round + 1 });
    return;
  }
  if (outcome === "blocked") {
    endDuelTurn(s, ev);
    return;
  }
  applyStarterCard(s, starterCard, ev);
}

/**
 * R8.9: the starter's card takes effect. `renegade` steals all the opponent's ammo. `sheriff` restores
 * 2 of the starter's destroyed cards and `outlaw` destroys 2 of the opponent's cards, the starter
 * choosing which (phase `duelEffect`) unless there are 2 or fewer to choose from: then all of them.
 */
function applyStarterCard(s: DuelState, card: DuelCard, ev: DuelEvent[]): void {
  const me = s.players[s.turn]!;
  const them = s.players[1 - s.turn]!;
  if (card === "renegade") {
    const amount = them.ammo;
    them.ammo = 0;
    me.ammo += amount;
    ev.push({ type: "ammoStolen", player: me.id, from: them.id, amount });
    endDuelTurn(s, ev);
    return;
  }
  const choices = card === "sheriff" ? cardsWhere(me.hideout, false) : cardsWhere(them.hideout, true);
  if (choices.length > EFFECT_CARDS) {
    s.phase = "duelEffect";
    s.effect = { card, count: EFFECT_CARDS };
    ev.push({ type: "effectRequested", player: me.id, card, count: EFFECT_CARDS });
    return;
  }
  finishEffect(s, card, choices, ev);
}

/** Applies a sheriff or outlaw effect to the given cards (already checked), then checks the end (R8.10). */
function finishEffect(s: DuelState, card: "sheriff" | "outlaw", cards: readonly CardRef[], ev: DuelEvent[]): void {
  const me = s.players[s.turn]!;
  const them = s.players[1 - s.turn]!;
  for (const ref of cards) {
    if (card === "sheriff") {
      me.hideout[ref.row][ref.column] = true;
      ev.push({ type: "cardRestored", player: me.id, row: ref.row, column: ref.column, cause: "sheriff" });
    } else {
      them.hideout[ref.row][ref.column] = false;
      ev.push({ type: "cardDestroyed", player: them.id, row: ref.row, column: ref.column, cause: "outlaw", by: me.id });
    }
  }
  s.effect = null;
  if (checkDuelEnd(s, ev)) return;
  endDuelTurn(s, ev);
}

/**
 * R8.9: checks the starter's `effect` cards: exactly 2 distinct cards, the starter's own destroyed
 * cards for `sheriff` (any columns), the opponent's standing cards for `outlaw`.
 */
export function validateEffect(s: DuelState, cards: unknown): RuleError | null {
  const effect = s.effect!;
  const owner = effect.card === "sheriff" ? s.players[s.turn]! : s.players[1 - s.turn]!;
  const want = effect.card === "sheriff" ? false : true;
  if (!Array.isArray(cards) || cards.length !== effect.count) {
    return ruleError("INVALID_COMMAND", `effect.cards: name exactly ${effect.count} cards (R8.9 ${effect.card})`);
  }
  const seen = new Set<string>();
  for (const [k, ref] of cards.entries()) {
    if (!isCardRef(ref)) return ruleError("INVALID_COMMAND", `effect.cards[${k}]: must be {row: "near" | "far", column: 0..3}`);
    const key = `${ref.row}${ref.column}`;
    if (seen.has(key)) return ruleError("INVALID_COMMAND", `effect.cards[${k}]: ${ref.row} ${ref.column} is named twice`);
    seen.add(key);
    if (owner.hideout[ref.row][ref.column] !== want) {
      return ruleError("INVALID_TARGET", effect.card === "sheriff"
        ? `effect.cards[${k}]: your ${ref.row} card in column ${ref.column} is not destroyed (the sheriff restores destroyed cards)`
        : `effect.cards[${k}]: the opponent's ${ref.row} card in column ${ref.column} is already destroyed`);
    }
  }
  return null;
}

/** Applies a checked `effect` command on draft `s`. */
export function performEffect(s: DuelState, cards: readonly CardRef[], ev: DuelEvent[]): void {
  finishEffect(s, s.effect!.card, cards.map((r) => ({ row: r.row, column: r.column })), ev);
}
