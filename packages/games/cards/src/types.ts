import type { CommonRefusal, PlayerId, Refusal, RngState } from "@bang/game-core";

export type { PlayerId };

/**
 * The vocabulary of Bang! the card game (RULES-cards.md part E, "Vocabulary") as `as const` tuples and
 * types. Every name is the identifier the rules give; protocol, logs, scenarios and UI reuse them.
 */

/** Brown card kinds (E5): played and discarded at once. */
export const BROWN_KINDS = ["bang", "missed", "beer", "saloon", "stagecoach", "wells_fargo", "general_store", "panic", "cat_balou", "duel", "indians", "gatling"] as const;
/** Blue card kinds (E6): put in play, their effect lasts while they stay. */
export const BLUE_KINDS = ["barrel", "mustang", "scope", "volcanic", "schofield", "remington", "rev_carabine", "winchester", "jail", "dynamite"] as const;
/** Every card kind (E2.1), brown first. */
export const KINDS = [...BROWN_KINDS, ...BLUE_KINDS] as const;
/** A card kind (E2.1 vocabulary). */
export type Kind = (typeof KINDS)[number];
/** A blue card kind (E6). */
export type BlueKind = (typeof BLUE_KINDS)[number];

/** The weapons and their reach (E4.3); `colt_45` is the default weapon, no card. */
export const WEAPON_REACH = { colt_45: 1, volcanic: 1, schofield: 2, remington: 3, rev_carabine: 4, winchester: 5 } as const;
export type Weapon = keyof typeof WEAPON_REACH;

/** Suits (E2.1 vocabulary) and their one-letter codes in card ids. */
export const SUITS = ["spades", "hearts", "diamonds", "clubs"] as const;
export type Suit = (typeof SUITS)[number];
/** Ranks in the order of E2.3 (2 lowest, A highest). */
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"] as const;
export type Rank = (typeof RANKS)[number];

/** A card id `<kind>_<rank><suit>` (E2.1), e.g. `bang_ad`; `stagecoach_9s_2` is the second 9 of spades. */
export type CardId = string;

/** Roles (E1.1). */
export const ROLES = ["sheriff", "deputy", "outlaw", "renegade"] as const;
export type Role = (typeof ROLES)[number];

/** The 16 characters of E10 with their bullets (E1.4). */
export const CHARACTER_LIFE = {
  bart_cassidy: 4,
  black_jack: 4,
  calamity_janet: 4,
  el_gringo: 3,
  jesse_jones: 4,
  jourdonnais: 4,
  kit_carlson: 4,
  lucky_duke: 4,
  paul_regret: 3,
  pedro_ramirez: 4,
  rose_doolan: 4,
  sid_ketchum: 4,
  slab_the_killer: 4,
  suzy_lafayette: 4,
  vulture_sam: 4,
  willy_the_kid: 4,
} as const;
/** A character id (E10). */
export type Character = keyof typeof CHARACTER_LIFE;
/** The 16 character ids, in E10 order. */
export const CHARACTERS = Object.keys(CHARACTER_LIFE) as [Character, ...Character[]];

/** Teams that win (E9). */
export const TEAMS = ["law", "outlaws", "renegade"] as const;
export type Team = (typeof TEAMS)[number];

/**
 * Phases (vocabulary): the turn phases `turnStart`, `draw`, `play`, `discard`; the waiting states
 * `response`, `choice`, `generalStore`; and `gameOver`. A state never rests in `turnStart`: the
 * start-of-turn checks run at once (E3.1) and stop only in `choice` (Lucky Duke) or `draw`.
 */
export const PHASES = ["turnStart", "draw", "play", "discard", "response", "choice", "generalStore", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];
/** The phases of the turn itself, kept in the state (the waiting states come from `pending`). */
export type TurnPhase = "turnStart" | "draw" | "play" | "discard" | "gameOver";

