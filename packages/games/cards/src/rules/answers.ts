import { kindOf } from "./deck.js";
import type { BarrelSource, CardId, Character } from "../types.js";

/**
 * E7.1, E10.3: can card `card` of a player with `character` be played as a Missed! against a shot?
 * (a Missed!, or a BANG! for Calamity Janet).
 */
export function answersShot(card: CardId, character: Character): boolean {
  const k = kindOf(card);
  return k === "missed" || (k === "bang" && character === "calamity_janet");
}

/** E5.9, E5.10, E10.3: can `card` be discarded as a BANG! in a Duel or against Indians!? */
export function answersBangDemand(card: CardId, character: Character): boolean {
  const k = kindOf(card);
  return k === "bang" || (k === "missed" && character === "calamity_janet");
}

/**
 * E7.1 and SCENARIOS-cards.md ("the engine moves on by itself"): may the target of a shot still do
 * anything: a card that answers it, or a barrel source not used yet for this shot?
 */
export function canAnswerShot(hand: readonly CardId[], character: Character, sources: readonly BarrelSource[], used: readonly BarrelSource[]): boolean {
  return hand.some((c) => answersShot(c, character)) || sources.some((src) => !used.includes(src));
}

/** E5.9, E5.10: may a player discard a BANG! (Calamity Janet: a Missed! too)? */
export const canAnswerBangDemand = (hand: readonly CardId[], character: Character): boolean => hand.some((c) => answersBangDemand(c, character));

/** E5.3, E11.8: does Beer heal (and save) with `aliveCount` players in the game (the dying one included)? */
export const beerWorks = (aliveCount: number): boolean => aliveCount >= 3;

/**
 * E7.4, E10.12, E11.20: the most life a player at a last resort can regain with `hand`: one per Beer
 * (only with 3 or more players in the game), plus one per two other cards for Sid Ketchum.
 */
export function lastResortCapacity(hand: readonly CardId[], character: Character, aliveCount: number): number {
  const beers = beerWorks(aliveCount) ? hand.filter((c) => kindOf(c) === "beer").length : 0;
  const sid = character === "sid_ketchum" ? Math.floor((hand.length - beers) / 2) : 0;
  return beers + sid;
}
