/**
 * The web UI of Bang! The Dice Game (game id `dice`, @bang/game-dice): the table on the table kit
 * (components/table) with the seated player's controls, the event log's sentences and turn headings,
 * and the inspector's jumps (Indian attacks, eliminations, the end) and rolled dice. registry.ts maps
 * the game's id to it.
 */
import { TEAMS, type GameEvent as DiceEvent } from "@bang/game-dice";
import type { GameUi } from "@/games/ui";
import { DiceGame } from "./DiceGame";
import { describeEvent, turnStart } from "./log";
import { throwOpeningTurn } from "./faces";
import { MARKS } from "./marks";
import { Rolls } from "./Rolls";
import "./dice.css";

/** The dice game's UI for the shell (registry.ts). */
export const diceUi: GameUi = {
  Table: DiceGame,
  describeEvent: (event, names) => describeEvent(event as unknown as DiceEvent, names),
  turnStart,
  openingTurn: throwOpeningTurn,
  drawsPresence: true,
  marks: MARKS,
  EntryDetail: Rolls,
  teams: TEAMS,
};
