/**
 * The vocabulary of Ca$h 'n Guns (RULES-cash-n-guns.md part F, "Vocabulary"): bullet and loot cards,
 * courage choices, player statuses, the steps of a round, the commands, events and state. Everything
 * here is plain JSON.
 */
import type { CommonRefusal, PlayerId, Refusal, RngState } from "@bang/game-core";

export type { PlayerId };

/** The two kinds of bullet card (F1.2): a `click` does nothing, a `bang` wounds (F4.2). */
export const BULLETS = ["click", "bang"] as const;
/** A bullet card kind: `click` or `bang` (F1.2). */
export type Bullet = (typeof BULLETS)[number];

/** The nine kinds of loot card (F1.3); the number in a bill or diamond id is its value in dollars. */
export const LOOT_CARDS = ["bill_5000", "bill_10000", "bill_20000", "diamond_1000", "diamond_5000", "diamond_10000", "painting", "clip", "first_aid_kit"] as const;
/** A loot card id (F1.3). */
export type LootCard = (typeof LOOT_CARDS)[number];

/** The New Godfather tile (F5.5): a share, not a card. */
export const NEW_GODFATHER = "new_godfather";
/** The tile's two sides (F2.5). */
export type TileSide = "available" | "taken";

/** The courage choices (F3.7). */
export const COURAGE_CHOICES = ["stand", "lie_down"] as const;
/** A courage choice: `stand` or `lie_down` (F3.7). */
export type Courage = (typeof COURAGE_CHOICES)[number];

/** A player's status (F8.1): standing, lying down (courage or a wound this round, F4.4), or dead (F4.5). */
export type Status = "standing" | "lying_down" | "dead";

/**
 * The steps of a round (F3.1) as the statechart's phases: `loot` and `card_effects` are passed through
 * automatically (F9.1); `retarget` is the part of the Godfather's privilege where the ordered player
 * names a new target (F3.6); `game_over` is final.
 */
export const PHASES = ["loot", "bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage", "card_effects", "sharing", "game_over"] as const;
/** A step of the round, or `game_over` (F3.1). */
export type Phase = (typeof PHASES)[number];

/** How the game was won (F7): `all_dead` when nobody wins. */
export type WinReason = "richest" | "last_survivor" | "all_dead";

/** The game's end (F7): the winners (several in a shared victory, none for `all_dead`) and why. */
export interface Winner {
  players: PlayerId[];
  reason: WinReason;
}

/** Some bullet cards by kind (a hand, a discard). */
export interface BulletCount {
  click: number;
  bang: number;
}

/** The game's own refusal codes besides the common ones (F9.2). */
export const CNG_REFUSALS = ["NOT_ELIGIBLE", "ALREADY_CHOSEN", "NO_SUCH_CARD", "INVALID_TARGET"] as const;
/** Every refusal code a command or setup may get (F9.2, and INVALID_SETUP). */
export type ErrorCode = CommonRefusal | (typeof CNG_REFUSALS)[number];

/** Why a command or setup was refused: a stable code (F9.2) and a message naming the field. */
export interface RuleError extends Refusal {
  code: ErrorCode;
}

/**
 * One seat. `bullet`, `aimed`, `aim`, `courage`, `shown` and `woundedNow` describe the current round and
 * reset when the next round's loot is laid out (F3.2).
 */
export interface CngPlayer {
  readonly id: PlayerId;
  alive: boolean;
  /** 0..2 while alive; 3 or more once dead (F4.5). */
  wounds: number;
  status: Status;
  /** Bullet cards in hand (F3.4); empty once dead. Replaced, never changed in place (states share it). */
  hand: Readonly<BulletCount>;
  /** Used bullet cards (F4.7), the player's own (F10.6). Replaced, never changed in place. */
  discard: Readonly<BulletCount>;
  /** Collected loot (F10.17: public). Used clips and first aid kits are not kept (F6.3). Replaced, never changed in place. */
  loot: readonly LootCard[];
  /** This round's bullet card, chosen at `bullet_choice` (F3.3); null before. */
  bullet: Bullet | null;
  /** Whether the bullet was revealed face up at step 6 (F4.2); false while hidden or discarded face down (F4.1). */
  shown: boolean;
  /** Whether the player's hold-up is settled: aimed, or the hold-up closed on its timer (F3.5). */
  aimed: boolean;
  /** The player held up (after a retarget, the new one), or null: not aimed, or too slow (F3.5). */
  aim: PlayerId | null;
  /** This round's courage choice (F3.7), null before. */
  courage: Courage | null;
  /** Wounded at this round's step 6 (F4.4: lies down, no share). */
  woundedNow: boolean;
}

/** The Godfather's order this round (F3.6): who was ordered and the target they had. */
export interface GodfatherOrder {
  player: PlayerId;
  previous: PlayerId;
}

