import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { legalActions } from "../legal.js";
import { faceValue } from "../rules/loot.js";
import { lootTotal, paintingValue } from "../rules/scoring.js";
import { NEW_GODFATHER, type Bullet, type CngCommand, type LootCard, type PlayerId } from "../types.js";
import type { CngSeatView, CngView } from "../view.js";

/** Rounds in which the heuristic mostly bluffs with a `click` (it keeps its `bang` for later rivals). */
const BLUFF_ROUNDS = 3;
/** A card worth less than this leaves room for the New Godfather tile (F5.5). */
const TILE_WORTH = 10_000;

/** How dangerous a rival looks: their loot's worth, plus a bonus when one more wound kills them (F4.5). */
function threat(p: CngSeatView): number {
  return lootTotal(p.loot, false) + (p.wounds === 2 ? 25_000 : 0);
}

/** The most threatening of `ids` (the first on a tie). Throws when `ids` is empty. */
function richestOf(view: CngView, ids: readonly PlayerId[]): PlayerId {
  let best: PlayerId | undefined;
  let most = -Infinity;
  for (const id of ids) {
    const t = threat(view.players.find((p) => p.id === id)!);
    if (best === undefined || t > most) {
      best = id;
      most = t;
    }
  }
  if (best === undefined) throw new Error("richestOf: nobody to choose from");
  return best;
}

/**
 * F3.3: early rounds bluff with a `click`; later, a `bang` when the bangs left cover the rounds left,
 * else a `bang` with probability bangs / rounds left.
 */
function bulletChoice(rng: BotRng, view: CngView, me: CngSeatView, cards: Bullet[]): Bullet {
  if (cards.length === 1) return cards[0]!;
  const bangs = me.hand?.bang ?? 0;
  const roundsLeft = 9 - view.round;
  if (bangs >= roundsLeft) return "bang";
  if (view.round <= BLUFF_ROUNDS) return rng.chance(1, 5) ? "bang" : "click";
  return rng.chance(bangs, roundsLeft) ? "bang" : "click";
}

/** F3.7: lie down when two or more aim at it, or when one `bang` would be a third wound; else stand. */
function courageChoice(view: CngView, me: CngSeatView): "stand" | "lie_down" {
  const aimers = view.players.filter((p) => p.alive && p.aim === me.id).length;
  if (aimers >= 2 || (aimers >= 1 && me.wounds >= 2)) return "lie_down";
  return "stand";
}

/** F7.5, F7.6, F6: what a loot card is worth to `me` now (paintings by the set they complete, a kit by the wounds it heals, a clip if it would reload). */
export function worthTo(me: CngSeatView, card: LootCard): number {
  if (card === "painting") {
    const have = me.loot.filter((c) => c === "painting").length;
    return paintingValue(Math.min(have + 1, 10)) - paintingValue(have);
  }
  if (card === "first_aid_kit") return me.wounds * 15_000;
  if (card === "clip") return (me.hand?.click ?? 0) > 0 && (me.discard?.bang ?? 0) > 0 ? 12_000 : 0;
  return faceValue(card) + (card.startsWith("diamond_") ? 5_000 : 0);
}

/** F5.3, F5.5: the most valuable card, or the tile when nothing on the table is worth much and the desk would change hands. */
function takeChoice(view: CngView, me: CngSeatView, cards: (LootCard | typeof NEW_GODFATHER)[]): LootCard | typeof NEW_GODFATHER {
  const loot = cards.filter((c): c is LootCard => c !== NEW_GODFATHER);
  const best = loot.reduce((a, b) => (worthTo(me, b) > worthTo(me, a) ? b : a), loot[0]!);
  const tileMatters = cards.includes(NEW_GODFATHER) && view.round < 8 && view.godfather !== me.id && worthTo(me, best) < TILE_WORTH;
  return tileMatters ? NEW_GODFATHER : best;
}

/**
 * The heuristic player: bluffs with a `click` early and keeps `bang` for later (bulletChoice); aims at
 * the richest or most wounded rival; as Godfather, orders a player who aims at him, else passes; lies
 * down when several aim at it or a third wound would kill it; takes the most valuable loot, or the New
 * Godfather tile when it matters. Reads only its own view. Throws when the view does not wait for `me`.
 */
export function heuristicChoice(rng: BotRng, view: CngView, me: PlayerId): CngCommand {
  const legal = legalActions(view, me);
  const seat = view.players.find((p) => p.id === me)!;
  switch (legal.kind) {
    case "choose_bullet":
      return { type: "choose_bullet", by: me, card: bulletChoice(rng, view, seat, legal.cards) };
    case "aim":
      return { type: "aim", by: me, target: richestOf(view, legal.targets) };
    case "privilege": {
      const atMe = legal.players.find((id) => view.players.find((p) => p.id === id)!.aim === me);
      return atMe ? { type: "order_change", by: me, player: atMe } : { type: "pass", by: me };
    }
    case "retarget":
      return { type: "retarget", by: me, target: richestOf(view, legal.targets) };
    case "courage":
      return { type: "courage", by: me, choice: courageChoice(view, seat) };
    case "take":
      return { type: "take", by: me, card: takeChoice(view, seat, legal.cards) };
    case "none":
      throw new Error(`heuristic bot: the game does not wait for "${me}"`);
  }
}

/** The heuristic bot (see heuristicChoice), with its own generator seeded by `seed`. */
export function createHeuristicBot(seed: Seed): Bot<CngView, CngCommand> {
  const rng = createBotRng(seed);
  return { kind: "heuristic", choose: (view, me) => heuristicChoice(rng, view, me) };
}
