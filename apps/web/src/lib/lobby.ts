/**
 * The lobby as plain functions (no I/O): the "new table" form (the seats a game's table may have, the
 * seats offered first, the options `createTable` sends for what the player chose), and whether a kept
 * game is one to offer back to the player.
 */
import type { CatalogGame } from "@bang/client";
import type { TableOptions } from "@bang/protocol";

/** Seats offered first when a game allows them: a table of five. */
export const PREFERRED_SEATS = 5;

/**
 * The seats the form offers for `game`: those a table with no gameOptions may have (the form sends
 * none: a size that needs a game option is not offered), else the game's whole range (an older server).
 */
function formSeats(game: Pick<CatalogGame, "seats" | "plainSeats">): { min: number; max: number } {
  return game.plainSeats ?? game.seats;
}

/** "4 to 7" or "2": the players a table of `game` made here may have (the form sets no game option). */
export function seatsText(game: Pick<CatalogGame, "seats" | "plainSeats">): string {
  const { min, max } = formSeats(game);
  return min === max ? String(min) : `${min} to ${max}`;
}

/** Every seat count the form offers for a table of `game`, smallest first. */
export function seatChoices(game: Pick<CatalogGame, "seats" | "plainSeats">): number[] {
  const { min, max } = formSeats(game);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** The seats offered first for `game`: PREFERRED_SEATS kept within what the form offers. */
export function defaultSeats(game: Pick<CatalogGame, "seats" | "plainSeats">): number {
  const { min, max } = formSeats(game);
  return Math.min(max, Math.max(min, PREFERRED_SEATS));
}

/** Who fills the empty seats: a bot kind, or nobody (the host then waits for people). */
export type BotChoice = TableOptions["botKind"] | "none";

/** The `createTable` options of a choice: the game's own options are none yet (`gameOptions: {}`). */
export function tableOptionsFor(game: string, seats: number, bots: BotChoice, turnSeconds: number): TableOptions {
  return { game, seats, botsAllowed: bots !== "none", botKind: bots === "none" ? "heuristic" : bots, turnSeconds, gameOptions: {} };
}

/** A stored game's seats and status as `GET /api/games/:id/seats` gives them. */
export interface SeatsOfGame {
  status: string;
  seats: readonly { id: string; bot: string | null }[];
}

/**
 * Is `game` one to offer as "your game in progress" to player `me`: it still runs and `me` plays a
 * seat of it (a seat whose bot kind is null: not a bot's, nor one an admin gave to the bot)? A game
 * opened to watch, or one of another identity, is not.
 */
export function isMyRunningGame(game: SeatsOfGame, me: string): boolean {
  return game.status === "running" && game.seats.some((s) => s.id === me && s.bot === null);
}
