import { createGameActor } from "./actor.js";
import type { GameLog, LogEntry } from "./log.js";
import type { GameModule } from "./module.js";
import type { Applied, Bot, CommandBase, EventBase, PlayerId, SetupBase, StateBase, ViewBase, Viewer } from "./types.js";

/** Default safety bound of playMatch. */
export const DEFAULT_MAX_COMMANDS = 10_000;

/** Options of playMatch. */
export interface MatchOptions<S, C> {
  /** "engine": the module's `apply` directly (default); "actor": through its XState statechart. */
  through?: "engine" | "actor";
  /** Safety bound; a game longer than this throws. Default 10_000 commands. */
  maxCommands?: number;
  /** Called after each accepted command (tests use it to check invariants). */
  onStep?: (state: S, command: C) => void;
}

/** Result of a finished bot game. */
export interface MatchResult<S, C, Setup> {
  /** The final state (its `result` is not null). */
  state: S;
  /** The game id, setup and every accepted command: `replay(module, log)` rebuilds the game. */
  log: GameLog<Setup, C>;
  /** How many commands were accepted. */
  commands: number;
}

/**
 * Plays one game of `module` to its end. `botFor` is called once per seat, at the start (a bot keeps
 * its own generator across the game). Until nobody is left to act: the first player the game waits for
 * (`toAct`) gets their own view, their bot chooses, the command is applied (`apply`, or the statechart
 * actor's `send` with `through: "actor"`), logged and passed to `onStep`.
 * Throws an Error when the setup is refused (INVALID_SETUP), when a bot's command is refused (a bot bug:
 * the message names the command and the code), or when the game passes `maxCommands`.
 */
export function playMatch<S extends StateBase, C extends CommandBase, E extends EventBase, V extends ViewBase, Setup extends SetupBase>(
  module: Pick<GameModule<S, C, E, V, Setup>, "id" | "create" | "apply" | "toAct" | "view" | "machine">,
  setup: Setup,
  botFor: (id: PlayerId) => Bot<V, C>,
  options: MatchOptions<S, C> = {},
): MatchResult<S, C, Setup> {
  const maxCommands = options.maxCommands ?? DEFAULT_MAX_COMMANDS;
  const onStep = options.onStep;
  let apply: (state: S, command: C) => Applied<S, E>;
  let stop = () => {};
  let state: S;
  if (options.through === "actor") {
    const created = createGameActor<S, C, E, Setup>(module, setup);
    if (!created.ok) throw new Error(`playMatch: the setup is refused: ${created.error.code}: ${created.error.message}`);
    const actor = created.actor;
    state = actor.state;
    apply = (_state, command) => actor.send(command);
    stop = () => actor.stop();
  } else {
    const created = module.create(setup);
    if (!created.ok) throw new Error(`playMatch: the setup is refused: ${created.error.code}: ${created.error.message}`);
    state = created.state;
    apply = (current, command) => module.apply(current, command);
  }
  const bots = new Map<PlayerId, { bot: Bot<V, C>; viewer: Viewer }>();
  for (const p of setup.players) bots.set(p.id, { bot: botFor(p.id), viewer: { kind: "player", id: p.id } });

  const entries: LogEntry<C>[] = [];
  try {
    for (let actor = module.toAct(state)[0]; actor !== undefined; actor = module.toAct(state)[0]) {
      if (entries.length >= maxCommands) throw new Error(`playMatch: the game passed ${maxCommands} commands without ending`);
      const seat = bots.get(actor);
      if (!seat) throw new Error(`playMatch: the game waits for "${actor}", who has no seat`);
      const command = seat.bot.choose(module.view(state, seat.viewer), actor);
      const result = apply(state, command);
      if (!result.ok) {
        throw new Error(`playMatch: the ${seat.bot.kind} bot of "${actor}" played a refused command ${JSON.stringify(command)}: ${result.error.code}: ${result.error.message}`);
      }
      state = result.state;
      entries.push({ command });
      if (onStep) onStep(state, command);
    }
  } finally {
    stop();
  }
  return { state, log: { game: module.id, setup, entries }, commands: entries.length };
}
