/**
 * The card game's events (RULES-cards.md part E) as short lines for people. The events are the ones the
 * viewer was shown (the module's viewEvent): a card drawn by someone else, a random card taken from a
 * hand, Kit Carlson's cards come as null here and are told without naming them.
 */
import type { CardId, GameEvent, PlayerView } from "@bang/game-cards";
import { article } from "./format.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `bang_7d, beer_6h`, or `2 cards` when the viewer may not see them. */
function cardsText(cards: readonly (CardId | null)[]): string {
  return cards.every((c) => c !== null) ? cards.join(", ") : plural(cards.length, "card");
}

const CHECK_WORDS: Readonly<Record<string, string>> = { dynamite: "the Dynamite", jail: "the Jail", barrel: "the barrel" };

const DISCARD_WORDS: Readonly<Record<string, string>> = {
  effect: "",
  phase3: " (phase 3)",
  ability: " (sid_ketchum: 1 life for 2 cards)",
  penalty: " (the sheriff's penalty for eliminating a deputy)",
  eliminated: " (eliminated)",
  replaced: " (weapon replaced)",
};

/** One line for one event, or null for bookkeeping the table already shows. */
function describe(e: GameEvent, view: PlayerView): string | null {
  const character = (id: string) => view.players.find((p) => p.id === id)?.character ?? "?";
  switch (e.type) {
    case "turnStarted":
      return `-- turn ${e.turn}: ${e.player} (${character(e.player)}) --`;
    case "reshuffled":
      return `The discard pile is shuffled into a new draw pile (${plural(e.deckSize, "card")}).`;
    case "drew":
      if (e.from === "deck") return `${e.player} draws ${cardsText(e.cards)}`;
      if (e.from === "discard") return `${e.player} takes ${cardsText(e.cards)} from the discard pile`;
      return `${e.player} draws ${cardsText(e.cards)} from ${e.from}'s hand`;
    case "shown":
      return `${e.player} shows ${e.card}`;
    case "looked":
      return `${e.player} looks at ${cardsText(e.cards)}`;
    case "putBack":
      return `${e.player} puts ${e.card ?? "a card"} back on the draw pile`;
    case "checked":
      return `${e.player} "draw!" for ${CHECK_WORDS[e.purpose] ?? e.purpose}: ${e.cards.length > 1 ? `${e.cards.join(", ")}, keeps ${e.card}` : e.card}: ${e.success ? "success" : "failure"}`;
    case "played":
      return `${e.player} plays ${e.card}${e.as ? " as a BANG!" : ""}${e.target ? ` at ${e.target}` : ""}`;
    case "responded":
      return `${e.player} answers with ${e.card}`;
    case "passed":
      return `${e.player} passes`;
    case "shotMissed":
      return `the shot at ${e.player} misses`;
    case "discarded":
      return `${e.player} discards ${e.cards.join(", ") || "nothing"}${DISCARD_WORDS[e.reason] ?? ""}`;
    case "stolen":
      return `${e.player} takes ${e.card ?? "a card"} from ${e.from}'s ${e.fromHand ? "hand" : "cards in play"}`;
    case "storeOpened":
      return `General Store: ${e.cards.join(", ")}`;
    case "picked":
      return `${e.player} picks ${e.card}`;
    case "movedInPlay":
      return `${e.card} moves from ${e.from} to ${e.to}`;
    case "lifeLost":
      return `${e.player} loses ${plural(e.amount, "life point")}${e.by ? ` (${e.by})` : ""}`;
    case "lifeGained":
      return `${e.player} gains ${plural(e.amount, "life point")} (${e.cause})`;
    case "eliminated":
      return `${e.player} is eliminated${e.by ? ` by ${e.by}` : ""}: ${article(e.role)} ${e.role}`;
    case "cardsTaken":
      return `${e.player} takes ${e.from}'s ${plural(e.count, "card")} (vulture_sam)`;
    case "turnSkipped":
      return `${e.player} stays in jail: turn skipped`;
    case "turnEnded":
      return null;
    case "gameOver":
      return `Game over: ${e.winner.team} win${e.winner.team === "renegade" ? "s" : ""} (${e.winner.players.join(", ")})`;
  }
}

/** One short line per event worth telling; `view` is the viewer's after the events. */
export function describeEvents(events: readonly GameEvent[], view: PlayerView): string[] {
  return events.map((e) => describe(e, view)).filter((line): line is string => line !== null);
}
