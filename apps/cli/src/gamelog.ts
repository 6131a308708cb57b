import { readFileSync, writeFileSync } from "node:fs";
import { FACES, isSeed, type GameLog } from "@bang/engine";

/** A game log file that cannot be used: unreadable, bad JSON, or a field of the wrong shape. */
export class LogFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LogFileError";
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks the shape of a GameLog (engine `replay`'s input) and names the first wrong field. Whether the
 * setup and the commands are legal is left to the engine's replay.
 */
export function checkGameLog(json: unknown): GameLog {
  if (!isObject(json)) throw new LogFileError("(file): expected a game log object { setup, entries }");
  const { setup, entries } = json;
  if (!isObject(setup)) throw new LogFileError("setup: expected an object");
  if (!Array.isArray(setup.players)) throw new LogFileError("setup.players: expected a list of seats");
  setup.players.forEach((seat: unknown, i) => {
    if (!isObject(seat)) throw new LogFileError(`setup.players[${i}]: expected an object`);
  });
  if (setup.seed !== undefined && !isSeed(setup.seed)) throw new LogFileError("setup.seed: expected a 32-bit integer or 64 hex digits (a server game's key)");
  if (!Array.isArray(entries)) throw new LogFileError("entries: expected a list of entries");
  entries.forEach((entry: unknown, i) => {
    if (!isObject(entry) || !isObject(entry.command)) throw new LogFileError(`entries[${i}].command: expected an object`);
    if (typeof entry.command.type !== "string") throw new LogFileError(`entries[${i}].command.type: expected a string`);
    if (typeof entry.command.by !== "string") throw new LogFileError(`entries[${i}].command.by: expected a player id`);
    const dice = entry.dice;
    if (dice !== undefined && !(Array.isArray(dice) && dice.every((t) => Array.isArray(t) && t.every((f) => (FACES as readonly unknown[]).includes(f))))) {
      throw new LogFileError(`entries[${i}].dice: expected a list of throws, each a list of faces (${FACES.join(", ")})`);
    }
  });
  return json as unknown as GameLog;
}

/** Reads and checks a GameLog JSON file (as `bang play --save` and `bang simulate --save-dir` write). */
export function readGameLog(file: string): GameLog {
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

/** Writes a GameLog as pretty JSON. */
export function writeGameLog(file: string, log: GameLog): void {
  writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
}
