/**
 * The web UI of Bang! the card game (game id `cards`, @bang/game-cards, RULES-cards.md part E): the
 * table on the table kit (components/table) with the seated player's hand and actions, the event log's
 * sentences and turn headings, and the inspector's jumps. registry.ts maps the game's id to it.
 */
import { TEAMS, type GameEvent as CardsEvent } from "@bang/game-cards";
import type { GameUi } from "@/games/ui";
import { CardsGame } from "./CardsGame";
import { describeEvent, openingTurn, turnStart } from "./log";
import { MARKS } from "./marks";
import "./cards.css";

/** The card game's UI for the shell (registry.ts). */
export const cardsUi: GameUi = {
  Table: CardsGame,
  describeEvent: (event, names) => describeEvent(event as unknown as CardsEvent, names),
  turnStart,
  openingTurn,
  drawsPresence: true,
  marks: MARKS,
  teams: TEAMS,
};
