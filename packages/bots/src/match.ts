import {
  applyCommand,
  createGame,
  createGameActor,
  playerToAct,
  playerView,
  type AnyApplyResult,
  type Command,
  type DuelCommand,
  type AnyCommand,
  type AnyGameState,
  type ClassicSetup,
  type DuelSetup,
  type DuelState,
  type GameSetup,
  type GameState,
  type LogEntry,
  type PlayerId,
  type Viewer,
} from "@bang/engine";
import type { Bot, MatchOptions, MatchResult } from "./types.js";

/** Default safety bound of playMatch. */
export const DEFAULT_MAX_COMMANDS = 10_000;

/** One way to run a game: its current state, and how a command is applied. */
interface Runner {
  state: AnyGameState;
  apply(command: AnyCommand): AnyApplyResult;
  stop(): void;
}

/**
 * Plays one game to its end. `botFor` is called once per seat, at the start (a bot keeps its own
 * generator across the game). Until the game is over: the player the game waits for (playerToAct, the
 * view's waitingFor) gets their own playerView, their bot chooses, the command is applied
 * (`applyCommand`, or the XState actor's `send` with `through: "actor"`), logged and passed to
 * `onStep`. Returns the final state, the log (`{ setup, entries }`, which `replay` rebuilds) and the
 * number of commands.
 * Throws an Error when the setup is refused (INVALID_SETUP), when a bot's command is refused (a bot bug:
 * the message names the command and the error code), or when the game passes `maxCommands`.
 */
export function playMatch(setup: ClassicSetup, botFor: (id: PlayerId) => Bot, options?: MatchOptions<GameState, Command>): MatchResult<GameState>;
export function playMatch(setup: DuelSetup, botFor: (id: PlayerId) => Bot, options?: MatchOptions<DuelState, DuelCommand>): MatchResult<DuelState>;
export function playMatch(setup: GameSetup, botFor: (id: PlayerId) => Bot, options?: MatchOptions): MatchResult<AnyGameState>;
export function playMatch(setup: GameSetup, botFor: (id: PlayerId) => Bot, options: MatchOptions<never, never> = {}): MatchResult<AnyGameState> {
  const maxCommands = options.maxCommands ?? DEFAULT_MAX_COMMANDS;
  const onStep = options.onStep;
  const runner = options.through === "actor" ? actorRunner(setup) : engineRunner(setup);
  const seats = runner.state.players;
  const bots = new Map<PlayerId, { bot: Bot; viewer: Viewer }>();
  for (const p of seats) bots.set(p.id, { bot: botFor(p.id), viewer: { kind: "player", id: p.id } });

  const entries: LogEntry[] = [];
  let state = runner.state;
  try {
    for (let actor = playerToAct(state); actor !== null; actor = playerToAct(state)) {
      if (entries.length >= maxCommands) {
        throw new Error(`playMatch: the game passed ${maxCommands} commands without ending (turn ${state.turnNumber})`);
      }
      const seat = bots.get(actor)!;
      const command = seat.bot.choose(playerView(state, seat.viewer), actor);
      const result = runner.apply(command);
      if (!result.ok) {
        throw new Error(`playMatch: the ${seat.bot.kind} bot of "${actor}" played a refused command ${JSON.stringify(command)}: ${result.error.code}: ${result.error.message}`);
      }
      state = result.state;
      entries.push({ command });
      if (onStep) onStep(state as never, command as never);
    }
  } finally {
    runner.stop();
  }
  return { state, log: { setup, entries }, commands: entries.length };
}

function setupError(code: string, message: string): Error {
  return new Error(`playMatch: the setup is refused: ${code}: ${message}`);
}

/** The pure reducer: applyCommand on the last state. */
function engineRunner(setup: GameSetup): Runner {
  const created = createGame(setup);
  if (!created.ok) throw setupError(created.error.code, created.error.message);
  const runner: Runner = {
    state: created.state,
    apply(command) {
      const result = applyCommand(runner.state, command);
      if (result.ok) runner.state = result.state;
      return result;
    },
    stop() {},
  };
  return runner;
}

/** The XState game actor (statechart path): actor.send. */
function actorRunner(setup: GameSetup): Runner {
  const created = createGameActor(setup);
  if (!created.ok) throw setupError(created.error.code, created.error.message);
  const actor = created.actor;
  return {
    get state() {
      return actor.state;
    },
    apply: (command) => actor.send(command),
    stop: () => actor.stop(),
  };
}
