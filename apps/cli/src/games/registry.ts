/**
 * The terminal faces of the games this CLI knows (DESIGN "Games are modules"): the one file of the CLI
 * outside src/games/<id>/ that names games. A new game is one folder beside these and one line in FACES.
 * A game without a face here (a module the CLI was not given one for, a game only a server hosts) is
 * shown by the JSON face: views and events as JSON, commands typed as JSON.
 */
import type { SeatRange } from "@bang/game-core";
import { findGame } from "@bang/games";
import type { AnyGameUi } from "../shell/game-ui.js";
import { jsonUi } from "../shell/json-ui.js";
import { cardsUi } from "./cards/index.js";
import { cashNGunsUi } from "./cash_n_guns/index.js";
import { diceUi } from "./dice/index.js";
import { diceDuelUi } from "./dice_duel/index.js";

/** The games with a table of their own, in the order lists show them; the first is the default game. */
const FACES: readonly AnyGameUi[] = [diceUi, diceDuelUi, cardsUi, cashNGunsUi];

const byId = new Map(FACES.map((ui) => [ui.id, ui]));

/** Every game with a face of its own, the default one first. */
export function cliGames(): AnyGameUi[] {
  return [...FACES];
}

/** The game `bang` plays when no `--game` is given. */
export function defaultGameId(): string {
  return FACES[0]!.id;
}

/**
 * The face of game `id`: its folder's, else the JSON face, named and sized after the game's module when
 * one is registered, else after `known` (a server's catalog entry), else after its id.
 */
export function gameUi(id: string, known?: { name: string; seats: SeatRange }): AnyGameUi {
  const face = byId.get(id);
  if (face) return face;
  const module = findGame(id);
  if (module) return jsonUi(id, module.name, module.rankedSeats ?? module.seats);
  return jsonUi(id, known?.name, known?.seats);
}
