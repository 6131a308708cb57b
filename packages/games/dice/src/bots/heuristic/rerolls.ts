import { countFace } from "../../rules/dice.js";
import { shotTargets } from "../../rules/distance.js";
import type { Face } from "../../types.js";
import { beersWanted } from "./beers.js";
import { PROTECTED, type Table } from "./knowledge.js";

/** With this many dynamite locked, one more explodes them (R2.6). */
const DYNAMITE_DANGER = 2;
/** With the dynamite in danger, reroll only when more than this many dice are worth changing... */
const FEW_BAD_DICE = 1;
/** ...and only above this life (an explosion costs 1 life, R3.2). */
const LOW_LIFE = 2;

/**
 * R2.1 to R2.6: the dice to reroll, or null to stop. Keeps what serves the bot's role and rerolls the
 * rest:
 * - `arrow` is always rerolled (it already took its arrow, R2.4; the die is otherwise useless);
 * - `dynamite` is locked (R2.3), but Black Jack rerolls it (C2);
 * - a `1`/`2` is kept when it reaches a wanted target (hostility > 0), else rerolled;
 * - `beer` is kept while someone the bot cares for is hurt (one per missing life point), plus one for
 *   Slab the Killer's double (C13) when a shot is worth doubling;
 * - `gatling` is kept with 2+ of them (3 fire, R3.8; 1+ for Willy the Kid, who needs 2, C16), unless it
 *   would finish the player whose fall loses the game (the sheriff at 1 life for a deputy).
 * Stops instead when nothing is worth rerolling, when 2 dynamite show and the rest is good or the bot
 * is low (R2.6), or when the arrows a reroll may take could empty the pile into an Indian attack
 * that finishes the bot (R2.5, R4.1).
 */
export function chooseReroll(t: Table, rerollable: readonly number[]): number[] | null {
  const { me, view } = t;
  const dice = view.dice;
  const wants1 = dice.includes("1") && reachesWanted(t, "1");
  const wants2 = dice.includes("2") && reachesWanted(t, "2");
  const gatlingNeeded = me.character === "willy_the_kid" ? 2 : 3;
  const keepGatling = countFace(dice, "gatling") >= gatlingNeeded - 1 && !gatlingFinishesProtected(t);
  let beersLeft = beersWanted(t) + (me.character === "slab_the_killer" && (wants1 || wants2) ? 1 : 0);

  const out: number[] = [];
  let lockedDynamite = 0;
  for (let i = 0; i < dice.length; i++) {
    const face = dice[i]!;
    let keep: boolean;
    switch (face) {
      case "arrow":
      case "dynamite":
        keep = false;
        break;
      case "1":
        keep = wants1;
        break;
      case "2":
        keep = wants2;
        break;
      case "beer":
        keep = beersLeft > 0;
        if (keep) beersLeft--;
        break;
      case "gatling":
        keep = keepGatling;
        break;
    }
    if (!keep && rerollable.includes(i)) out.push(i);
    else if (face === "dynamite") lockedDynamite++;
  }
  if (out.length === 0) return null;
  if (lockedDynamite >= DYNAMITE_DANGER && (out.length <= FEW_BAD_DICE || me.life <= LOW_LIFE)) return null;
  if (view.arrowsInPile <= out.length && indiansWouldFinish(t)) return null;
  return out;
}

/** Would a shot die showing `face` reach a player the bot wants to hit (R3.3 to R3.5, C3, C11)? */
function reachesWanted(t: Table, face: Face): boolean {
  for (const id of shotTargets(t.players, t.me.id, face)) {
    const seat = t.players.findIndex((p) => p.id === id);
    if (t.hostility[seat]! > 0) return true;
  }
  return false;
}

/** R3.8, C9: would a Gatling finish a player whose fall loses the game for the bot? */
function gatlingFinishesProtected(t: Table): boolean {
  for (let i = 0; i < t.players.length; i++) {
    const p = t.players[i]!;
    if (p.alive && t.hostility[i]! <= PROTECTED && p.life <= 1 && p.character !== "paul_regret") return true;
  }
  return false;
}

/** R4.1, C6: would an Indian attack with one more arrow held finish the bot? */
function indiansWouldFinish(t: Table): boolean {
  const loss = t.me.character === "jourdonnais" ? 1 : t.me.arrows + 1;
  return loss >= t.me.life;
}
