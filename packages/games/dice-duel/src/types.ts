/**
 * The vocabulary of duel mode (RULES.md part D, R8.1 to R8.10): the hideout grid, ammo, the duel cards,
 * the duel commands, events and state. Everything here is plain JSON.
 */
import type { Face } from "@bang/game-dice";
import type { CommonRefusal, PlayerId, Refusal, RngState } from "@bang/game-core";

export type { Face, PlayerId };

/** The duel's own refusal codes, besides the common ones: a locked die, a bad target, a missing choice, a shot without ammo (R8.7), a second pick (R8.9). */
export const DUEL_REFUSALS = ["DIE_LOCKED", "INVALID_TARGET", "INCOMPLETE_RESOLUTION", "NO_AMMO", "ALREADY_PICKED"] as const;
export type ErrorCode = CommonRefusal | (typeof DUEL_REFUSALS)[number];

/** Why a duel command or setup was refused: a stable code and a message that names the field. */
export interface RuleError extends Refusal {
  code: ErrorCode;
}

/** The winner of a finished duel: team `duel` and the one winning player (R8.10). */
export interface Winner {
  team: "duel";
  players: PlayerId[];
}

/** The two rows of a hideout (R8.1): `near` faces the opponent and is hit by `1`, `far` by `2` (R8.7). */
export const ROWS = ["near", "far"] as const;
export type Row = (typeof ROWS)[number];

/** Columns of a hideout, indexed 0 to 3 (R8.1). */
export const COLUMNS = 4;

/** The three duel cards (R8.9), named after the roles. */
export const DUEL_CARDS = ["sheriff", "outlaw", "renegade"] as const;
export type DuelCard = (typeof DUEL_CARDS)[number];

/** One card of a hideout: its row and its column 0..3. */
export interface CardRef {
  row: Row;
  column: number;
}

/** A hideout (R8.1): per row, 4 columns, `true` while the card stands, `false` once destroyed. */
export interface Hideout {
  near: boolean[];
  far: boolean[];
}

/** One duellist. `ammo` is never negative; the reserve is unlimited (R8.1). */
export interface DuelPlayerState {
  readonly id: PlayerId;
  hideout: Hideout;
  ammo: number;
}

/** Phases a duel game rests in. `duel` is the secret simultaneous choice (R8.9). */
export const DUEL_PHASES = ["rolling", "resolving", "duel", "duelEffect", "gameOver"] as const;
export type DuelPhase = (typeof DUEL_PHASES)[number];

/** The duel being played (R8.9): its starter (the active player), how many times it was played, the picks so far. */
export interface DuelRound {
  /** Seat of the starter: only the starter's card can take effect. */
  starter: number;
  /** 1 for the first play, +1 each time equal cards make it play again. */
  round: number;
  /** Per seat, the card picked in secret, or null while that player has not picked. */
  picks: (DuelCard | null)[];
}

/** The last revealed duel: both picks, and what came of them (R8.9). */
export interface DuelReveal {
  starter: PlayerId;
  round: number;
  picks: { player: PlayerId; card: DuelCard }[];
  /** `again`: equal cards; `blocked`: the opponent's card blocks the starter's; `effect`: it takes effect. */
  outcome: "again" | "blocked" | "effect";
}

/** A starter's card effect that waits for the starter's choice of cards (sheriff or outlaw, R8.9). */
export interface PendingEffect {
  card: "sheriff" | "outlaw";
  /** How many cards the `effect` command must name (2). */
  count: number;
}

/**
 * The whole state of a duel game (RULES.md part D): plain JSON, defined by its setup, its seed and its
 * log like a dice game. Treat it as immutable: the reducer returns a new object.
 */
