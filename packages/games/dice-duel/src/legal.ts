import { countFace } from "@bang/game-dice";
import { cardsWhere, repairableColumns } from "./hideout.js";
import { molotovRow, rowOfShot } from "./resolve.js";
import { DUEL_CARDS, type CardRef, type DuelCard, type Face, type PlayerId, type Row } from "./types.js";
import type { DuelView } from "./view.js";

/**
 * What a duellist may do now, read from their own view (the only input duel bots and UI hints use).
 * For `resolve`, the options are given for the dice as they are; beer changes (R8.4) alter them, and
 * {@link duelTargets} gives the options for any final dice.
 */
export type DuelLegalActions =
  | { kind: "none" }
  | { kind: "roll" }
  | { kind: "reroll"; rerollable: number[]; rollsLeft: number }
  | { kind: "resolve"; beers: number[]; targets: DuelTargets }
  | { kind: "pick"; cards: DuelCard[] }
  | { kind: "effect"; card: "sheriff" | "outlaw"; count: number; cards: CardRef[] };

/** The choices a resolution offers for given final dice (R8.5 to R8.8). */
export interface DuelTargets {
  /** R8.6: own standing cards the explosion may destroy, or null without an explosion. */
  dynamite: CardRef[] | null;
  /** R8.5: the row a molotov burns (then nothing else resolves), or null. */
  molotov: Row | null;
  /** R8.7: each shot die, its row and the opponent's standing columns in it (before any shot lands). */
  shots: { die: number; row: Row; columns: number[] }[];
  /** The ammo that pays for the shots. */
  ammo: number;
  /** R8.8: pairs of arrows, and the own columns where a card can be restored. */
  pairs: number;
  repairable: number[];
}

/** The resolution options for `me` with final dice `dice` (R8.5 to R8.8), from a view. */
export function duelTargets(view: DuelView, me: PlayerId, dice: readonly Face[]): DuelTargets {
  const mine = view.players.find((p) => p.id === me)!;
  const theirs = view.players.find((p) => p.id !== me)!;
  const molotov = molotovRow(dice);
  const shots = molotov ? [] : dice.flatMap((face, die) => {
    const row = rowOfShot(face);
    return row ? [{ die, row, columns: theirs.hideout[row].flatMap((up, c) => (up ? [c] : [])) }] : [];
  });
  return {
    dynamite: view.exploded ? cardsWhere(mine.hideout, true) : null,
    molotov,
    shots,
    ammo: mine.ammo,
    pairs: molotov ? 0 : Math.floor(countFace(dice, "arrow") / 2),
    repairable: repairableColumns(mine.hideout),
  };
}

/** Lists the legal actions of `playerId` in duel view `view` (R8.2 to R8.9). */
export function duelLegalActions(view: DuelView, playerId: PlayerId): DuelLegalActions {
  if (!view.waitingFor.includes(playerId)) return { kind: "none" };
  switch (view.phase) {
    case "rolling":
      if (view.rolls === 0) return { kind: "roll" };
      return { kind: "reroll", rerollable: view.dice.flatMap((face, i) => (face !== "dynamite" ? [i] : [])), rollsLeft: view.maxRolls - view.rolls };
    case "resolving":
      return { kind: "resolve", beers: view.dice.flatMap((f, i) => (f === "beer" ? [i] : [])), targets: duelTargets(view, playerId, view.dice) };
    case "duel":
      return { kind: "pick", cards: [...DUEL_CARDS] };
    case "duelEffect": {
      const effect = view.effect!;
      const me = view.players.find((p) => p.id === playerId)!;
      const them = view.players.find((p) => p.id !== playerId)!;
      const cards = effect.card === "sheriff" ? cardsWhere(me.hideout, false) : cardsWhere(them.hideout, true);
      return { kind: "effect", card: effect.card, count: effect.count, cards };
    }
    default:
      return { kind: "none" };
  }
}
