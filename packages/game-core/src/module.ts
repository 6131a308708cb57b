import type { AnyStateMachine } from "xstate";
import type { z } from "zod";
import type { MachineOptions } from "./machine.js";
import type { RandomSource } from "./random.js";
import type { ScenarioFile, ScenarioFormat } from "./scenario.js";
import type { Seed } from "./seed.js";
import type {
  Applied,
  Bot,
  BotKind,
  CommandBase,
  Created,
  EventBase,
  GameResult,
  PlayerId,
  ScoringLine,
  SetupBase,
  StateBase,
  ViewBase,
  Viewer,
  WireCommand,
} from "./types.js";

/** A number of seats: at least `min`, at most `max`. */
export interface SeatRange {
  min: number;
  max: number;
}

/**
 * What the server deals a new game from: the seats' player ids clockwise, a seed (the server's games: a
 * 256-bit key), and the table options the game owns, already validated by `schemas.options`.
 */
export interface TableDeal<O> {
  players: PlayerId[];
  seed: Seed;
  options: O;
}

/** One accepted command as the rules produced it: the command, its events, and the state after it. */
export interface Step<S, C, E> {
  command: C;
  events: E[];
  state: S;
}

/**
 * One accepted command as a viewer may see it: the command without `by` (a secret field removed where
 * the rules hide it) and the events the viewer may see.
 */
export interface ShownStep<E> {
  command: { type: string } & Record<string, unknown>;
  events: E[];
}

/**
 * A game module (DESIGN "Games are modules"): one game's rules, vocabulary, views and bots behind one
 * value, the way a boardgame.io game is one object. Everything is pure and works on plain JSON; the
 * server, the protocol, the web shell and the CLI shell reach a game only through this interface and the
 * registry. Type parameters: the state, the command (with `by`), the event, the view, the setup, the
 * table options the game owns, and what `legal` returns.
 *
 * Members are methods (not function-typed properties) so that a module of any game is assignable to
 * {@link AnyGameModule}.
 */
export interface GameModule<S extends StateBase = StateBase, C extends CommandBase = CommandBase, E extends EventBase = EventBase, V extends ViewBase = ViewBase, Setup extends SetupBase = SetupBase, O = unknown, L = unknown> {
  /** The game id (DESIGN's table of games): lower case, digits and `_`, starting with a letter. */
  readonly id: string;
  /** The game's name for people. */
  readonly name: string;
  /**
   * Seats a table of this game may have, whatever its options: the widest range (a size that only some
   * options allow lies within it; `seatsFor` says which sizes fit given options).
   */
  readonly seats: SeatRange;
  /**
   * Seats of the game in its standard form, for public queues and tournament tables (default `seats`):
   * a game whose smallest tables follow other rules keeps them out of ranked play.
   */
  readonly rankedSeats?: SeatRange | undefined;
  /**
   * True when something the seed deals stays secret after the game ends (a card discarded face down, a
   * hand never shown, the piles never laid out): the seed is then shown to admins only, never to a
   * player or a spectator, not even once the game is over. Absent or false: the seed may be shown to
   * everyone once the game is over (every secret it dealt is public by then, as the dice game's roles).
   */
  readonly seedSecretAfterEnd?: boolean | undefined;
  /** Earlier names of this game (stored files written before games were modules say `"mode": name`). */
  readonly legacyNames?: readonly string[] | undefined;
  /** The module's zod schemas: what the edge validates with, and what clients may check views against. */
  readonly schemas: {
    /** A setup (a new table, or a chosen position: scenarios, tests). */
    setup: z.ZodType<Setup>;
    /** The table options this game owns (strict: another game's option is refused naming it). */
    options: z.ZodType<O>;
    /** A command as a client sends it (without `by`): one strict object per command type. */
    command: z.ZodType<WireCommand<C>>;
    view: z.ZodType<V>;
    event: z.ZodType<E>;
  };
  /** The module's own refusal codes, besides COMMON_REFUSALS (UPPER_SNAKE_CASE, stable). */
  readonly refusals: readonly string[];
  /** Command types only the server sends (a timer's choice for a player): a client's is refused at the edge. */
  readonly serverCommands: readonly string[];
  /** The tournament scoring table of `result().scores`, for people (docs, the API). */
  readonly scoring: readonly ScoringLine[];
  /** The scenario file format of this game (its rules pinned as files), if it has one. */
  readonly scenario?: ScenarioFormat<Setup, C, S, ScenarioFile, object> | undefined;
  /** The bots: random-legal and heuristic, each with its own generator seeded by `seed`. */
  readonly bots: Readonly<Record<BotKind, (seed: Seed) => Bot<V, C>>>;

