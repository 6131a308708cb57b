/**
 * The games the web app has a UI for: game id -> a loader of its folder's UI (src/games/<id>/). The one
 * file of the web app outside those folders that names games. Each UI is its own chunk, loaded when a
 * page first shows that game, so a player's page carries only the game on the table (the table page's
 * JavaScript budget, docs/web-app.md). A game missing here is shown by the generic fallback. A new
 * game's UI is a folder and one line here.
 */
import type { GameUi } from "./ui";

const LOADERS: Readonly<Record<string, () => Promise<GameUi>>> = {
  dice: () => import("./dice").then((m) => m.diceUi),
  dice_duel: () => import("./dice_duel").then((m) => m.diceDuelUi),
  cards: () => import("./cards").then((m) => m.cardsUi),
  cash_n_guns: () => import("./cash_n_guns").then((m) => m.cashNGunsUi),
};

const loaded = new Map<string, GameUi>();

/** Does the web app have a UI folder for game `game`? */
export const hasGameUi = (game: string): boolean => Object.hasOwn(LOADERS, game);

/** The UI of game `game` once loaded (loadGameUi), else undefined. */
export const loadedGameUi = (game: string): GameUi | undefined => loaded.get(game);

/** Loads the UI of game `game` (once; later calls answer from memory); undefined for a game without a folder. */
export async function loadGameUi(game: string): Promise<GameUi | undefined> {
  if (!hasGameUi(game)) return undefined;
  const known = loaded.get(game);
  if (known) return known;
  const ui = await LOADERS[game]!();
  loaded.set(game, ui);
  return ui;
}

/** The ids of the games the web app has a UI for. */
export const gameUiIds = (): string[] => Object.keys(LOADERS);
