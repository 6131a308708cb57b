import { forcedSource, seededSource, type Draw } from "./random.js";
import type { CommandBase, EventBase, SetupBase, StateBase } from "./types.js";
import type { GameModule } from "./module.js";

/**
 * One accepted command. `draws` holds what each draw of the command produced (rolls, shuffles, picks),
 * present only in games whose draws were forced (scenarios, tests); seeded games recompute them from
 * the seed in the setup.
 */
export interface LogEntry<C = CommandBase> {
  command: C;
  draws?: Draw[] | undefined;
}

/**
 * A game's whole history (DESIGN invariant 1): the module's id, the setup it was dealt from (seed
 * included), and its accepted commands in order.
 */
export interface GameLog<Setup = SetupBase, C = CommandBase> {
  game: string;
  setup: Setup;
  entries: LogEntry<C>[];
}

/** Thrown by {@link replay} when a log does not replay: a bad setup or a refused entry. */
export class ReplayError extends Error {
  constructor(
    message: string,
    /** Index of the entry that failed, or -1 for the setup. */
    readonly entry: number,
    /** The rules' refusal code (INVALID_COMMAND when a forced draw did not fit). */
    readonly code: string,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/** One replayed step: the state after an entry, and that entry's events. */
export interface ReplayedStep<S, E> {
  state: S;
  events: E[];
}

/**
 * Rebuilds every state of a game from its log with the module's pure rules: `states[0]` after setup,
 * `states[i + 1]` after entry i, with the events of each entry. `known`, when given, are the steps of
 * this very log's setup and first `known.length - 1` entries (an earlier replay of the same game, whose
 * log only grows): they are kept as they are and only the entries after them are applied. Throws
 * ReplayError when the log names another game, when the setup is refused, or when an entry is refused
 * (the log is corrupt), and RangeError when `known` is empty or longer than the log.
 */
export function replaySteps<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  module: Pick<GameModule<S, C, E, never, Setup>, "id" | "create" | "apply">,
  log: GameLog<Setup, C>,
  known?: readonly ReplayedStep<S, E>[],
): ReplayedStep<S, E>[] {
  if (log.game !== module.id) throw new ReplayError(`game: the log is of "${String(log.game)}", not "${module.id}"`, -1, "INVALID_SETUP");
  if (known !== undefined && (known.length === 0 || known.length > log.entries.length + 1)) {
    throw new RangeError(`known: ${known.length} steps do not fit a log of ${log.entries.length} entries`);
  }
  let steps: ReplayedStep<S, E>[];
  if (known) {
    steps = known.slice();
  } else {
    const created = module.create(log.setup);
    if (!created.ok) throw new ReplayError(`setup: ${created.error.message}`, -1, created.error.code);
    steps = [{ state: created.state, events: [] }];
  }
  let state = steps.at(-1)!.state;
  for (let i = steps.length - 1; i < log.entries.length; i++) {
    const entry = log.entries[i]!;
    const random = entry.draws ? forcedSource(entry.draws) : seededSource;
    let result;
    try {
      result = module.apply(state, entry.command, random);
    } catch (e) {
      throw new ReplayError(`entries[${i}]: ${(e as Error).message}`, i, "INVALID_COMMAND");
    }
    if (!result.ok) throw new ReplayError(`entries[${i}] (${entry.command.type} by ${entry.command.by}): ${result.error.code}: ${result.error.message}`, i, result.error.code);
    state = result.state;
    steps.push({ state, events: result.events });
  }
  return steps;
}

/** As {@link replaySteps}, the states only: `states[0]` after setup, `states[i + 1]` after entry i. */
export function replay<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  module: Pick<GameModule<S, C, E, never, Setup>, "id" | "create" | "apply">,
  log: GameLog<Setup, C>,
): S[] {
  return replaySteps(module, log).map((s) => s.state);
}
