/**
 * The common vocabulary of game modules: who plays and who looks, refusals, results, and the base shapes
 * every module's state, command, event, view and setup extend. Game words never appear here.
 */
import type { Seed, Seeding } from "./seed.js";

/** A player's id: any non-empty string chosen by the host (an account id, a bot seat, a scenario letter). */
export type PlayerId = string;

/** Who is looking: a seated player, a spectator, or an admin (who may see every secret). */
export type Viewer = { kind: "player"; id: PlayerId } | { kind: "spectator" } | { kind: "admin" };

/**
 * Why a command or a setup was refused: a stable code (UPPER_SNAKE_CASE; the common ones below or the
 * module's own `refusals`) and a message that names the field. A refusal changes nothing.
 */
export interface Refusal {
  code: string;
  message: string;
}

/**
 * Refusal codes every module uses with the same meaning: a command that is not one of the game's or has
 * a wrong field (INVALID_COMMAND), a setup the rules refuse (INVALID_SETUP), a command from a player the
 * game does not wait for (NOT_YOUR_TURN), a command the current phase does not take (WRONG_PHASE).
 */
export const COMMON_REFUSALS = ["INVALID_COMMAND", "INVALID_SETUP", "NOT_YOUR_TURN", "WRONG_PHASE"] as const;
export type CommonRefusal = (typeof COMMON_REFUSALS)[number];

/** A refusal with its code and message. */
export const refusal = (code: string, message: string): Refusal => ({ code, message });

/** What every module's state has: a counter that increments on every accepted command (boardgame.io `_stateID`). */
export interface StateBase {
  stateId: number;
}

/** What every module's command has: its `type` (the game's command vocabulary) and the acting player `by`. */
export interface CommandBase {
  type: string;
  by: PlayerId;
}

/** A command as a client sends it: the server adds `by` (it knows the sender). */
export type WireCommand<C extends CommandBase> = C extends unknown ? Omit<C, "by"> : never;

/** What every module's event has: its `type`. */
export interface EventBase {
  type: string;
}

/**
 * What every module's view has: who it is for, the state's counter, and who the game waits for now
 * (always a list: one player, several for a simultaneous secret choice, none at the end).
 */
export interface ViewBase {
  viewer: Viewer;
  stateId: number;
  waitingFor: PlayerId[];
}

/**
 * What every module's setup has: the seats clockwise (each at least an id), the seed of the game's
 * generator and how a number seed becomes its state (`seeding`, see SEEDINGS: absent in setups stored
 * before it existed, which replay as they were dealt), and the table options the game owns (its
 * `schemas.options`).
 */
export interface SetupBase {
  players: readonly { id: PlayerId }[];
  seed?: Seed | undefined;
  seeding?: Seeding | undefined;
  options?: unknown;
}

/** A new game's state, or the refusal of its setup (INVALID_SETUP naming the field). */
export type Created<S> = { ok: true; state: S } | { ok: false; error: Refusal };

/** The next state and its events, or a refusal that changed nothing. */
export type Applied<S, E> = { ok: true; state: S; events: E[] } | { ok: false; error: Refusal };

/** One side of a finished game's ranking: a team (or a player alone) and its place (1 = the winners). */
export interface Side {
  /** The side's name in the game's vocabulary (a team, or the player's id when alone). */
  team: string;
  /** Its seats, in seat order. */
  players: PlayerId[];
  /** 1 for the winners; sides sharing a place are tied. */
  place: number;
}

/**
 * How a game ended, as ratings, tournaments and history consume it without knowing the game: the
 * winner, every seat's side and place, and each seat's tournament points (table format).
 */
export interface GameResult {
  /** The winning team (the game's name for it) and its players in seat order, alive or not. */
  winner: { team: string; players: PlayerId[] };
  /** Every seat in exactly one side. */
  ranking: Side[];
  /** Tournament points of every seat for this game (the module's `scoring`). */
  scores: Record<PlayerId, number>;
}

/** One line of a game's tournament scoring table (what `result().scores` adds up), for people. */
export interface ScoringLine {
  when: string;
  points: number;
}

/** The kinds of bot every module brings: random-legal, and a heuristic that plays sensibly. */
export const BOT_KINDS = ["heuristic", "random"] as const;
export type BotKind = (typeof BOT_KINDS)[number];

/**
 * A bot: given its own view (never the full state), the command it plays next, with `by` = `me`.
 * `choose` throws when the view does not wait for `me` (a caller's bug).
 */
export interface Bot<V = unknown, C = unknown> {
  readonly kind: BotKind;
  choose(view: V, me: PlayerId): C;
}
