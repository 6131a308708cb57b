/**
 * The duel's event log in plain words (RULES.md part D): one sentence per event, names instead of ids,
 * and the heading of each turn. Picks carry no card before the reveal (the server's events do not).
 */
import type { DestroyCause, DuelEvent, Row } from "@bang/game-dice-duel";
import { nameOf, type Names } from "../../lib/names";
import { describeThrow, faceList, isThrowEvent, throwTurnStart } from "../dice/faces";

const card = (row: Row, column: number) => `${row} card in column ${column + 1}`;

const CAUSE: Record<DestroyCause, string> = { dynamite: "the dynamite", molotov: "a molotov", shot: "a shot", outlaw: "the outlaw card" };

/** One duel event of the log as a sentence. */
export function describeDuelEvent(event: DuelEvent, names: Names): string {
  if (isThrowEvent(event)) return describeThrow(event, names);
  const n = (id: string | null | undefined) => nameOf(names, id);
  switch (event.type) {
    case "ammoGained":
      return `${n(event.player)} gains ${event.amount} ammo (now ${event.ammo}).`;
    case "diceChanged":
      return `${n(event.player)} turns dice with beer: ${faceList(event.dice)}.`;
    case "molotov":
      return `Molotov! ${n(event.player)} burns the opponent's ${event.row} row.`;
    case "cardDestroyed":
      return event.cause === "dynamite" ? `The dynamite destroys ${n(event.player)}'s ${card(event.row, event.column)}.` : `${n(event.by)} destroys ${n(event.player)}'s ${card(event.row, event.column)} with ${CAUSE[event.cause]}.`;
    case "cardRestored":
      return `${n(event.player)} restores their ${card(event.row, event.column)} (${event.cause === "arrows" ? "a pair of arrows" : "the sheriff card"}).`;
    case "ammoSpent":
      return `${n(event.player)} pays 1 ammo (${event.ammo} left).`;
    case "ammoStolen":
      return `${n(event.player)} steals ${event.amount} ammo from ${n(event.from)}.`;
    case "duelStarted":
      return event.round > 1 ? `Equal cards: the duel is played again (round ${event.round}), ${n(event.starter)} starting.` : `Duel! ${n(event.starter)} starts it: both pick a card in secret.`;
    case "duelPicked":
      return `${n(event.player)} has picked${event.timedOut ? " (time ran out: a random card)" : ""}.`;
    case "duelRevealed": {
      const picks = event.picks.map((p) => `${n(p.player)} the ${p.card}`).join(", ");
      const outcome = event.outcome === "again" ? "equal cards" : event.outcome === "blocked" ? `${n(event.starter)}'s card is blocked` : `${n(event.starter)}'s card takes effect`;
      return `Cards shown: ${picks}: ${outcome}.`;
    }
    case "effectRequested":
      return `${n(event.player)} chooses ${event.count} cards for the ${event.card}.`;
    case "gameOver":
      return `Game over: ${event.winner.players.map(n).join(", ")} wins the duel.`;
  }
}

/** The heading of each turn in the log ("Turn 3 · Ann"); null for other events. */
export const duelTurnStart = (event: { type: string }, names: Names): string | null => throwTurnStart(event, names);
