import { duelTargets } from "../legal.js";
import { applyChanges } from "../resolve.js";
import type { BeerChange, CardRef, DuelResolveCommand, Face, PlayerId } from "../types.js";
import type { DuelView } from "../view.js";

/** How a duel bot picks among equal-looking options: the index of its choice in a non-empty list. */
export type Choose = <T>(items: readonly T[]) => T;

/** Choices a bot makes once its changes are fixed; defaults pick with `choose`. */
export interface PlanChoices {
  /** Orders the opponent columns a shot may hit (first is taken). */
  shotColumns?: (row: "near" | "far", columns: number[]) => number[];
  /** Orders own standing cards the dynamite may destroy (first is taken). */
  dynamite?: (cards: CardRef[]) => CardRef[];
}

/**
 * Builds a complete, legal duel `resolve` for `me` from its own view and the beer `changes` it chose
 * (R8.4 to R8.8): the own card the dynamite destroys, every shot that has ammo and a target (R8.7, in
 * die order, never twice the same card), and as many repairs as pairs of arrows and repairable columns
 * allow (R8.8). Reads only the view. Throws when `changes` are not legal for the dice (a bot bug).
 */
export function planResolve(view: DuelView, me: PlayerId, changes: BeerChange[], choose: Choose, choices: PlanChoices = {}): DuelResolveCommand {
  const changed = applyChanges(view.dice, changes);
  if ("code" in changed) throw new Error(`planResolve: illegal beer changes ${JSON.stringify(changes)}: ${changed.message}`);
  const dice: Face[] = changed.dice;
  const t = duelTargets(view, me, dice);
  const command: DuelResolveCommand = { type: "resolve", by: me };
  if (changes.length > 0) command.changes = changes;
  if (t.dynamite) {
    const ordered = choices.dynamite ? choices.dynamite(t.dynamite) : [choose(t.dynamite)];
    command.dynamite = ordered[0]!;
  }
  if (t.molotov) return command;

  // Shots: the opponent's hideout as it will be after each shot, and the ammo left.
  const theirs = view.players.find((p) => p.id !== me)!;
  const near = theirs.hideout.near.slice();
  const far = theirs.hideout.far.slice();
  let ammo = t.ammo;
  const shots: { die: number; column: number }[] = [];
  for (const shot of t.shots) {
    if (ammo === 0) break;
    const row = shot.row === "near" ? near : far;
    const open = row.flatMap((up, c) => (up ? [c] : []));
    if (open.length === 0) continue;
    const column = choices.shotColumns ? choices.shotColumns(shot.row, open)[0]! : choose(open);
    row[column] = false;
    ammo--;
    shots.push({ die: shot.die, column });
  }
  if (shots.length > 0) command.shots = shots;

  // Repairs: after the dynamite took its card, one per pair of arrows, each in a repairable column.
  const mine = view.players.find((p) => p.id === me)!;
  const myNear = mine.hideout.near.slice();
  const myFar = mine.hideout.far.slice();
  if (command.dynamite) (command.dynamite.row === "near" ? myNear : myFar)[command.dynamite.column] = false;
  const repairs: number[] = [];
  for (let k = 0; k < t.pairs; k++) {
    const columns = [0, 1, 2, 3].filter((c) => myNear[c] !== myFar[c]);
    if (columns.length === 0) break;
    const column = choose(columns);
    myNear[column] = true;
    myFar[column] = true;
    repairs.push(column);
  }
  if (repairs.length > 0) command.repairs = repairs;
  return command;
}
