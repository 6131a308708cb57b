/**
 * @bang/games: the registry of game modules (DESIGN "Games are modules"), the one place that names them
 * all. The server, the protocol's users, the scenario runner, the bots' load generator and the shells
 * reach a game only through it, by its id. A new game is one import and one line in BUILT_IN.
 */
import { defineGame, type AnyGameModule } from "@bang/game-core";
import { cards } from "@bang/game-cards";
import { cashNGuns } from "@bang/game-cash-n-guns";
import { dice } from "@bang/game-dice";
import { diceDuel } from "@bang/game-dice-duel";

/** The games every node hosts, in the order lists show them. */
const BUILT_IN: readonly AnyGameModule[] = [dice, diceDuel, cards, cashNGuns];

const modules = new Map<string, AnyGameModule>(BUILT_IN.map((m) => [m.id, m]));

/** A public matchmaking queue a node opens by default (the server's queue definition, plain data). */
export interface DefaultQueue {
  id: string;
  game: string;
  minSeats: number;
  maxSeats: number;
  botsAfterSeconds?: number;
  maxWaitSeconds?: number;
}

/**
 * The queues of a node with no MATCHMAKING_QUEUES (the server checks them like any definition): dice
 * tables of 5, of 4 to 8, of 4 with bots after 30 s, duels, card-game tables of 4 to 7, and Ca$h 'n Guns
 * tables of 4 to 8.
 */
export const DEFAULT_QUEUES: readonly DefaultQueue[] = [
  { id: "dice-5", game: "dice", minSeats: 5, maxSeats: 5 },
  { id: "dice-4-8", game: "dice", minSeats: 4, maxSeats: 8 },
  { id: "dice-4-bots", game: "dice", minSeats: 4, maxSeats: 4, botsAfterSeconds: 30, maxWaitSeconds: 300 },
  { id: "dice_duel-2", game: "dice_duel", minSeats: 2, maxSeats: 2 },
  { id: "cards-4-7", game: "cards", minSeats: 4, maxSeats: 7 },
  { id: "cash_n_guns-4-8", game: "cash_n_guns", minSeats: 4, maxSeats: 8 },
];

/** Thrown for a game id no module has (a caller names the field in its own refusal). */
export class UnknownGameError extends Error {
  constructor(readonly game: string) {
    super(`unknown game ${JSON.stringify(game)} (one of ${[...modules.keys()].join(", ")})`);
    this.name = "UnknownGameError";
  }
}

/** Every registered game module, built-in ones first. */
export function games(): AnyGameModule[] {
  return [...modules.values()];
}

/** The ids of every registered game. */
export function gameIds(): string[] {
  return [...modules.keys()];
}

/** The module of game `id`, or undefined. */
export function findGame(id: string): AnyGameModule | undefined {
  return modules.get(id);
}

/** The module of game `id`. Throws UnknownGameError when no module has that id. */
export function gameById(id: string): AnyGameModule {
  const module = modules.get(id);
  if (!module) throw new UnknownGameError(id);
  return module;
}

/**
 * The module a stored file names: by its game id, or by an earlier name of the game (files written
 * before games were modules say `"mode": "classic"` or `"duel"`: a module's `legacyNames`). Undefined
 * when none fits.
 */
export function findGameByName(name: string): AnyGameModule | undefined {
  return modules.get(name) ?? [...modules.values()].find((m) => m.legacyNames?.includes(name));
}

/**
 * Adds a game module (checked by defineGame) to this process's registry: a game that lives outside the
 * repository, or a test's own module. Throws when the module is malformed, its id is taken, or its id
 * or one of its earlier names (`legacyNames`) is another game's id or earlier name.
 */
export function registerGame(module: AnyGameModule): void {
  defineGame(module);
  if (modules.has(module.id)) throw new Error(`game "${module.id}" is registered already`);
  // An earlier name resolves old files to one game only: no clash with another game's id or names.
  for (const other of modules.values()) {
    if (other.legacyNames?.includes(module.id)) throw new Error(`game "${module.id}" is an earlier name of game "${other.id}"`);
    for (const name of module.legacyNames ?? []) {
      if (name === other.id || other.legacyNames?.includes(name)) throw new Error(`the earlier name "${name}" of game "${module.id}" is taken by game "${other.id}"`);
    }
  }
  modules.set(module.id, module);
}

/**
 * Loads and registers game modules from files or packages (ESM specifiers, e.g. the server's
 * GAME_MODULES): each must export its module as `default` or as `module`. Resolves with the modules
 * added. Rejects naming the specifier when one cannot be imported or is not a module.
 */
export async function loadGameModules(specifiers: readonly string[]): Promise<AnyGameModule[]> {
  const added: AnyGameModule[] = [];
  for (const specifier of specifiers) {
    let loaded: Record<string, unknown>;
    try {
      loaded = (await import(specifier)) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`game module ${specifier}: cannot be imported: ${(error as Error).message}`);
    }
    const module = (loaded.default ?? loaded.module) as AnyGameModule | undefined;
    if (!module || typeof module !== "object") throw new Error(`game module ${specifier}: exports no module (default or "module")`);
    try {
      registerGame(module);
    } catch (error) {
      throw new Error(`game module ${specifier}: ${(error as Error).message}`);
    }
    added.push(module);
  }
  return added;
}
