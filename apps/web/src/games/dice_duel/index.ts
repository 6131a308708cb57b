/**
 * The web UI of the duel (game id `dice_duel`, @bang/game-dice-duel, RULES.md part D), on the table
 * kit: the hideouts, the dice of the dice game (src/games/dice), the resolution built by clicking
 * cards, the secret picks, the event log's sentences and turn headings, and the rolled dice in the
 * inspector. registry.ts maps the game's id to it.
 */
import type { DuelEvent } from "@bang/game-dice-duel";
import type { GameUi } from "@/games/ui";
import { Rolls } from "../dice/Rolls";
import { DuelGame } from "./DuelGame";
import { describeDuelEvent, duelTurnStart } from "./log";
import { throwOpeningTurn } from "../dice/faces";
import "../dice/dice.css";
import "./dice_duel.css";

/** The duel's UI for the shell (registry.ts). */
export const diceDuelUi: GameUi = {
  Table: DuelGame,
  describeEvent: (event, names) => describeDuelEvent(event as unknown as DuelEvent, names),
  turnStart: duelTurnStart,
  openingTurn: throwOpeningTurn,
  drawsPresence: true,
  marks: [{ type: "gameOver", label: "end" }],
  EntryDetail: Rolls,
};
