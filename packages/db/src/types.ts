import type { CommandBase, Draw, SetupBase } from "@bang/game-core";
import type { GameStatus, PlayerKind } from "./client.js";

/** A player as stored. */
export interface PlayerRecord {
  id: string;
  name: string;
  kind: PlayerKind;
  createdAt: Date;
}

/** A seat of a new game: a human seat names its player; a bot seat has `botKind` and no player. */
export interface SeatInput {
  /** 0-based index into `setup.players` (clockwise). */
  seat: number;
  playerId?: string | null | undefined;
  botKind?: string | null | undefined;
  /** Name shown at the table. */
  name: string;
}

export interface SeatRecord {
  seat: number;
  playerId: string | null;
  botKind: string | null;
  name: string;
}

/** A game as stored, with its seats in seat order. */
export interface GameRecord {
  id: string;
  /** The game module's id (as the registry names it). */
  game: string;
  status: GameStatus;
  setup: SetupBase;
  tableCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** Seq of the last stored log entry; 0 before the first. */
  lastSeq: number;
  /** Fencing token of the game's current owner (0: never claimed; see claimGame). */
  fencingToken: number;
  /** The table's turn timer, in seconds (kept when the game is rebuilt from its log). */
  turnSeconds: number;
  /** Set once finished (null for a game that ended without a winner or has not ended). */
  winner: StoredWinner | null;
  seats: SeatRecord[];
}

/**
 * One accepted command to store. `seq` numbers a game's entries 1, 2, 3... without gaps; `playerId`
 * is the acting player's id in the game (the command's `by`); `clientCommandId` is the id the client
 * chose (unique per player of a game, DESIGN invariant 5); `draws` only for games with forced draws
 * (game-core LogEntry).
 */
export interface NewLogEntry {
  seq: number;
  playerId: string;
  clientCommandId: string;
  command: CommandBase;
  draws?: Draw[] | undefined;
  /**
   * Fencing token of the writer (a cluster node's lease token, DESIGN invariant 2). When set, the
   * entry is stored only while the game's stored fencingToken equals it (else FENCED, nothing written);
   * unset (single node): no fencing check. Every entry of one game in a batch must carry the same token.
   */
  fencingToken?: number | undefined;
}

/** A stored log entry. `command` and `draws` are exactly what was appended. */
export interface StoredLogEntry {
  gameId: string;
  seq: number;
  playerId: string;
  clientCommandId: string;
  command: CommandBase;
  draws?: Draw[] | undefined;
  createdAt: Date;
}

/** A finished game's winner as stored: the module's GameResult.winner (team, players in seat order). */
export interface StoredWinner {
  team: string;
  players: string[];
}
