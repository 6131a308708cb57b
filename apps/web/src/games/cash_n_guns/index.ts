/**
 * The web UI of Ca$h 'n Guns (game id `cash_n_guns`, @bang/game-cash-n-guns, RULES-cash-n-guns.md
 * part F) on the table kit (components/table): the gangsters around the table with their wounds, loot
 * and the Godfather, the secret choices (only "has chosen" shows for others), the seat tapped to aim,
 * the reveal with its lines, the loot to take, the final scores; the event log's sentences and round
 * headings, and the inspector's jumps. registry.ts maps the game's id to it.
 */
import type { CngEvent } from "@bang/game-cash-n-guns";
import type { GameUi } from "@/games/ui";
import { CngGame } from "./CngGame";
import { describeEvent, MARKS, openingTurn, turnStart } from "./log";
import "./cash_n_guns.css";

/** Ca$h 'n Guns' UI for the shell (registry.ts). */
export const cashNGunsUi: GameUi = {
  Table: CngGame,
  describeEvent: (event, names) => describeEvent(event as unknown as CngEvent, names),
  turnStart,
  openingTurn,
  drawsPresence: true,
  marks: MARKS,
  teams: ["richest", "last_survivor", "all_dead"],
};
