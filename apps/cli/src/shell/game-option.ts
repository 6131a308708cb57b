/**
 * `--game ID` and its old spelling `--mode NAME` (a game's earlier name, from its module's legacyNames):
 * which game a command plays. Every game of the registry may be named; the default is the CLI's first.
 */
import { plainSeatRange, type AnyGameModule } from "@bang/game-core";
import { findGame, findGameByName, gameById, games } from "@bang/games";
import { defaultGameId, gameUi } from "../games/registry.js";
import { intOption, UsageError } from "../args.js";
import type { AnyGameUi } from "./game-ui.js";

/** The options `--game ID` and `--mode NAME` of node:util parseArgs, for a command's option list. */
export const GAME_FLAGS = { game: { type: "string" }, mode: { type: "string" } } as const;

/** A game id as the protocol writes it (a module's id). */
const GAME_ID = /^[a-z][a-z0-9_]{0,31}$/;

/** The option lines of `--game` and `--mode` for a command's usage, from the registry; `width`: the option column's. */
export function gameOptionsHelp(width = 15): string {
  const ids = games().map((m) => (m.id === defaultGameId() ? `${m.id} (default)` : m.id));
  const legacy = games().flatMap((m) => (m.legacyNames ?? []).map((name) => `${name} = ${m.id}`));
  return [
    `  ${"--game ID".padEnd(width)}the game: ${ids.join(", ")}`,
    `  ${"--mode NAME".padEnd(width)}the old spelling of --game, by a game's earlier name (${legacy.join(", ") || "none"})`,
  ].join("\n");
}

/**
 * The game id of `--game` / `--mode`, or the default game. `anyId`: a server's game this process may not
 * know (any well-formed id; the server refuses an unknown one with UNKNOWN_GAME). Throws UsageError for
 * both options at once, an unknown earlier name, or an unknown id.
 */
export function gameOption(values: { game?: string | undefined; mode?: string | undefined }, anyId = false): string {
  if (values.game !== undefined && values.mode !== undefined) throw new UsageError("--game and --mode: give one (--mode is the old spelling of --game)");
  if (values.mode !== undefined) {
    const module = findGameByName(values.mode);
    if (!module) {
      const names = games().flatMap((m) => [...(m.legacyNames ?? []), m.id]);
      throw new UsageError(`--mode: unknown game "${values.mode}" (one of ${names.join(", ")})`);
    }
    return module.id;
  }
  if (values.game === undefined) return defaultGameId();
  if (findGame(values.game) || (anyId && GAME_ID.test(values.game))) return values.game;
  throw new UsageError(`--game: unknown game "${values.game}" (one of ${games().map((m) => m.id).join(", ")})`);
}

/** A game this process can play itself: its module and its face. */
export interface LocalGame {
  module: AnyGameModule;
  ui: AnyGameUi;
}

/** The module and the face of game `id` (a registered one: see gameOption). */
export function localGame(id: string): LocalGame {
  return { module: gameById(id), ui: gameUi(id) };
}

/**
 * `--players`: the seats of a table of `module`, within its seat range (default the face's). A game of
 * one size refuses any other, naming it.
 */
export function seatsOption(raw: string | undefined, { module, ui }: LocalGame): number {
  // The CLI sets no table option: the seats a table without any may have (a size some game allows only with an option is left out).
  const { min, max } = plainSeatRange(module);
  if (min === max && raw !== undefined && raw.trim() !== String(min)) throw new UsageError(`--players: a table of ${module.name} has ${min} seats, got "${raw}"`);
  return intOption("players", raw, Math.min(max, Math.max(min, ui.defaultSeats)), min, max);
}