/** The final count (F7.4 to F7.7), null until the game ends by `richest`. */
export interface Scoring {
  /** Totals of living players (F7.5). */
  totals: Record<PlayerId, number>;
  /** The player holding the diamond bonus (F7.4), or null. */
  diamondBonus: PlayerId | null;
}

/**
 * The whole state of a game of Ca$h 'n Guns: defined by its setup, its seed and its log. Treat it as
 * immutable: the reducer returns a new object.
 */
export interface CngState {
  /** Increments on every accepted command. */
  stateId: number;
  /** 1 to 8 (F3.1). */
  round: number;
  phase: Phase;
  /** The seats, clockwise (F2.1). */
  players: CngPlayer[];
  /** Who holds the Godfather's desk (F2.4, F5.6, F10.10). */
  godfather: PlayerId;
  /** The piles of the rounds still to come, face down (F2.3, F8.2): `piles[0]` is next round's. */
  piles: LootCard[][];
  /** The loot on the table (F3.2). */
  table: LootCard[];
  /** The side of the New Godfather tile (F2.5, F5.5). */
  tile: TileSide;
  /** Who turned the tile this round, or null (F5.5). */
  tileTaker: PlayerId | null;
  /** The Godfather's order this round, or null (F3.6). */
  order: GodfatherOrder | null;
  /** Whose share it is in `sharing` (F5.2), else null. */
  shareTurn: PlayerId | null;
  scoring: Scoring | null;
  winner: Winner | null;
  rng: RngState;
}

/** Commands (F9). `by` is the sender; `close_hold_up` is the server's own (F3.5), sent by `system` or for a timed-out player. */
export type CngCommand =
  | { type: "choose_bullet"; by: PlayerId; card: Bullet }
  | { type: "aim"; by: PlayerId; target: PlayerId }
  | { type: "close_hold_up"; by: PlayerId }
  | { type: "order_change"; by: PlayerId; player: PlayerId }
  | { type: "pass"; by: PlayerId }
  | { type: "retarget"; by: PlayerId; target: PlayerId }
  | { type: "courage"; by: PlayerId; choice: Courage }
  | { type: "take"; by: PlayerId; card: LootCard | typeof NEW_GODFATHER };

/** Every command type, in F9's order. */
export const COMMAND_TYPES = ["choose_bullet", "aim", "close_hold_up", "order_change", "pass", "retarget", "courage", "take"] as const;
/** A command type (F9). */
export type CommandType = (typeof COMMAND_TYPES)[number];

/** The sender of a server command in scenarios (SCENARIOS-cash-n-guns.md). */
export const SYSTEM = "system";

/**
 * What happened, in order. Some events carry a secret that `viewEvent` hides: `bulletDiscarded.card`
 * (F8.8) and the whole `clipResolved` (F8.9) are for the card's owner only.
 */
export type CngEvent =
  | { type: "roundStarted"; round: number; godfather: PlayerId; table: LootCard[] }
  | { type: "bulletChosen"; player: PlayerId }
  | { type: "aimed"; player: PlayerId }
  | { type: "holdUpClosed"; slow: PlayerId[] }
  | { type: "aimsRevealed"; aims: { player: PlayerId; target: PlayerId | null }[] }
  | { type: "orderGiven"; godfather: PlayerId; player: PlayerId }
  | { type: "privilegePassed"; godfather: PlayerId }
  | { type: "retargeted"; player: PlayerId; from: PlayerId; target: PlayerId }
  | { type: "courageChosen"; player: PlayerId }
  | { type: "courageRevealed"; choices: { player: PlayerId; choice: Courage }[] }
  | { type: "bulletRevealed"; player: PlayerId; card: Bullet; target: PlayerId }
  | { type: "bulletDiscarded"; player: PlayerId; card: Bullet | null }
  | { type: "wounded"; player: PlayerId; amount: number; wounds: number }
  | { type: "died"; player: PlayerId }
  | { type: "lootTaken"; player: PlayerId; card: LootCard }
  | { type: "newGodfatherTaken"; player: PlayerId }
  | { type: "clipResolved"; player: PlayerId; reloaded: boolean }
  | { type: "firstAidKitUsed"; player: PlayerId; healed: number }
  | { type: "lootDiscarded"; cards: LootCard[] }
  | { type: "roundEnded"; round: number; godfather: PlayerId }
  | { type: "gameOver"; winner: Winner; totals: Record<PlayerId, number> | null; diamondBonus: PlayerId | null };

/** Result of applying a command: the next state and its events, or a refusal that changed nothing. */
export type CngApplyResult = { ok: true; state: CngState; events: CngEvent[] } | { ok: false; error: RuleError };
