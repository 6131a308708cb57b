import type { DuelApplyResult, DuelCommand, DuelEvent, DuelState } from "./duel/types.js";

/**
 * The vocabulary of Bang! The Dice Game (RULES.md "Vocabulary") as types and `as const` tuples.
 * Every name here is the identifier RULES.md gives; the protocol, the logs and the UI reuse them.
 */

/** Die faces (RULES.md vocabulary). `1` and `2` are shots at distance 1 and 2 (R3.3). */
export const FACES = ["arrow", "dynamite", "1", "2", "beer", "gatling"] as const;
export type Face = (typeof FACES)[number];

/** Secret roles (R1.1, R7.1). */
export const ROLES = ["sheriff", "deputy", "outlaw", "renegade"] as const;
export type Role = (typeof ROLES)[number];

/** The 16 characters of part B, with their life points (C1 to C16). */
export const CHARACTER_LIFE = {
  bart_cassidy: 8,
  black_jack: 8,
  calamity_janet: 8,
  el_gringo: 7,
  jesse_jones: 9,
  jourdonnais: 7,
  kit_carlson: 7,
  lucky_duke: 8,
  paul_regret: 9,
  pedro_ramirez: 8,
  rose_doolan: 9,
  sid_ketchum: 8,
  slab_the_killer: 8,
  suzy_lafayette: 8,
  vulture_sam: 9,
  willy_the_kid: 8,
} as const;
export type Character = keyof typeof CHARACTER_LIFE;
export const CHARACTERS = Object.keys(CHARACTER_LIFE) as [Character, ...Character[]];

/** Game modes: `classic` (3 to 8 players, parts A to C) and `duel` (2 players, part D). */
export const MODES = ["classic", "duel"] as const;
export type Mode = (typeof MODES)[number];

/**
 * Winning teams of the classic game (R6); with 3 players the team is the winner's role (R7.3); in duel
 * mode the team is `duel` and `players` the one winner (R8.10).
 */
export const TEAMS = ["law", "outlaws", "renegade", "deputy", "outlaw", "duel"] as const;
export type Team = (typeof TEAMS)[number];

/** A player's id: any non-empty string chosen by the host (a seat, an account id, a scenario letter). */
export type PlayerId = string;

/**
 * Phases a game rests in between commands. `indianAttack` is transient: the statechart passes through
 * it, {@link applyCommand} never returns a state in it.
 */
