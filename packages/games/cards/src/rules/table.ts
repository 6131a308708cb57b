import { kindOf } from "./deck.js";
import { WEAPON_REACH, type CardId, type Character, type Kind, type PlayerId, type Weapon } from "../types.js";

/**
 * A seat as the shared rule checks read it: enough for distance, reach and legality, and the same on
 * the full state and on a player's view (so bots and the reducer use one set of checks).
 */
export interface TableSeat {
  id: PlayerId;
  character: Character;
  life: number;
  maxLife: number;
  alive: boolean;
  inPlay: readonly CardId[];
  handSize: number;
}

/** Does `p` have a card of `kind` in play? */
export const hasInPlay = (p: { inPlay: readonly CardId[] }, kind: Kind): boolean => p.inPlay.some((c) => kindOf(c) === kind);

/** The card of `kind` that `p` has in play, if any. */
export const inPlayOf = (p: { inPlay: readonly CardId[] }, kind: Kind): CardId | undefined => p.inPlay.find((c) => kindOf(c) === kind);

/** E4.3: the weapon of `p` (`colt_45` with no weapon card in play). */
export function weaponOf(p: { inPlay: readonly CardId[] }): Weapon {
  for (const c of p.inPlay) {
    const k = kindOf(c);
    if (k in WEAPON_REACH) return k as Weapon;
  }
  return "colt_45";
}

/** E4.3: the reach of `p`'s weapon. */
export const reachOf = (p: { inPlay: readonly CardId[] }): number => WEAPON_REACH[weaponOf(p)];

/** E4.1: the base distance between two players still in the game (fewest living seats either way). */
export function baseDistance(seats: readonly TableSeat[], from: PlayerId, to: PlayerId): number {
  // One pass, no list: this runs for every BANG! and Panic! a player could play (legalPlays).
  let living = 0;
  let a = -1;
  let b = -1;
  for (const p of seats) {
    if (!p.alive) continue;
    if (a < 0 && p.id === from) a = living;
    if (b < 0 && p.id === to) b = living;
    living++;
  }
  const d = Math.abs(a - b);
  return Math.min(d, living - d);
}

/**
 * E4.2, E6.2, E6.3, E10.9, E10.11: the distance from `from` to `to`: base distance, +1 for a Mustang of
 * the target, +1 for Paul Regret, −1 for a Scope of the viewer, −1 for Rose Doolan; never below 1.
 * Throws RangeError when `from` or `to` has no seat (ids are checked at the edge).
 */
export function distance(seats: readonly TableSeat[], from: PlayerId, to: PlayerId): number {
  let a: TableSeat | undefined;
  let b: TableSeat | undefined;
  for (const p of seats) {
    if (a === undefined && p.id === from) a = p;
    if (b === undefined && p.id === to) b = p;
  }
  if (a === undefined || b === undefined) throw new RangeError(`distance: no seat ${JSON.stringify(a === undefined ? from : to)}`);
  let d = baseDistance(seats, from, to);
  if (hasInPlay(b, "mustang")) d++;
  if (b.character === "paul_regret") d++;
  if (hasInPlay(a, "scope")) d--;
  if (a.character === "rose_doolan") d--;
  return Math.max(1, d);
}

/** E7.1, E6.1, E10.6: the barrel sources `p` has (a Barrel in play; Jourdonnais's built-in one). */
export function barrelSources(p: Pick<TableSeat, "inPlay" | "character">): ("barrel" | "jourdonnais")[] {
  const out: ("barrel" | "jourdonnais")[] = [];
  if (hasInPlay(p, "barrel")) out.push("barrel");
  if (p.character === "jourdonnais") out.push("jourdonnais");
  return out;
}