/** A barrel source (E7.1): the Barrel card in play, or Jourdonnais's built-in one (E10.6). */
export const BARREL_SOURCES = ["barrel", "jourdonnais"] as const;
export type BarrelSource = (typeof BARREL_SOURCES)[number];

/** What a "draw!" (E2.6) decides. */
export type CheckPurpose = { kind: "dynamite" } | { kind: "jail" } | { kind: "barrel"; source: BarrelSource };

/**
 * One pending step of the flow (STYLE §6: an explicit queue in the state; the first one is next).
 * Waiting steps (`shot`, `duel`, `indians`, `dying`, `store`, `kit`, `lucky`) may stop the flow for a
 * player's command; the others run by themselves.
 */
export type FlowStep =
  /** E3.1 (a): the active player's Dynamite "draw!". */
  | { t: "dynamite" }
  /** E3.1 (b): the active player's Jail "draw!". */
  | { t: "jail" }
  /** E3.2: the checks are over, phase 1 starts. */
  | { t: "beginDraw" }
  /** E7.1: a shot at `target`; cancelled when `misses` reach `needed`. `used`: barrel sources drawn already. */
  | { t: "shot"; target: PlayerId; by: PlayerId; needed: number; misses: number; used: BarrelSource[] }
  /** E5.9: a Duel; `next` must discard a BANG! or lose 1 life. */
  | { t: "duel"; challenger: PlayerId; target: PlayerId; next: PlayerId }
  /** E5.10: Indians! reaching `target`. */
  | { t: "indians"; target: PlayerId; by: PlayerId }
  /** E7.2: a life loss of `amount`, caused by `by` (E7.5). */
  | { t: "damage"; target: PlayerId; amount: number; by: PlayerId | null }
  /** E7.4: the last resort of `target` at 0 life or less. */
  | { t: "dying"; target: PlayerId; by: PlayerId | null }
  /** E7.3: Bart Cassidy's and El Gringo's abilities after a life loss. */
  | { t: "afterLoss"; target: PlayerId; amount: number; by: PlayerId | null }
  /** E5.6: the General Store's cards face up; `order` the players still to pick, first one next. */
  | { t: "store"; cards: CardId[]; order: PlayerId[] }
  /** E10.7: Kit Carlson looks at `cards` and keeps two. */
  | { t: "kit"; player: PlayerId; cards: CardId[] }
  /** E10.8: Lucky Duke flipped `cards` for a "draw!" and chooses the result. */
  | { t: "lucky"; player: PlayerId; cards: CardId[]; purpose: CheckPurpose };

/** One seat. `inPlay` is in the order the cards were put in play; `hand` in hand order (E8.1). */
export interface PlayerState {
  readonly id: PlayerId;
  role: Role;
  readonly character: Character;
  /** Life; may go below 0 while a last resort is settled (E7.2), 0 once eliminated. */
  life: number;
  readonly maxLife: number;
  alive: boolean;
  hand: CardId[];
  inPlay: CardId[];
}

/** The winner of a finished game: the team and its players, alive or not, in seat order (E9). */
export interface Winner {
  team: Team;
  players: PlayerId[];
}

/**
 * The whole state of a game. Plain JSON; `rng` is the game's seeded generator state (DESIGN invariant 1);
 * `reshuffles` holds the draw piles a scenario forces for its reshuffles (E2.5), consumed in order.
 */
export interface GameState {
  stateId: number;
  players: PlayerState[];
  /** Draw pile, top first. */
  deck: CardId[];
  /** Discard pile, bottom first (the last one is the public top card). */
  discard: CardId[];
  /** Seat index of the active player. */
  turn: number;
  turnNumber: number;
  phase: TurnPhase;
  /** BANG! cards played this turn (E5.1). */
  bangsPlayed: number;
  pending: FlowStep[];
  winner: Winner | null;
  eightPlayers: boolean;
  reshuffles: CardId[][];
  rng: RngState;
}

