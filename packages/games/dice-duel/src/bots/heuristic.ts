import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { countFace } from "@bang/game-dice";
import { duelLegalActions } from "../legal.js";
import { BLOCKS } from "../picks.js";
import { DUEL_CARDS, type BeerChange, type CardRef, type DuelCard, type DuelCommand, type Face, type PlayerId } from "../types.js";
import type { DuelSeatView, DuelView } from "../view.js";
import { planResolve } from "./plan.js";

const ROW_FACE = { near: "1", far: "2" } as const;

/** A card whose column partner is destroyed: destroying it empties the column, which arrows cannot repair (R8.8). */
const partnerDown = (h: DuelSeatView["hideout"], ref: CardRef): boolean => !h[ref.row === "near" ? "far" : "near"][ref.column];

/** Columns ordered so that shots first hit cards whose partner is already destroyed. */
function shotOrder(them: DuelSeatView, row: "near" | "far", columns: number[]): number[] {
  return [...columns].sort((a, b) => Number(partnerDown(them.hideout, { row, column: b })) - Number(partnerDown(them.hideout, { row, column: a })));
}

/** The card the heuristic expects `starter` to play (R8.9): sheriff when hurt, renegade against a rich opponent, else outlaw. */
export function expectedStarterCard(starter: DuelSeatView, other: DuelSeatView): DuelCard {
  if (8 - starter.cards >= 3) return "sheriff";
  if (other.ammo >= 4) return "renegade";
  return "outlaw";
}

/** The card that blocks `card` (R8.9). */
export function blockerOf(card: DuelCard): DuelCard {
  return DUEL_CARDS.find((c) => BLOCKS[c] === card)!;
}

/**
 * Which dice to reroll (R8.2, R8.3): keep shots that have ammo and a target, beers (they change dice,
 * R8.4), arrows when a card can be restored, gatlings once two are showing (a duel); reroll the rest.
 * Null: stop.
 */
function rerollChoice(view: DuelView, me: PlayerId, rerollable: number[]): number[] | null {
  const mine = view.players.find((p) => p.id === me)!;
  const them = view.players.find((p) => p.id !== me)!;
  const repairable = [0, 1, 2, 3].some((c) => mine.hideout.near[c] !== mine.hideout.far[c]);
  const gatlings = countFace(view.dice, "gatling");
  const keep = (face: Face): boolean => {
    if (face === "beer") return true;
    if (face === "1") return mine.ammo > 0 && them.hideout.near.some(Boolean);
    if (face === "2") return mine.ammo > 0 && them.hideout.far.some(Boolean);
    if (face === "arrow") return repairable;
    if (face === "gatling") return gatlings >= 2;
    return false;
  };
  const indexes = rerollable.filter((i) => !keep(view.dice[i]!));
  return indexes.length > 0 ? indexes : null;
}

/** Beer changes (R8.4): each beer turns a die of no use into a shot that has ammo and a target, else an arrow to pair one. */
function changeChoice(view: DuelView, me: PlayerId, beers: number[]): BeerChange[] {
  const mine = view.players.find((p) => p.id === me)!;
  const them = view.players.find((p) => p.id !== me)!;
  const dice = view.dice.slice();
  const shots = dice.filter((d) => d === "1" || d === "2").length;
  const repairable = [0, 1, 2, 3].filter((c) => mine.hideout.near[c] !== mine.hideout.far[c]).length;
  const useless = (i: number): boolean => {
    const d = dice[i]!;
    if (d === "beer" || d === "dynamite") return false;
    if (d === "1" || d === "2") return mine.ammo === 0 || !them.hideout[d === "1" ? "near" : "far"].some(Boolean);
    if (d === "arrow") return repairable === 0;
    if (d === "gatling") return countFace(dice, "gatling") < 2;
    return false;
  };
  const changes: BeerChange[] = [];
  let shotsPlanned = shots;
  for (const beer of beers) {
    const die = [0, 1, 2, 3, 4].find((i) => useless(i) && !changes.some((c) => c.die === i));
    if (die === undefined) break;
    let face: Face | null = null;
    if (mine.ammo > shotsPlanned) {
      const row = them.hideout.near.filter(Boolean).length >= them.hideout.far.filter(Boolean).length ? "near" : "far";
      if (them.hideout[row].some(Boolean)) face = ROW_FACE[row];
    }
    if (!face && repairable > 0 && countFace(dice, "arrow") % 2 === 1) face = "arrow";
    if (!face) continue;
    if (face === "1" || face === "2") shotsPlanned++;
    dice[die] = face;
    changes.push({ beer, die, face });
  }
  return changes;
}

/**
 * The heuristic duel player (RULES.md part D): rerolls keep what serves (shots with ammo, beers, arrows
 * to repair, a pair of gatlings), beers turn useless dice into shots or arrows (R8.4), shots go first
 * to cards whose column partner is destroyed (such a column can no longer be repaired, R8.8), the
 * dynamite takes a card whose partner stands, and duel cards (R8.9) follow the position: as starter,
 * sheriff when hurt, renegade against a rich opponent, else outlaw; as the other player, the card that
 * blocks what the starter should play. One duel card in three is drawn at random, so equal cards
 * never repeat for ever. Throws when the view does not wait for `me`.
 */
export function heuristicDuelChoice(rng: BotRng, view: DuelView, me: PlayerId): DuelCommand {
  const legal = duelLegalActions(view, me);
  const choose = <T>(items: readonly T[]): T => rng.pick(items);
  const mine = view.players.find((p) => p.id === me)!;
  const them = view.players.find((p) => p.id !== me)!;
  switch (legal.kind) {
    case "roll":
      return { type: "roll", by: me };
    case "reroll": {
      const indexes = rerollChoice(view, me, legal.rerollable);
      return indexes ? { type: "reroll", by: me, indexes } : { type: "stop", by: me };
    }
    case "resolve":
      return planResolve(view, me, changeChoice(view, me, legal.beers), choose, {
        shotColumns: (row, columns) => shotOrder(them, row, columns),
        dynamite: (cards) => [...cards].sort((a, b) => Number(partnerDown(mine.hideout, a)) - Number(partnerDown(mine.hideout, b))),
      });
    case "pick": {
      if (rng.chance(1, 3)) return { type: "pick", by: me, card: rng.pick(DUEL_CARDS) };
      const starterId = view.duel!.starter;
      const starter = view.players.find((p) => p.id === starterId)!;
      const other = view.players.find((p) => p.id !== starterId)!;
      const expected = expectedStarterCard(starter, other);
      return { type: "pick", by: me, card: starterId === me ? expected : blockerOf(expected) };
    }
    case "effect": {
      const owner = legal.card === "sheriff" ? mine : them;
      const ordered = [...legal.cards].sort((a, b) => Number(partnerDown(owner.hideout, b)) - Number(partnerDown(owner.hideout, a)));
      return { type: "effect", by: me, cards: ordered.slice(0, legal.count) };
    }
    case "none":
      throw new Error(`heuristic duel bot: the game does not wait for "${me}"`);
  }
}

/** The heuristic duel bot (see heuristicDuelChoice), with its own generator seeded by `seed`. */
export function createHeuristicDuelBot(seed: Seed): Bot<DuelView, DuelCommand> {
  const rng = createBotRng(seed);
  return { kind: "heuristic", choose: (view, me) => heuristicDuelChoice(rng, view, me) };
}
