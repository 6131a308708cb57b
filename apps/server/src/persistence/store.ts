import type { DbHandle } from "@bang/db";
import type { StoredRefusal, StoredWinner } from "@bang/db";

export type { StoredRefusal } from "@bang/db";
import type { CommandBase, Draw, SetupBase } from "@bang/game-core";
import type { AdminStore } from "../admin/store.js";

/** A seat of a stored game: a person (playerId) or a bot (botKind). */
export interface StoredSeat {
  seat: number;
  playerId: string;
  name: string;
  botKind: "heuristic" | "random" | null;
}

/** One stored log entry (DESIGN invariant 3: acknowledged means stored). */
export interface StoredEntry {
  seq: number;
  playerId: string;
  clientCommandId: string;
  /** The module's command, with its `by`. */
  command: CommandBase;
  /** What its draws produced, only for games with forced draws (game-core LogEntry.draws). */
  draws: Draw[] | null;
  createdAt?: Date;
  /** The writer's fencing token (cluster mode): stored only while it is the game's token, else FENCED. */
  fencingToken?: number;
}

/** A stored game with its seats and, when loaded whole, its log. */
export interface StoredGame {
  id: string;
  /** The game module's id (packages/games/registry). */
  game: string;
  status: "running" | "finished" | "abandoned";
  /** The module's setup, seed included. */
  setup: SetupBase;
  tableCode: string | null;
  seats: StoredSeat[];
  createdAt: Date;
  finishedAt: Date | null;
  winner: StoredWinner | null;
  lastSeq: number;
  /** Fencing token of the game's current owner (0: never claimed). */
  fencingToken: number;
  /** The table's turn timer, in seconds: a game rebuilt from its log (restart, failover) keeps it. */
  turnSeconds: number;
}

/**
 * What a node needs from storage. `append` resolves only once the entry is committed (concurrent
 * appends are batched by the implementation); it rejects when the store refuses or fails, and then the
 * entry is not stored.
 */
export interface GameStore {
  readonly kind: string;
  /** The database behind the store, for the services that keep their own tables (ratings, tournaments). */
  readonly db: DbHandle;
  createGuest(name: string): Promise<{ id: string; name: string }>;
  /**
   * Creates a running game; `fencingToken` is the creating owner's lease token (cluster mode, default
   * 0), `turnSeconds` the table's turn timer (default 60).
   */
  createGame(game: { id: string; game: string; setup: SetupBase; tableCode: string | null; seats: StoredSeat[]; fencingToken?: number; turnSeconds?: number }): Promise<void>;
  /**
   * A takeover's claim (DESIGN invariant 2): raises the game's fencing token to `token` if it is
   * greater; resolves with the lastSeq then (replay the log up to it), or null when a later owner
   * claimed it, the game does not exist, or it is no longer running (ended by an admin, or finished,
   * since the claimer read it: it stays so).
   */
  claimGame(gameId: string, token: number): Promise<{ lastSeq: number } | null>;
  append(gameId: string, entry: StoredEntry): Promise<void>;
  /**
   * Stores a refusal of the rules before it is answered (DESIGN 5 across failovers and restarts); with
   * `fencingToken` (cluster owner) only while it is the game's token, else rejects FENCED. The first
   * refusal of a player's command id holds. Rejects when nothing was stored: do not answer with it then.
   */
  refuse(gameId: string, refusal: StoredRefusal, fencingToken?: number): Promise<void>;
  /** The game's latest `limit` refusals, oldest first (a rebuilt room remembers them). */
  loadRefusals(gameId: string, limit: number): Promise<StoredRefusal[]>;
  /** The refusal of player `playerId`'s command id `clientCommandId` in game `gameId`, or null. */
  findRefusal(gameId: string, playerId: string, clientCommandId: string): Promise<StoredRefusal | null>;
  /** Records the result; with `fencingToken` (cluster owner) only while it is the game's token, else rejects FENCED. */
  finishGame(gameId: string, winner: StoredWinner, fencingToken?: number): Promise<void>;
  getGame(gameId: string): Promise<StoredGame | null>;
  /**
   * The stored log of `gameId`, oldest first; with `afterSeq`, only the entries after that seq (a reader
   * that already holds a prefix of the log reads the rest).
   */
  loadLog(gameId: string, options?: { afterSeq?: number }): Promise<StoredEntry[]>;
  listGames(filter: { status?: StoredGame["status"]; limit?: number }): Promise<StoredGame[]>;
  /** Ids of the running games where `playerId` has a seat (a person's seat), newest first, at most 50. */
  runningGameIdsOf(playerId: string): Promise<string[]>;
  /**
   * How many running games each of `playerIds` has a (person's) seat in, in that order (0 for none):
   * one query for a whole table, whatever its size.
   */
  runningGameCounts(playerIds: readonly string[]): Promise<number[]>;
  /** Admin accounts and the dashboard's history queries. */
  readonly admin: AdminStore;
  /** Drains pending appends. */
  flush(): Promise<void>;
  /**
   * Registers a listener of the log writer's flushes (one per transaction): entries written or refused,
   * and the transaction's duration in ms. For metrics; a listener that throws is ignored.
   */
  onFlush?(listener: (flush: { entries: number; durationMs: number; failed: boolean }) => void): void;
  /** Log entries appended and not yet committed or refused (the write backlog), for metrics. */
  pendingEntries?(): number;
  /** Log writer transactions running now (each a batch of entries on its way to commit), for metrics. */
  flushesRunning?(): number;
  close(): Promise<void>;
}