  /**
   * The setup of a new table (no position chosen: whatever the game deals is dealt from the seed), with
   * the seeding of today (`seedSetup(seed)`: a number seed is mixed).
   */
  setupFor(table: TableDeal<O>): Setup;
  /**
   * Seats a table of this game may have with `options` (the table options as `schemas.options` parsed
   * them), within `seats`: for a game whose options change its player count (an option that
   * allows a larger table). Absent: `seats`, whatever the options. Pure; the server asks it (through
   * {@link seatRangeFor}) before a table is created, so that a table it lets open can always be dealt.
   */
  seatsFor?(options: O): SeatRange;
  /** Deals the game: its state at the start of the first turn, or INVALID_SETUP naming the field. */
  create(setup: Setup): Created<S>;
  /**
   * The reducer: applies one command (a refusal changes nothing) and runs the game on until it waits for
   * a player or is over. Pure. Draws come from `random` (default: the game's seeded generator).
   */
  apply(state: S, command: C, random?: RandomSource): Applied<S, E>;
  /** What `viewer` may see of the state: the only state that leaves a server (secrets hidden here). */
  view(state: S, viewer: Viewer): V;
  /**
   * What `viewer` may see of one accepted command (`step.state` is the state right after it): its
   * command (without `by`) and its events, as of the state `now` (default `step.state`: as it is
   * shown live). A secret the step held (a choice not yet revealed) shows once `now` has revealed it.
   */
  viewEvent(step: Step<S, C, E>, viewer: Viewer, now?: S): ShownStep<E>;
  /** Who must act now: one player, several at once for a simultaneous secret choice, none at the end. */
  toAct(state: S): PlayerId[];
  /**
   * The command played for `player` whose timer ran out (a random card for a secret choice), or null:
   * then the bot plays for the player until they come back.
   */
  onTimeout(state: S, player: PlayerId): WireCommand<C> | null;
  /** Null while the game runs; once it is over, how it ended. */
  result(state: S): GameResult | null;
  /** The game's XState v5 statechart, its states named after the game's phases (see createPhaseMachine). */
  machine(options?: MachineOptions): AnyStateMachine;
  /** What `me` may do now, read from their own view: the only input bots and UI hints need. */
  legal(view: V, me: PlayerId): L;
  /**
   * A short summary for lists of running games (the admin's live games, a lobby): the phase, the turn
   * number, and per seat whether the player is out of the game and a status line in the game's words
   * ("6/8 life"). Public facts only.
   */
  summary(state: S): GameSummary;
  /**
   * Per seat, the labels the statistics group win rates by, in the game's words ({label: value}, e.g.
   * the seat's secret side and its playing piece); `{}` for a game with none. Labels that hold for the
   * whole game: the statistics read them from the state the game was dealt in (`create(setup)`).
   */
  facets(state: S): Record<PlayerId, Record<string, string>>;
}

/** A short public summary of a running game (see GameModule.summary). */
export interface GameSummary {
  phase: string;
  turn: number;
  seats: Record<PlayerId, { out: boolean; status: string }>;
}

/** A module of any game, as the registry and the server hold them. */
export type AnyGameModule = GameModule<StateBase, CommandBase, EventBase, ViewBase, SetupBase, unknown, unknown>;

/** The state type of a module. */
export type StateOf<M> = M extends GameModule<infer S, CommandBase, EventBase, ViewBase, SetupBase, unknown, unknown> ? S : never;
/** The command type of a module (with `by`). */
export type CommandOf<M> = M extends GameModule<StateBase, infer C, EventBase, ViewBase, SetupBase, unknown, unknown> ? C : never;
/** The view type of a module. */
export type ViewOf<M> = M extends GameModule<StateBase, CommandBase, EventBase, infer V, SetupBase, unknown, unknown> ? V : never;