export interface DuelState {
  /** Increments on every accepted command. */
  stateId: number;
  /** The two seats. */
  players: DuelPlayerState[];
  /** Seat index (0 or 1) of the active player. */
  turn: number;
  turnNumber: number;
  phase: DuelPhase;
  /** The five dice, `[]` before the turn's first roll; after `resolve`, the final dice (beer changes applied). */
  dice: Face[];
  rolls: number;
  /** Always 3 (R8.2). */
  maxRolls: number;
  /** Three or more dynamite after a roll (R8.2, R2.6). */
  exploded: boolean;
  /** The duel in progress, null outside the `duel` and `duelEffect` phases. */
  duel: DuelRound | null;
  /** The starter's card effect waiting for the starter's cards (phase `duelEffect`). */
  effect: PendingEffect | null;
  /** The last revealed duel of the game, null before the first reveal. */
  lastDuel: DuelReveal | null;
  /** The winner: team `duel` and the one winning player (R8.10). */
  winner: Winner | null;
  rng: RngState;
}

/** A beer face change (R8.4): the `beer` die at index `beer`, set aside, turns die `die` to `face`. */
export interface BeerChange {
  beer: number;
  die: number;
  face: Face;
}

/** A shot (R8.7): the `1`/`2` die at index `die` destroys the opponent's card in that die's row, at `column`. */
export interface DuelShot {
  die: number;
  column: number;
}

/**
 * All of the active player's resolution choices at once (R8.4 to R8.8), each list optional (default empty):
 * `changes` (R8.4), `dynamite` the own card an explosion destroys (R8.6), `shots` (R8.7), `repairs` the
 * columns whose destroyed card each pair of arrows restores (R8.8).
 */
export interface DuelResolveCommand {
  type: "resolve";
  by: PlayerId;
  changes?: BeerChange[] | undefined;
  dynamite?: CardRef | undefined;
  shots?: DuelShot[] | undefined;
  repairs?: number[] | undefined;
}

/** Commands of duel mode. `by` is the acting player (for `pickTimeout`, the player who did not pick). */
export type DuelCommand =
  | { type: "roll"; by: PlayerId }
  | { type: "reroll"; by: PlayerId; indexes: number[] }
  | { type: "stop"; by: PlayerId }
  | DuelResolveCommand
  | { type: "pick"; by: PlayerId; card: DuelCard }
  | { type: "pickTimeout"; by: PlayerId }
  | { type: "effect"; by: PlayerId; cards: CardRef[] };

export const DUEL_COMMAND_TYPES = ["roll", "reroll", "stop", "resolve", "pick", "pickTimeout", "effect"] as const;

/** Why a card was destroyed: an explosion (own card), a molotov, a shot, or the outlaw card. */
export type DestroyCause = "dynamite" | "molotov" | "shot" | "outlaw";

/** What happened in a duel game, in order. No event carries a pick before both picks are in (R8.9). */
export type DuelEvent =
  | { type: "turnStarted"; player: PlayerId; turn: number }
  | { type: "diceRolled"; player: PlayerId; roll: number; indexes: number[]; faces: Face[]; dice: Face[] }
  | { type: "dynamiteExploded"; player: PlayerId }
  | { type: "rollingEnded"; player: PlayerId; dice: Face[] }
  | { type: "ammoGained"; player: PlayerId; amount: number; ammo: number }
  | { type: "diceChanged"; player: PlayerId; changes: BeerChange[]; dice: Face[] }
  | { type: "molotov"; player: PlayerId; row: Row }
  | { type: "cardDestroyed"; player: PlayerId; row: Row; column: number; cause: DestroyCause; by: PlayerId }
  | { type: "cardRestored"; player: PlayerId; row: Row; column: number; cause: "arrows" | "sheriff" }
  | { type: "ammoSpent"; player: PlayerId; ammo: number }
  | { type: "ammoStolen"; player: PlayerId; from: PlayerId; amount: number }
  | { type: "duelStarted"; starter: PlayerId; round: number }
  | { type: "duelPicked"; player: PlayerId; timedOut: boolean }
  | ({ type: "duelRevealed" } & DuelReveal)
  | { type: "effectRequested"; player: PlayerId; card: "sheriff" | "outlaw"; count: number }
  | { type: "turnEnded"; player: PlayerId }
  | { type: "gameOver"; winner: Winner };

/** Result of applying a duel command: the next state and its events, or a refusal that changed nothing. */
export type DuelApplyResult =
  | { ok: true; state: DuelState; events: DuelEvent[] }
  | { ok: false; error: RuleError };
