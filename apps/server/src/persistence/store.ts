import type { Command, Face, GameSetup, Winner } from "@bang/engine";
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
  command: Command;
  dice: Face[][] | null;
  createdAt?: Date;
}

/** A stored game with its seats and, when loaded whole, its log. */
export interface StoredGame {
  id: string;
  mode: "classic";
  status: "running" | "finished" | "abandoned";
  setup: GameSetup;
  tableCode: string | null;
  seats: StoredSeat[];
  createdAt: Date;
  finishedAt: Date | null;
  winner: Winner | null;
  lastSeq: number;
}

/**
 * What a node needs from storage. `append` resolves only once the entry is committed (concurrent
 * appends are batched by the implementation); it rejects when the store refuses or fails, and then the
 * entry is not stored.
 */
export interface GameStore {
  readonly kind: string;
  createGuest(name: string): Promise<{ id: string; name: string }>;
  createGame(game: { id: string; setup: GameSetup; tableCode: string | null; seats: StoredSeat[] }): Promise<void>;
  append(gameId: string, entry: StoredEntry): Promise<void>;
  finishGame(gameId: string, winner: Winner): Promise<void>;
  getGame(gameId: string): Promise<StoredGame | null>;
  loadLog(gameId: string): Promise<StoredEntry[]>;
  listGames(filter: { status?: StoredGame["status"]; limit?: number }): Promise<StoredGame[]>;
  /** Admin accounts and the dashboard's history queries. */
  readonly admin: AdminStore;
  /** Drains pending appends. */
  flush(): Promise<void>;
  close(): Promise<void>;
}
