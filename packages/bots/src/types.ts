import type { AnyCommand, AnyGameState, AnyPlayerView, Command, DuelCommand, DuelView, GameLog, GameState, PlayerId, PlayerView } from "@bang/engine";

/** The kinds of bot this package builds: random-legal and heuristic. */
export type BotKind = "random" | "heuristic";

/**
 * A bot: given its own view, the command it plays next. `view` must be `me`'s own playerView
 * (`playerView(state, { kind: "player", id: me })`) and must be waiting for `me`
 * (`view.waitingFor === me`); otherwise `choose` throws an Error. A bot never sees the full state.
 */
export interface Bot {
  readonly kind: BotKind;
  /** Classic views get classic commands; duel views (RULES.md part D) get duel commands. */
  choose(view: PlayerView, me: PlayerId): Command;
  choose(view: DuelView, me: PlayerId): DuelCommand;
  choose(view: AnyPlayerView, me: PlayerId): AnyCommand;
}

/** Options of playMatch. */
export interface MatchOptions<S extends AnyGameState = AnyGameState, C extends AnyCommand = AnyCommand> {
  /** "engine": applyCommand directly (default); "actor": through the XState game actor. */
  through?: "engine" | "actor";
  /** Safety bound; a game longer than this throws. Default 10_000 commands. */
  maxCommands?: number;
  /** Called after each accepted command (tests use it to check invariants). */
  onStep?: (state: S, command: C) => void;
}

/** Result of a finished bot game. */
export interface MatchResult<S extends AnyGameState = GameState> {
  /** The final state, in phase `gameOver` with its `winner`. */
  state: S;
  /** The setup and every accepted command: `replay(log)` rebuilds the game (DESIGN invariant 1). */
  log: GameLog;
  /** How many commands were accepted. */
  commands: number;
}