/**
 * The seats a table of `module` may have with `options` (already parsed by `module.schemas.options`):
 * the module's `seatsFor(options)`, or its `seats` when it has none. Throws when the module answers a
 * range that is not within `seats` (a bug of the module: the server then refuses the table as INTERNAL).
 */
export function seatRangeFor(module: Pick<AnyGameModule, "id" | "seats" | "seatsFor">, options: unknown): SeatRange {
  if (!module.seatsFor) return module.seats;
  const range = module.seatsFor(options);
  if (!range || !Number.isInteger(range.min) || !Number.isInteger(range.max) || range.min < module.seats.min || range.max > module.seats.max || range.min > range.max) {
    throw new Error(`game module "${module.id}": seatsFor answered ${JSON.stringify(range)}, not a range within seats ${module.seats.min} to ${module.seats.max}`);
  }
  return range;
}

/**
 * The seats a table of `module` may have with no table options (`{}` as `schemas.options` parses it):
 * what a form or a CLI that sets no game option may offer. `seats` when the module's options need a
 * value (`{}` does not parse). Throws as seatRangeFor does.
 */
export function plainSeatRange(module: Pick<AnyGameModule, "id" | "seats" | "seatsFor" | "schemas">): SeatRange {
  const defaults = module.schemas.options.safeParse({});
  return defaults.success ? seatRangeFor(module, defaults.data) : module.seats;
}

const GAME_ID = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * Checks a module once, when it is built or registered (boardgame.io's ProcessGameConfig): a bad
 * module throws then, never in the middle of a game. Returns the module.
 */
export function defineGame<S extends StateBase, C extends CommandBase, E extends EventBase, V extends ViewBase, Setup extends SetupBase, O, L>(
  module: GameModule<S, C, E, V, Setup, O, L>,
): GameModule<S, C, E, V, Setup, O, L> {
  const where = `game module "${String(module?.id)}"`;
  if (typeof module.id !== "string" || !GAME_ID.test(module.id)) throw new Error(`${where}: id must be 1 to 32 lower-case letters, digits or _ and start with a letter`);
  if (typeof module.name !== "string" || module.name.trim() === "") throw new Error(`${where}: name is empty`);
  const checkRange = (range: SeatRange | undefined, field: string) => {
    if (!range) return;
    if (!Number.isInteger(range.min) || !Number.isInteger(range.max) || range.min < 1 || range.max < range.min) throw new Error(`${where}: ${field} must be 1 <= min <= max`);
  };
  checkRange(module.seats, "seats");
  checkRange(module.rankedSeats, "rankedSeats");
  if (module.rankedSeats && (module.rankedSeats.min < module.seats.min || module.rankedSeats.max > module.seats.max)) throw new Error(`${where}: rankedSeats must lie within seats`);
  if (module.seedSecretAfterEnd !== undefined && typeof module.seedSecretAfterEnd !== "boolean") throw new Error(`${where}: seedSecretAfterEnd must be a boolean`);
  for (const code of module.refusals) if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new Error(`${where}: refusal code "${code}" is not UPPER_SNAKE_CASE`);
  for (const kind of ["heuristic", "random"] as const) if (typeof module.bots?.[kind] !== "function") throw new Error(`${where}: bots.${kind} is missing`);
  if (module.seatsFor !== undefined) {
    if (typeof module.seatsFor !== "function") throw new Error(`${where}: seatsFor must be a function`);
    // Asked once of the default options (none given), so that a range outside `seats` shows now.
    if (typeof module.schemas?.options?.safeParse === "function") plainSeatRange(module as AnyGameModule);
  }
  for (const method of ["setupFor", "create", "apply", "view", "viewEvent", "toAct", "onTimeout", "result", "machine", "legal", "summary", "facets"] as const) {
    if (typeof (module as AnyGameModule)[method] !== "function") throw new Error(`${where}: ${method} is missing`);
  }
  return module;
}