export const PHASES = ["rolling", "resolving", "reaction", "indianAttack", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

/** One seat at the table. `maxLife` is the character's life, +2 for the sheriff of 4+ players (R1.3). */
export interface PlayerState {
  readonly id: PlayerId;
  role: Role;
  readonly character: Character;
  /** 0..maxLife; 0 exactly when eliminated. */
  life: number;
  readonly maxLife: number;
  /** Arrows held (R1.5: pile + all held = 9). */
  arrows: number;
  alive: boolean;
}

/** The winner of a finished game: the team and its players in seat order, alive or not (R5.2). */
export interface Winner {
  team: Team;
  players: PlayerId[];
}

/** A shot or beer assignment in a `resolve` command: die index 0..4 and the chosen player. */
export interface DieTarget {
  die: number;
  target: PlayerId;
}

/** Commands: the vocabulary of SCENARIOS.md, `type` being its `do`. `by` is the acting player. */
export type Command =
  | { type: "heal"; by: PlayerId; target: PlayerId }
  | { type: "roll"; by: PlayerId }
  | { type: "reroll"; by: PlayerId; indexes: number[] }
  | { type: "stop"; by: PlayerId }
  | ResolveCommand
  | { type: "react"; by: PlayerId; arrows: number };

/** All of the active player's resolution choices at once (R3.3, R3.7, C7, C13). */
export interface ResolveCommand {
  type: "resolve";
  by: PlayerId;
  shots: DieTarget[];
  beers: DieTarget[];
  /** C13: give up the `beer` die at index `beer` to double the `1`/`2` die at index `shot`. */
  slab?: { beer: number; shot: number } | undefined;
  /** C7: players who return one arrow each, at most one per `gatling` die. */
  arrowDiscards?: PlayerId[] | undefined;
}

export type CommandType = Command["type"];
export const COMMAND_TYPES = ["heal", "roll", "reroll", "stop", "resolve", "react"] as const;

/** Stable error codes of a refused command (SCENARIOS.md), plus `INVALID_SETUP` for a bad table. */
export const ERROR_CODES = [
  "NOT_YOUR_TURN",
  "WRONG_PHASE",
  "DIE_LOCKED",
  "INVALID_TARGET",
  "INCOMPLETE_RESOLUTION",
  "HEAL_REQUIRED",
  "INVALID_COMMAND",
  "INVALID_SETUP",
  // Duel mode (part D): a shot paid with ammo the player does not have (R8.7), a second pick (R8.9).
  "NO_AMMO",
  "ALREADY_PICKED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why a command or a setup was refused: a stable code and a message that names the field. */
export interface RuleError {
  code: ErrorCode;
  message: string;
}

/** Where a life loss comes from; `arrow`-free causes are never Bart Cassidy's to convert (C1). */
export type DamageCause = "dynamite" | "shot" | "gatling" | "indianAttack";
export type HealCause = "beer" | "sid_ketchum" | "suzy_lafayette" | "vulture_sam";

/** What happened, in order; hosts turn these into messages. Views filter nothing here but roles. */
export type GameEvent =
  | { type: "turnStarted"; player: PlayerId; turn: number }
  | { type: "diceRolled"; player: PlayerId; roll: number; indexes: number[]; faces: Face[]; dice: Face[] }
  | { type: "arrowTaken"; player: PlayerId; arrowsInPile: number }
  | { type: "indianAttack"; losses: { player: PlayerId; life: number }[] }
  | { type: "dynamiteExploded"; player: PlayerId }
  | { type: "rollingEnded"; player: PlayerId; dice: Face[] }
  | { type: "lifeLost"; player: PlayerId; amount: number; cause: DamageCause; by: PlayerId | null }
  | { type: "lifeGained"; player: PlayerId; amount: number; cause: HealCause }
  | { type: "arrowsReturned"; player: PlayerId; count: number; reason: "gatling" | "kit_carlson" | "pedro_ramirez" | "eliminated" | "indianAttack" }
  | { type: "reactionRequested"; player: PlayerId; max: number }
  | { type: "reacted"; player: PlayerId; arrows: number }
  | { type: "gatlingFired"; player: PlayerId }
  | { type: "eliminated"; player: PlayerId; role: Role; by: PlayerId | null }
  | { type: "turnEnded"; player: PlayerId }
  | { type: "gameOver"; winner: Winner };

/** Result of applying a command: the next state and its events, or a refusal that changed nothing. */
export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: RuleError };

/**
 * A game's seed (generator.ts): a 32-bit signed integer (pure-rand xoroshiro128+; scenarios, tests,
 * local games), or 64 lower-case hex digits, a 256-bit ChaCha20 key (the server's games: secret).
 */
export type Seed = number | string;

/** The ChaCha20 generator's state: its key (64 hex digits) and the index of the next 32-bit word. */
export interface ChaChaState {
  readonly kind: "chacha20";
  readonly key: string;
  readonly word: number;
}

/**
 * The seeded generator's state: pure-rand xoroshiro128+'s (four numbers) or ChaCha20's. Secret: never
 * part of a view.
 */
export type RngState = readonly number[] | ChaChaState;

/**
 * A step of the turn's flow still to run (boardgame.io's event queue, made explicit so that a turn can
 * pause for Bart Cassidy's answer or an Indian attack and resume where it was).
 */
export type FlowStep =
  | { kind: "takeArrows"; count: number }
  | { kind: "indianAttack" }
  | { kind: "afterRoll" }
  | { kind: "dynamite" }
  | { kind: "shots" }
  | { kind: "beers" }
  | { kind: "gatling" }
  | { kind: "gatlingHits" }
  | { kind: "endTurn" };

/** A pending reaction: Bart Cassidy may take up to `max` arrows instead of life in this step (C1). */
export interface Reaction {
  player: PlayerId;
  max: number;
  step: "shots" | "gatling";
  /** Filled by the `react` command, read by the step when it resumes. */
  answer: number | null;
}

/**
 * The whole state of a game: plain JSON data, fully defined by its setup, its seed and its log (DESIGN
 * invariant 1). Treat it as immutable: {@link applyCommand} returns a new object.
 */
export interface GameState {
  mode: "classic";
  /** Increments on every accepted command (boardgame.io `_stateID`). */
  stateId: number;
  /** Seats clockwise (R1.4). */
  players: PlayerState[];
  /** Arrows left in the pile (R1.5). */
  arrowsInPile: number;
  /** Seat index of the active player. */
  turn: number;
  /** Turns started since the game began, the first included. */
  turnNumber: number;
  phase: Phase;
  /** The five dice, `[]` before the turn's first roll. */
  dice: Face[];
  /** Rolls made this turn (the first roll counts). */
  rolls: number;
  /** Rolls allowed this turn: 3, or 4 for Lucky Duke (R2.1, C8). */
  maxRolls: number;
  /** Three or more dynamite after a roll (R2.6). */
  exploded: boolean;
  /** Sid Ketchum must heal before his first roll (C12). */
  healPending: boolean;
  /** The active player's resolve choices, kept while the resolution steps run. */
  choices: ResolveCommand | null;
  /** Steps still to run (see FlowStep). */
  pending: FlowStep[];
  reaction: Reaction | null;
  winner: Winner | null;
  rng: RngState;
}

/** A game of either mode: the reducer, replay, views and the actor dispatch on `mode`. */
export type AnyGameState = GameState | DuelState;
/** A command of either mode (the state's mode decides which vocabulary applies). */
export type AnyCommand = Command | DuelCommand;
/** An event of either mode. */
export type AnyGameEvent = GameEvent | DuelEvent;
/** Result of applying a command of either mode. */
export type AnyApplyResult = ApplyResult | DuelApplyResult;
