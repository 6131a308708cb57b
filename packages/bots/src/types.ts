import type { Command, GameLog, GameState, PlayerId, PlayerView } from "@bang/engine";

/** The kinds of bot this package builds: random-legal and heuristic. */
export type BotKind = "random" | "heuristic";

/**
 * A bot: given its own view, the command it plays next. `view` must be `me`'s own playerView
 * (`playerView(state, { kind: "player", id: me })`) and must be waiting for `me`
 * (`view.waitingFor === me`); otherwise `choose` throws an Error. A bot never sees the full state.
 */
export interface Bot {
  readonly kind: BotKind;
  choose(view: PlayerView, me: PlayerId): Command;
}

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
  /** The final state, in phase `gameOver` with its `winner`. */
  state: GameState;
  /** The setup and every accepted command: `replay(log)` rebuilds the game (DESIGN invariant 1). */
  log: GameLog;
  /** How many commands were accepted. */
  commands: number;
}
