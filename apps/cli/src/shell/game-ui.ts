/**
 * What the `bang` shell needs of a game to show it in a terminal (DESIGN "Games are modules"): one value
 * per game in src/games/<id>/, looked up by game id through src/games/registry.ts. The game's rules come
 * from its module (@bang/games); this is only its face: how a view is printed, what a person types, how
 * events read, what a simulation counts. Everything else (options, the local and online loops, logs,
 * replays, scenarios, queues, load) is the shell's, written once for every game.
 */
import type { CommandBase, EventBase, PlayerId, Refusal, StateBase, ViewBase } from "@bang/game-core";

/** The terminal, as a prompt sees it while it reads one move. */
export interface PromptIo {
  /** Prints `prompt` and waits for the person's next line; null once the input is over. */
  ask(prompt: string): Promise<string | null>;
  say(text: string): void;
}

/**
 * What one typed line became: a command to submit (with `by` = the person), a refusal of its syntax
 * (printed as `CODE: message`, then the prompt again), a note (printed, then the prompt again), or null
 * when the input ended during a follow-up question.
 */
export type Reading<C> = { command: C } | { refusal: Refusal } | { note: string } | null;

/** The prompt of one decision, made from the person's own view when the game waits for them. */
export interface TurnPrompt<C> {
  /** What the person may do now, printed above the first prompt and again with `table`. */
  hint: string;
  /** The prompt's word: `roll` prompts `roll> `. */
  label: string;
  /**
   * Reads one line (trimmed; Enter is ""; the shell's own words help, table and quit never come here).
   * May ask follow-up questions through `io`.
   */
  read(line: string, io: PromptIo): Reading<C> | Promise<Reading<C>>;
}

/**
 * A game's own figures of `bang simulate`, added up over finished bot games (the shell counts games,
 * turns, commands and speed itself).
 */
export interface SimulationTally<S, C> {
  /** Called after each accepted command of a game (optional). */
  step?(state: S, command: C): void;
  /** Counts one finished game: its last state and its commands in order. */
  add(state: S, commands: readonly C[]): void;
  /** The figures as JSON (merged into `bang simulate --json`). */
  figures(): Record<string, unknown>;
  /** The figures for people: lines printed between the summary's first line and its averages. */
  render(): string[];
}

/**
 * A game's terminal face. Type parameters: the game's view, command (with `by`), event and state.
 * Members are methods so that the face of any game is assignable to {@link AnyGameUi}.
 */
export interface GameUi<V extends ViewBase = ViewBase, C extends CommandBase = CommandBase, E extends EventBase = EventBase, S extends StateBase = StateBase> {
  /** The game id (the module's). */
  readonly id: string;
  /** The game's name for people. */
  readonly name: string;
  /** Seats of a table when `--players` is not given. */
  readonly defaultSeats: number;
  /** The commands a person types, one per line (printed by `help` and by `bang play --help`). */
  readonly help: string;
  /**
   * Log files saved before games were modules: the entry field that held this game's forced throws
   * (each a list of faces), read today as `draws` of rolls. None for a game born a module.
   */
  readonly oldThrowsField?: string | undefined;
  /** The players' ids in seat order, clockwise (a server game's seats become p1..pN in the terminal). */
  seats(view: V): PlayerId[];
  /** The table as the view's viewer sees it (a player's own view, or an admin's in a replay). */
  render(view: V): string;
  /** One short line per thing worth telling of one step's events; `view` is the viewer's after them. */
  describeEvents(events: readonly E[], view: V): string[];
  /** A command in the syntax a person types (without its player). */
  formatCommand(command: C): string;
  /** The prompt of `me`'s next decision from their own view. */
  prompt(view: V, me: PlayerId): TurnPrompt<C>;
  /**
   * The lines after a finished game's last table: who won, and to `me` whether they did (`me` null:
   * a replay's ending, its last line naming the winner).
   */
  ending(view: V, me: PlayerId | null): string;
  /** A new tally of `bang simulate` for tables of `seats` seats. */
  tally(seats: number): SimulationTally<S, C>;
}

/** The face of any game, as the registry and the shell hold them. */
export type AnyGameUi = GameUi<ViewBase, CommandBase, EventBase, StateBase>;