/** The card game's own refusal codes (SCENARIOS-cards.md), besides the common ones. */
export const CARDS_REFUSALS = ["NOT_IN_HAND", "NOT_PLAYABLE", "BANG_LIMIT", "INVALID_TARGET", "OUT_OF_RANGE", "DUPLICATE_IN_PLAY", "WRONG_DISCARD_COUNT"] as const;
/** Every refusal code the card game uses. */
export type ErrorCode = CommonRefusal | (typeof CARDS_REFUSALS)[number];

/** A refusal: a stable code and a message naming the field. */
export interface RuleError extends Refusal {
  code: ErrorCode;
}

/** Commands: SCENARIOS-cards.md's vocabulary, `type` being its `do`; `by` is the acting player. */
export type Command =
  | { type: "draw"; by: PlayerId; from?: "deck" | "discard" | PlayerId | undefined }
  | { type: "keep"; by: PlayerId; cards: CardId[] }
  | { type: "play"; by: PlayerId; card: CardId; target?: PlayerId | undefined; targetCard?: CardId | undefined; as?: "bang" | undefined }
  | { type: "respond"; by: PlayerId; card: CardId }
  | { type: "barrel"; by: PlayerId; source: BarrelSource }
  | { type: "choose"; by: PlayerId; card: CardId }
  | { type: "pass"; by: PlayerId }
  | { type: "pick"; by: PlayerId; card: CardId }
  | { type: "ability"; by: PlayerId; cards: CardId[] }
  | { type: "end"; by: PlayerId }
  | { type: "discard"; by: PlayerId; cards: CardId[] };
/** A command type (`do` in scenarios). */
export type CommandType = Command["type"];

/**
 * Events. `cards` of a `drew`, `card` of a `stolen` taken from a hand and of a `putBack`, and the
 * `looked` event are secrets: `viewEvent` hides them from whoever may not see them (E10.7, E11.22).
 */
export type GameEvent =
  | { type: "turnStarted"; player: PlayerId; turn: number }
  | { type: "reshuffled"; deckSize: number }
  | { type: "drew"; player: PlayerId; from: "deck" | "discard" | PlayerId; cards: (CardId | null)[] }
  | { type: "shown"; player: PlayerId; card: CardId }
  | { type: "looked"; player: PlayerId; cards: (CardId | null)[] }
  | { type: "putBack"; player: PlayerId; card: CardId | null }
  | { type: "checked"; player: PlayerId; purpose: CheckPurpose["kind"]; cards: CardId[]; card: CardId; success: boolean }
  | { type: "played"; player: PlayerId; card: CardId; target: PlayerId | null; as: "bang" | null }
  | { type: "responded"; player: PlayerId; card: CardId }
  | { type: "passed"; player: PlayerId }
  | { type: "shotMissed"; player: PlayerId }
  | { type: "discarded"; player: PlayerId; cards: CardId[]; reason: "effect" | "phase3" | "ability" | "penalty" | "eliminated" | "replaced" }
  | { type: "stolen"; player: PlayerId; from: PlayerId; card: CardId | null; fromHand: boolean }
  | { type: "storeOpened"; cards: CardId[] }
  | { type: "picked"; player: PlayerId; card: CardId }
  | { type: "movedInPlay"; card: CardId; from: PlayerId; to: PlayerId }
  | { type: "lifeLost"; player: PlayerId; amount: number; by: PlayerId | null }
  | { type: "lifeGained"; player: PlayerId; amount: number; cause: "beer" | "saloon" | "sid_ketchum" }
  | { type: "eliminated"; player: PlayerId; role: Role; by: PlayerId | null }
  | { type: "cardsTaken"; player: PlayerId; from: PlayerId; count: number }
  | { type: "turnSkipped"; player: PlayerId }
  | { type: "turnEnded"; player: PlayerId }
  | { type: "gameOver"; winner: Winner };

/** The reducer's result: the next state and its events, or a refusal that changed nothing. */
export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: RuleError };
