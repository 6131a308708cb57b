import { canReroll, countFace, gatlingFires, indexesOf } from "./rules/dice.js";
import { livingIds, shotTargets } from "./rules/distance.js";
import type { PlayerId } from "./types.js";
import type { PlayerView } from "./view.js";

/**
 * What a player may do now, read from their own view (boardgame.io's `ai.enumerate`): the only input
 * bots and UI hints need. Choices are listed per die; any combination of them is a legal `resolve`.
 */
export type LegalActions =
  | { kind: "none" }
  | { kind: "heal"; targets: PlayerId[] }
  | { kind: "roll" }
  | { kind: "reroll"; rerollable: number[]; rollsLeft: number }
  | {
      kind: "resolve";
      shots: { die: number; targets: PlayerId[] }[];
      beers: { die: number; targets: PlayerId[] }[];
      /** C13: Slab the Killer may give up one of these beer dice to double one of these shot dice. */
      slab: { beers: number[]; shots: number[] } | null;
      /** C7: Kit Carlson may name up to `max` players holding arrows (`arrows` each at most). */
      arrowDiscards: { max: number; players: { id: PlayerId; arrows: number }[] } | null;
    }
  | { kind: "react"; max: number };

/** Lists the legal actions of `playerId` in `view` (R2, R3, C1, C7, C12, C13). */
export function legalActions(view: PlayerView, playerId: PlayerId): LegalActions {
  if (view.waitingFor[0] !== playerId) return { kind: "none" };
  const me = view.players.find((p) => p.id === playerId)!;
  switch (view.phase) {
    case "reaction":
      return { kind: "react", max: view.reaction?.max ?? 0 };
    case "rolling":
      if (view.healPending) return { kind: "heal", targets: livingIds(view.players) };
      if (view.rolls === 0) return { kind: "roll" };
      return {
        kind: "reroll",
        rerollable: view.dice.flatMap((face, i) => (canReroll(face, me.character) ? [i] : [])),
        rollsLeft: view.maxRolls - view.rolls,
      };
    case "resolving": {
      const shots = indexesOf(view.dice, "1", "2").map((die) => ({ die, targets: shotTargets(view.players, playerId, view.dice[die]!) }));
      const living = livingIds(view.players);
      const beers = indexesOf(view.dice, "beer").map((die) => ({ die, targets: living }));
      const slab = me.character === "slab_the_killer" && shots.length > 0 && beers.length > 0
        ? { beers: beers.map((b) => b.die), shots: shots.map((x) => x.die) }
        : null;
      const gatlings = countFace(view.dice, "gatling");
      // C7: when Kit's own Gatling fires his arrows return anyway, so he names only other players.
      const selfToo = !gatlingFires(view.dice, me.character);
      const holders = view.players.filter((p) => p.alive && p.arrows > 0 && (selfToo || p.id !== playerId)).map((p) => ({ id: p.id, arrows: p.arrows }));
      const arrowDiscards = me.character === "kit_carlson" && gatlings > 0 ? { max: gatlings, players: holders } : null;
      return { kind: "resolve", shots, beers, slab, arrowDiscards };
    }
    default:
      return { kind: "none" };
  }
}
