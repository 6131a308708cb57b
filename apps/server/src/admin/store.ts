import { createAdminRepository, createGameRepository, createHistoryRepository, type AdminRecord, type DbHandle, type GameRecord, type HistoryFilter } from "@bang/db";
import type { StoredGame } from "../persistence/store.js";

/** What the admin features need from storage: accounts, the history search, giving a game up. */
export interface AdminStore {
  /** Creates an account; null when the name is taken. */
  createAccount(name: string, passwordHash: string): Promise<AdminRecord | null>;
  /** Replaces an account's password hash; false when there is no such account. */
  setPassword(name: string, passwordHash: string): Promise<boolean>;
  findAccount(name: string): Promise<AdminRecord | null>;
  touchLogin(id: string): Promise<void>;
  /** Stored games matching `filter` (finished by default), newest first, and the total matching. */
  searchGames(filter: HistoryFilter): Promise<{ total: number; games: StoredGame[] }>;
  /** Marks a game abandoned (ended by an admin before a winner). Rejects when it does not exist. */
  abandonGame(gameId: string): Promise<void>;
  /**
   * Records that seat `seat` of `gameId` is played by the `heuristic` bot from now on (an admin
   * replaced its player), so that a restore after a restart keeps the bot on it. Rejects when there is
   * no such seat.
   */
  replaceSeatByBot(gameId: string, seat: number): Promise<void>;
}

/** The admin store over @bang/db (AdminAccount and Game tables). */
export function createAdminStore(db: DbHandle, toStoredGame: (g: GameRecord) => StoredGame): AdminStore {
  const admins = createAdminRepository(db);
  const history = createHistoryRepository(db);
  const games = createGameRepository(db);
  return {
    createAccount: (name, hash) => admins.create(name, hash),
    setPassword: (name, hash) => admins.setPassword(name, hash),
    findAccount: (name) => admins.findByName(name),
    touchLogin: (id) => admins.touchLogin(id),
    async searchGames(filter) {
      const found = await history.search(filter);
      return { total: found.total, games: found.games.map(toStoredGame) };
    },
    async abandonGame(gameId) {
      await games.abandonGame(gameId);
    },
    async replaceSeatByBot(gameId, seat) {
      await db.prisma.seat.update({ where: { gameId_seat: { gameId, seat } }, data: { botKind: "heuristic" } });
    },
  };
}
