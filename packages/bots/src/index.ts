/**
 * @bang/bots: players that choose a command from their own view only (never the full state).
 * API CONTRACT (being implemented by the bots work): the signatures below are fixed; bodies may throw
 * until then.
 */
import type { Command, GameLog, GameSetup, GameState, PlayerId, PlayerView } from "@bang/engine";

/** A bot: given its own view, the command it plays next (the view must be waiting for it). */
export interface Bot {
  readonly kind: BotKind;
  choose(view: PlayerView, me: PlayerId): Command;
}
export type BotKind = "random" | "heuristic";

/** A random-legal bot: uniform choices among legal commands, from its own seeded generator. */
export declare function createRandomBot(seed: number): Bot;
/** A heuristic bot that plays its role sensibly. */
export declare function createHeuristicBot(seed: number): Bot;
/** A bot of the given kind. */
export declare function createBot(kind: BotKind, seed: number): Bot;

/** Options of playMatch. */
export interface MatchOptions {
  /** "engine": applyCommand directly (default); "actor": through the XState game actor. */
  through?: "engine" | "actor";
  /** Safety bound; a game longer than this throws. Default 10_000 commands. */
  maxCommands?: number;
  /** Called after each accepted command (tests use it to check invariants). */
  onStep?: (state: GameState, command: Command) => void;
}

/** Result of a finished bot game. */
export interface MatchResult {
  state: GameState;
  log: GameLog;
  commands: number;
}

/** Plays one game to its end, each seat's bot choosing from that seat's playerView. */
export declare function playMatch(setup: GameSetup, botFor: (id: PlayerId) => Bot, options?: MatchOptions): MatchResult;
