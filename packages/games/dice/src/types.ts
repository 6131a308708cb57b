import type { CommonRefusal, PlayerId, Refusal, RngState } from "@bang/game-core";

export type { PlayerId };


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


/** Winning teams (R6); with 3 players the team is the winner's role (R7.3). */
export const TEAMS = ["law", "outlaws", "renegade", "deputy", "outlaw"] as const;
export type Team = (typeof TEAMS)[number];

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

/**
 * Stable refusal codes of this game (SCENARIOS.md): the common ones (INVALID_COMMAND, INVALID_SETUP,
 * NOT_YOUR_TURN, WRONG_PHASE) and the dice game's own (`DICE_REFUSALS`).
 */
export const DICE_REFUSALS = ["DIE_LOCKED", "INVALID_TARGET", "INCOMPLETE_RESOLUTION", "HEAL_REQUIRED"] as const;
export type ErrorCode = CommonRefusal | (typeof DICE_REFUSALS)[number];

/** Why a command or a setup was refused: a stable code and a message that names the field. */
export interface RuleError extends Refusal {
  code: ErrorCode;
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
