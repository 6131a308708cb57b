/**
 * Game log files (game-core's GameLog `{game, setup, entries}`), as `bang play --save` and `bang simulate
 * --save-dir` write them and `bang replay` reads them. Files written before games were modules are read
 * too: their game is `setup.mode` (a game's earlier name, or none: the first game) and their entries'
 * forced throws are in the field the game's face names (`oldThrowsField`), read as `draws` of rolls.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { isSeed, type AnyGameModule, type Draw, type GameLog } from "@bang/game-core";
import { findGameByName, gameIds, games } from "@bang/games";
import { gameUi } from "../games/registry.js";

/** A game log file that cannot be used: unreadable, bad JSON, an unknown game, or a field of the wrong shape. */
export class LogFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LogFileError";
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A recorded draw: one object with exactly one of roll (a list), shuffle (a list) or pick. */
function isDraw(v: unknown): v is Draw {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  const [key] = keys;
  return key === "pick" || ((key === "roll" || key === "shuffle") && Array.isArray(v[key]));
}

/** The game a log names: `game` (an id), else an old file's `setup.mode` (an earlier name), else the first game. */
function gameOf(json: Record<string, unknown>, setup: Record<string, unknown>): AnyGameModule {
  const [field, name] = json.game !== undefined ? ["game", json.game] : setup.mode !== undefined ? ["setup.mode", setup.mode] : [null, null];
  if (field === null) return games()[0]!;
  const module = typeof name === "string" ? findGameByName(name) : undefined;
  if (!module) throw new LogFileError(`${field}: unknown game ${JSON.stringify(name)} (one of ${gameIds().join(", ")})`);
  return module;
}

/**
 * Checks the shape of a game log and names the first wrong field; reads an old file's spelling into
 * today's. Whether the setup and the commands are legal is left to the module's replay.
 */
export function checkGameLog(json: unknown): { module: AnyGameModule; log: GameLog } {
  if (!isObject(json)) throw new LogFileError("(file): expected a game log object { game, setup, entries }");
  const { setup, entries } = json;
  if (!isObject(setup)) throw new LogFileError("setup: expected an object");
  const module = gameOf(json, setup);
  if (!Array.isArray(setup.players)) throw new LogFileError("setup.players: expected a list of seats");
  setup.players.forEach((seat: unknown, i) => {
    if (!isObject(seat)) throw new LogFileError(`setup.players[${i}]: expected an object`);
  });
  if (setup.seed !== undefined && !isSeed(setup.seed)) throw new LogFileError("setup.seed: expected a 32-bit integer or 64 hex digits (a server game's key)");
  if (!Array.isArray(entries)) throw new LogFileError("entries: expected a list of entries");
  const oldField = gameUi(module.id).oldThrowsField;
  const read = entries.map((entry: unknown, i) => {
    if (!isObject(entry) || !isObject(entry.command)) throw new LogFileError(`entries[${i}].command: expected an object`);
    if (typeof entry.command.type !== "string") throw new LogFileError(`entries[${i}].command.type: expected a string`);
    if (typeof entry.command.by !== "string") throw new LogFileError(`entries[${i}].command.by: expected a player id`);
    const command = entry.command as unknown as GameLog["entries"][number]["command"];
    const { draws } = entry;
    if (draws !== undefined && !(Array.isArray(draws) && draws.every(isDraw))) {
      throw new LogFileError(`entries[${i}].draws: expected a list of draws, each {"roll": [...]}, {"shuffle": [...]} or {"pick": x}`);
    }
    const throws = oldField === undefined ? undefined : entry[oldField];
    if (throws !== undefined && !(Array.isArray(throws) && throws.every(Array.isArray))) throw new LogFileError(`entries[${i}].${oldField}: expected a list of throws, each a list of faces`);
    const forced = draws ?? (throws as unknown[][] | undefined)?.map((roll): Draw => ({ roll }));
    return forced === undefined ? { command } : { command, draws: forced };
  });
  const { mode: _mode, ...today } = setup;
  return { module, log: { game: module.id, setup: today as unknown as GameLog["setup"], entries: read } };
}

/** Reads and checks a game log file (see checkGameLog). */
export function readGameLog(file: string): { module: AnyGameModule; log: GameLog } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new LogFileError(`cannot read the file: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new LogFileError(`not valid JSON: ${(e as Error).message}`);
  }
  return checkGameLog(json);
}

/** Writes a game log as pretty JSON. */
export function writeGameLog(file: string, log: GameLog): void {
  writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
}
