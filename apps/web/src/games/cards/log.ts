/**
 * The card game's event log in plain words (the play page's log and the admin's inspector): one
 * sentence per event of @bang/game-cards, names instead of ids, card names as printed (E2.1), hidden
 * cards as "a card" (the view already hid them), and the heading of each turn.
 */
import type { CardId, GameEvent } from "@bang/game-cards";
import { nameOf, type Names } from "../../lib/names";
import { cardLabel, count, ROLE_WORDS, TEAM_WORDS } from "./words";

const PURPOSE: Record<"dynamite" | "jail" | "barrel", string> = { dynamite: "the Dynamite", jail: "the Jail", barrel: "a Barrel" };

/** "BANG! (A♠), Beer (6♥)", or "2 cards" when the viewer may not see them. */
function cards(list: readonly (CardId | null)[]): string {
  if (list.length === 0) return "no card";
  if (list.every((c) => c === null)) return count(list.length, "card", "cards");
  return list.map((c) => (c === null ? "a card" : cardLabel(c))).join(", ");
}

/** One event of the card game's log as a sentence. */
export function describeEvent(event: GameEvent, names: Names): string {
  const n = (id: string | null) => nameOf(names, id);
  switch (event.type) {
    case "turnStarted":
      return `Turn ${event.turn}: ${n(event.player)} plays.`;
    case "reshuffled":
      return `The discard pile is shuffled into a new draw pile (${count(event.deckSize, "card", "cards")}).`;
    case "drew": {
      const from = event.from === "deck" ? "" : event.from === "discard" ? " from the discard pile" : ` from ${n(event.from)}'s hand`;
      return `${n(event.player)} draws ${cards(event.cards)}${from}.`;
    }
    case "shown":
      return `${n(event.player)} shows ${cardLabel(event.card)} (Black Jack).`;
    case "looked":
      return `${n(event.player)} looks at the top ${count(event.cards.length, "card", "cards")}${event.cards.some((c) => c !== null) ? `: ${cards(event.cards)}` : ""} (Kit Carlson).`;
    case "putBack":
      return `${n(event.player)} puts ${event.card ? cardLabel(event.card) : "a card"} back on the draw pile.`;
    case "checked": {
      const result = event.purpose === "dynamite" ? (event.success ? "it explodes" : "it does not explode") : event.success ? "a heart" : "no heart";
      const flipped = event.cards.length > 1 ? ` (flipped ${cards(event.cards)})` : "";
      return `${n(event.player)} draws! for ${PURPOSE[event.purpose]}: ${cardLabel(event.card)}${flipped}, ${result}.`;
    }
    case "played": {
      const as = event.as === "bang" ? " as a BANG!" : "";
      return `${n(event.player)} plays ${cardLabel(event.card)}${as}${event.target ? ` on ${n(event.target)}` : ""}.`;
    }
    case "responded":
      return `${n(event.player)} answers with ${cardLabel(event.card)}.`;
    case "passed":
      return `${n(event.player)} does not answer.`;
    case "shotMissed":
      return `The shot at ${n(event.player)} misses.`;
    case "discarded": {
      const why = { effect: "", phase3: " at the end of the turn", ability: " to regain 1 life (Sid Ketchum)", penalty: " (the sheriff eliminated a deputy)", eliminated: " (eliminated)", replaced: " (weapon replaced)" }[event.reason];
      return `${n(event.player)} discards ${cards(event.cards)}${why}.`;
    }
    case "stolen":
      return `${n(event.player)} takes ${event.card ? cardLabel(event.card) : "a card"} from ${n(event.from)}${event.fromHand ? "'s hand" : ""}.`;
    case "storeOpened":
      return `General Store: ${cards(event.cards)} are turned up.`;
    case "picked":
      return `${n(event.player)} picks ${cardLabel(event.card)} from the General Store.`;
    case "movedInPlay":
      return `${cardLabel(event.card)} passes from ${n(event.from)} to ${n(event.to)}.`;
    case "lifeLost":
      return `${n(event.player)} loses ${count(event.amount, "life", "life")}${event.by ? ` (caused by ${n(event.by)})` : ""}.`;
    case "lifeGained": {
      const cause = { beer: "Beer", saloon: "Saloon", sid_ketchum: "Sid Ketchum" }[event.cause];
      return `${n(event.player)} regains ${count(event.amount, "life", "life")} (${cause}).`;
    }
    case "eliminated":
      return `${n(event.player)} is eliminated${event.by && event.by !== event.player ? ` by ${n(event.by)}` : ""}: ${ROLE_WORDS[event.role]}.`;
    case "cardsTaken":
      return `${n(event.player)} takes ${count(event.count, "card", "cards")} from ${n(event.from)} (Vulture Sam).`;
    case "turnSkipped":
      return `${n(event.player)} stays in jail and skips the turn.`;
    case "turnEnded":
      return `${n(event.player)} ends the turn.`;
    case "gameOver":
      return `Game over: ${TEAM_WORDS[event.winner.team]} win${event.winner.players.length === 1 ? "s" : ""} (${event.winner.players.map(n).join(", ")}).`;
  }
}

/** The heading of each turn in the log ("Turn 3 · Ann"), from the turn's `turnStarted`; null for other events. */
export function turnStart(event: { type: string }, names: Names): string | null {
  if (event.type !== "turnStarted") return null;
  const e = event as Extract<GameEvent, { type: "turnStarted" }>;
  return `Turn ${e.turn} · ${nameOf(names, e.player)}`;
}

/**
 * The heading of the first turn: the deal starts the sheriff's turn without a `turnStarted` (E1.7), so
 * it comes from the game's first event, the sheriff's draw (or a check of his); null without a player.
 */
export function openingTurn(first: { type: string }, names: Names): string | null {
  const player = (first as { player?: unknown }).player;
  return typeof player === "string" ? `Turn 1 · ${nameOf(names, player)}` : null;
}
