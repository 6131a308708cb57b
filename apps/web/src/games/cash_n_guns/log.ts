/**
 * Ca$h 'n Guns' event log in plain words (the play page's log and the admin's inspector): one sentence
 * per event, names instead of ids, a heading per round, and the inspector's jumps. An event says only
 * what its viewer's copy holds: a choice event names the player, never the card, aim or courage
 * (F8.4 to F8.7); a face-down card shows its kind to its owner alone (F8.8).
 */
import type { CngEvent } from "@bang/game-cash-n-guns";
import type { Mark } from "../../lib/timeline";
import { nameOf, namesOf, type Names } from "../../lib/names";
import { BULLET_WORDS } from "./controls";
import { dollars, lootName } from "./loot";

const REASON_WORDS = { richest: "the richest", last_survivor: "the last survivor" } as const;

/** One event of the log as a sentence. */
export function describeEvent(event: CngEvent, names: Names): string {
  const n = (id: string | null) => nameOf(names, id);
  switch (event.type) {
    case "roundStarted":
      return `Round ${event.round}: ${n(event.godfather)} is the Godfather; ${event.table.length} loot cards are laid out.`;
    case "bulletChosen":
      return `${n(event.player)} has loaded a card.`;
    case "aimed":
      return `${n(event.player)} has aimed.`;
    case "holdUpClosed":
      return event.slow.length === 0 ? "The hold-up closes." : `The hold-up closes: ${namesOf(names, event.slow)} ${event.slow.length === 1 ? "was" : "were"} too slow and hold${event.slow.length === 1 ? "s" : ""} nobody up.`;
    case "aimsRevealed":
      return `Aims revealed: ${event.aims.map((a) => `${n(a.player)} → ${a.target ? n(a.target) : "nobody"}`).join(", ")}.`;
    case "orderGiven":
      return `The Godfather ${n(event.godfather)} orders ${n(event.player)} to change target.`;
    case "privilegePassed":
      return `The Godfather ${n(event.godfather)} passes.`;
    case "retargeted":
      return `${n(event.player)} aims at ${n(event.target)} instead of ${n(event.from)}.`;
    case "courageChosen":
      return `${n(event.player)} has chosen.`;
    case "courageRevealed": {
      const down = event.choices.filter((c) => c.choice === "lie_down").map((c) => c.player);
      return down.length === 0 ? "Courage revealed: everyone stands." : `Courage revealed: ${namesOf(names, down)} ${down.length === 1 ? "lies" : "lie"} down; the others stand.`;
    }
    case "bulletRevealed":
      return `${n(event.player)}'s card at ${n(event.target)}: ${BULLET_WORDS[event.card]}`;
    case "bulletDiscarded":
      return `${n(event.player)}'s card is discarded face down${event.card ? ` (your ${BULLET_WORDS[event.card]})` : ""}.`;
    case "wounded":
      return `${n(event.player)} takes ${event.amount === 1 ? "a wound" : `${event.amount} wounds`} (${event.wounds} in all).`;
    case "died":
      return `${n(event.player)} dies.`;
    case "lootTaken":
      return `${n(event.player)} takes ${lootName(event.card)}.`;
    case "newGodfatherTaken":
      return `${n(event.player)} takes the New Godfather tile: Godfather from the next round.`;
    case "clipResolved":
      return event.reloaded ? "Your clip brings a Bang! back to your hand for a Click." : "Your clip is lost: nothing to reload.";
    case "firstAidKitUsed":
      return event.healed > 0 ? `${n(event.player)}'s first aid kit heals ${event.healed === 1 ? "1 wound" : `${event.healed} wounds`}.` : `${n(event.player)}'s first aid kit heals nothing.`;
    case "lootDiscarded":
      return `Nobody can take a share: the ${event.cards.length} loot cards leave the game.`;
    case "roundEnded":
      return `End of round ${event.round}; ${n(event.godfather)} holds the Godfather's desk.`;
    case "gameOver": {
      if (event.winner.reason === "all_dead") return "Game over: everyone is dead; nobody wins.";
      const totals = event.totals ? ` Totals: ${Object.entries(event.totals).map(([id, t]) => `${n(id)} ${dollars(t)}`).join(", ")}.` : "";
      const bonus = event.diamondBonus ? ` Diamond bonus: ${n(event.diamondBonus)}.` : "";
      return `Game over: ${namesOf(names, event.winner.players)} ${event.winner.players.length === 1 ? "wins" : "win together"} as ${REASON_WORDS[event.winner.reason]}.${totals}${bonus}`;
    }
  }
}

/** The heading of each round in the log ("Round 3 · Godfather Ann"), from its `roundStarted`; null for other events. */
export function turnStart(event: { type: string }, names: Names): string | null {
  if (event.type !== "roundStarted") return null;
  const e = event as Extract<CngEvent, { type: "roundStarted" }>;
  return `Round ${e.round} · Godfather ${nameOf(names, e.godfather)}`;
}

/** The first round's heading: the deal lays it out without a logged event, so the lines of entry 1 open round 1. */
export const openingTurn = (): string => "Round 1";

/** The events the inspector jumps to: the reveals of aims, the wounds, the deaths, the end. */
export const MARKS: readonly Mark[] = [
  { type: "roundStarted", label: "round" },
  { type: "aimsRevealed", label: "aims" },
  { type: "wounded", label: "wound" },
  { type: "died", label: "death" },
  { type: "gameOver", label: "end" },
];
