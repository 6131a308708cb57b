import { applyCommand } from "./apply.js";
import { forcedSource, seededSource, type RandomSource } from "./random.js";
import { createGame, type GameSetup } from "./setup.js";
import type { AnyCommand, AnyGameState, Face, RngState } from "./types.js";

/**
 * One accepted command. `dice` holds the faces each throw of the command produced, present only in
 * games whose dice were forced (scenarios, tests); seeded games recompute them from the seed.
 */
export interface LogEntry {
  command: AnyCommand;
  dice?: Face[][];
}

/** A game's whole history (DESIGN invariant 1): its setup (with the seed) and its accepted commands. */
export interface GameLog {
  setup: GameSetup;
  entries: LogEntry[];
}

/** Thrown by {@link replay} when a log does not replay: a bad setup or a refused entry. */
export class ReplayError extends Error {
  constructor(
    message: string,
    /** Index of the entry that failed, or -1 for the setup. */
    readonly entry: number,
    readonly code: string,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/**
 * Wraps a random source so that the faces of each throw are kept, for logs of forced games.
 * `take()` returns the throws since the last call.
 */
export function recordingSource(inner: RandomSource): RandomSource & { take(): Face[][] } {
  let throws: Face[][] = [];
  return {
    throwDice(rng: RngState, count: number) {
      const out = inner.throwDice(rng, count);
      throws.push(out.faces.slice());
      return out;
    },
    take() {
      const t = throws;
      throws = [];
      return t;
    },
  };
}

/**
 * Rebuilds every state of a game from its log: `states[0]` after setup, `states[i + 1]` after entry i.
 * Throws ReplayError when the setup is refused or an entry is refused (the log is corrupt).
 */
export function replay(log: GameLog): AnyGameState[] {
  const created = createGame(log.setup);
  if (!created.ok) throw new ReplayError(`setup: ${created.error.message}`, -1, created.error.code);
  const states: AnyGameState[] = [created.state];
  let state = created.state;
  log.entries.forEach((entry, i) => {
    const random = entry.dice ? forcedSource(entry.dice) : seededSource;
    let result;
    try {
      result = applyCommand(state, entry.command, random);
    } catch (e) {
      throw new ReplayError(`entries[${i}]: ${(e as Error).message}`, i, "INVALID_COMMAND");
    }
    if (!result.ok) throw new ReplayError(`entries[${i}] (${entry.command.type} by ${entry.command.by}): ${result.error.code}: ${result.error.message}`, i, result.error.code);
    state = result.state;
    states.push(state);
  });
  return states;
}
