/**
 * The dice game's event log in plain words (the play page's log and the admin's inspector): one
 * sentence per event, names instead of ids, and the heading of each turn.
 */
import type { GameEvent, Role, Team } from "@bang/game-dice";
import { nameOf, type Names } from "../../lib/names";
import { describeThrow, isThrowEvent, throwTurnStart } from "./faces";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const life = (n: number) => count(n, "life", "life");

/** "an outlaw", "the sheriff". */
const ROLE_WORDS: Record<Role, string> = { sheriff: "the sheriff", deputy: "a deputy", outlaw: "an outlaw", renegade: "a renegade" };

/** The winning side in words: with 3 players the team is the winner's role (R7.3). */
const TEAM_WORDS: Record<Team, string> = { law: "the law (the sheriff and the deputies)", outlaws: "the outlaws", renegade: "the renegade", deputy: "the deputy", outlaw: "the outlaw" };

/** One event of the dice game's log as a sentence. */
export function describeEvent(event: GameEvent, names: Names): string {
  if (isThrowEvent(event)) return describeThrow(event, names);
  const n = (id: string | null) => nameOf(names, id);
  switch (event.type) {
    case "arrowTaken":
      return `${n(event.player)} takes an arrow (${event.arrowsInPile} left in the pile).`;
    case "indianAttack": {
      const hit = event.losses.filter((l) => l.life > 0);
      return hit.length === 0 ? "Indian attack! Nobody loses life." : `Indian attack! ${hit.map((l) => `${n(l.player)} loses ${life(l.life)}`).join(", ")}.`;
    }
    case "lifeLost":
      switch (event.cause) {
        case "shot":
          return `${n(event.player)} is shot by ${n(event.by)} and loses ${life(event.amount)}.`;
        case "gatling":
          return `${n(event.player)} loses ${life(event.amount)} to ${n(event.by)}'s Gatling.`;
        case "dynamite":
          return `${n(event.player)} loses ${life(event.amount)} to the dynamite.`;
        case "indianAttack":
          return `${n(event.player)} loses ${life(event.amount)} to the Indians.`;
      }
      break;
    case "lifeGained":
      switch (event.cause) {
        case "beer":
          return `${n(event.player)} drinks a beer: +${life(event.amount)}.`;
        case "sid_ketchum":
          return `${n(event.player)} is healed by Sid Ketchum: +${life(event.amount)}.`;
        case "suzy_lafayette":
          return `${n(event.player)} rolled no 1 and no 2: +${life(event.amount)} (Suzy Lafayette).`;
        case "vulture_sam":
          return `${n(event.player)} profits from an elimination: +${life(event.amount)} (Vulture Sam).`;
      }
      break;
    case "arrowsReturned": {
      const arrows = count(event.count, "arrow", "arrows");
      switch (event.reason) {
        case "gatling":
          return `${n(event.player)} puts ${arrows} back in the pile (the Gatling fired).`;
        case "kit_carlson":
          return `${n(event.player)} puts ${arrows} back in the pile (Kit Carlson's Gatling die).`;
        case "pedro_ramirez":
          return `${n(event.player)} puts ${arrows} back in the pile for the life lost (Pedro Ramirez).`;
        case "eliminated":
          return `${n(event.player)}'s ${arrows} ${event.count === 1 ? "goes" : "go"} back to the pile.`;
        case "indianAttack":
          return `${n(event.player)}'s ${arrows} ${event.count === 1 ? "goes" : "go"} back to the pile after the attack.`;
      }
      break;
    }
    case "reactionRequested":
      return `${n(event.player)} may take up to ${count(event.max, "arrow", "arrows")} instead of losing life (Bart Cassidy).`;
    case "reacted":
      return event.arrows === 0 ? `${n(event.player)} takes no arrow.` : `${n(event.player)} takes ${count(event.arrows, "arrow", "arrows")} instead of ${life(event.arrows)}.`;
    case "gatlingFired":
      return `${n(event.player)} fires the Gatling!`;
    case "eliminated":
      return `${n(event.player)} is eliminated${event.by && event.by !== event.player ? ` by ${n(event.by)}` : ""}: ${ROLE_WORDS[event.role]}.`;
    case "gameOver":
      return `Game over: ${TEAM_WORDS[event.winner.team]} win${event.winner.players.length === 1 ? "s" : ""} (${event.winner.players.map(n).join(", ")}).`;
  }
  return "";
}

/** The heading of each turn in the log ("Turn 3 · Ann"), from the turn's `turnStarted`; null for other events. */
export const turnStart = (event: { type: string }, names: Names): string | null => throwTurnStart(event, names);
