/**
 * Where queued players wait: the in-memory store of a single node, or Redis for the cluster. The
 * matchmaker reads a queue's entries, decides tables, then CLAIMS each table: the claim succeeds for
 * every player at once or for none, so two matchers working on the same queue never put one player
 * in two games.
 */

/** A player waiting in a queue. */
export interface QueueEntry {
  playerId: string;
  name: string;
  /** The player's rating ordinal in the queue's game when they joined. */
  rating: number;
  /** When they joined, epoch ms; kept when a failed ready check puts them back. */
  joinedAt: number;
}

/** Where a player stands in the store. */
export type Placement = { state: "queued"; queueId: string; entry: QueueEntry } | { state: "matched"; queueId: string; matchId: string };

export interface QueueStore {
  /** Adds `entry` to queue `queueId`. Resolves false (nothing changed) when the player is queued or matched already. */
  join(queueId: string, entry: QueueEntry): Promise<boolean>;
  /** Removes a queued player. Resolves the entry removed, or null when the player was not queued (matched players stay). */
  leave(playerId: string): Promise<QueueEntry | null>;
  /** Where the player stands, or null. */
  placement(playerId: string): Promise<Placement | null>;
  /** Every entry of a queue (any order). */
  entries(queueId: string): Promise<QueueEntry[]>;
  /**
   * Atomically takes `playerIds` out of queue `queueId` into match `matchId`: succeeds only when every
   * one of them is still queued there; otherwise changes nothing and resolves false.
   */
  claim(queueId: string, matchId: string, playerIds: readonly string[]): Promise<boolean>;
  /** Puts players of match `matchId` back in its queue with their entries (same joinedAt). */
  requeue(queueId: string, matchId: string, entries: readonly QueueEntry[]): Promise<void>;
  /** Forgets players of match `matchId` (their game started, or they left the ready check). */
  release(matchId: string, playerIds: readonly string[]): Promise<void>;
  /**
   * Records the waits (ms, one per human player) of match `matchId`, whose game started at `at` (epoch
   * ms), for the recent wait statistics (waits.ts): kept RECENT_WAITS_WINDOW_MS, at most RECENT_WAITS_MAX
   * per queue. Shared by every node on the Redis store.
   */
  recordWaits(queueId: string, matchId: string, at: number, waitsMs: readonly number[]): Promise<void>;
  /** The waits (ms) recorded in queue `queueId` for games started at or after `since` (epoch ms), any order. */
  recentWaits(queueId: string, since: number): Promise<number[]>;
  close(): Promise<void>;
}
