/**
 * What the browser keeps between page loads (localStorage): the player's guest identity and the game
 * they sit at (so a reload resumes it), the identity made only for watching games (kept apart: it never
 * sits at a table), and the admin session. Each read checks the shape it gets.
 */

export const KEYS = { guest: "bang.guest", game: "bang.game", watcher: "bang.watcher", admin: "bang.admin" } as const;

/** A guest identity as stored: the token `hello` needs and the player it names. */
export interface StoredGuest {
  token: string;
  player: { id: string; name: string };
}

export interface StoredAdmin {
  token: string;
  name: string;
  expiresAt: string;
}

/** The minimal Storage the helpers use (window.localStorage, or a Map-backed one in tests). */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function read<T>(store: KeyValue, key: string, valid: (v: unknown) => v is T): T | null {
  try {
    const raw = store.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export const isGuest = (v: unknown): v is StoredGuest =>
  isObj(v) && typeof v.token === "string" && isObj(v.player) && typeof v.player.id === "string" && typeof v.player.name === "string";
export const isAdmin = (v: unknown): v is StoredAdmin => isObj(v) && typeof v.token === "string" && typeof v.name === "string" && typeof v.expiresAt === "string";

export function loadGuest(store: KeyValue): StoredGuest | null {
  return read(store, KEYS.guest, isGuest);
}
export function saveGuest(store: KeyValue, guest: StoredGuest): void {
  store.setItem(KEYS.guest, JSON.stringify(guest));
}
export function clearGuest(store: KeyValue): void {
  store.removeItem(KEYS.guest);
  store.removeItem(KEYS.game);
}

/**
 * The identity this browser made to watch games while it had no player identity (the socket needs a
 * token to spectate), or null. It is never the player's: the lobby, an invite link and the player's
 * pages read `loadGuest` only, so a person who watched first still picks their own name to sit down.
 */
export function loadWatcher(store: KeyValue): StoredGuest | null {
  return read(store, KEYS.watcher, isGuest);
}
export function saveWatcher(store: KeyValue, watcher: StoredGuest): void {
  store.setItem(KEYS.watcher, JSON.stringify(watcher));
}
export function clearWatcher(store: KeyValue): void {
  store.removeItem(KEYS.watcher);
}

/** The game kept for a reload, and the player who kept it (absent in what older versions stored). */
interface StoredGame {
  gameId: string;
  playerId?: string;
}

const isStoredGame = (v: unknown): v is StoredGame => isObj(v) && typeof v.gameId === "string" && v.gameId.length > 0 && (v.playerId === undefined || typeof v.playerId === "string");

/**
 * The game last opened to play in this browser (resumed after a reload), or null; null too when
 * another identity than the stored guest kept it. Whether this player has a seat in it, and whether
 * it still runs, only the server knows (lib/lobby.ts `isMyRunningGame`).
 */
export function loadGame(store: KeyValue): string | null {
  const game = read(store, KEYS.game, (v): v is StoredGame | string => isStoredGame(v) || (typeof v === "string" && v.length > 0));
  if (game === null || typeof game === "string") return game;
  if (game.playerId !== undefined && game.playerId !== loadGuest(store)?.player.id) return null;
  return game.gameId;
}

/** Keeps `gameId` (null: forgets it) with the stored guest's id, so that another identity is not offered it. */
export function saveGame(store: KeyValue, gameId: string | null): void {
  const playerId = loadGuest(store)?.player.id;
  if (gameId) store.setItem(KEYS.game, JSON.stringify({ gameId, ...(playerId ? { playerId } : {}) }));
  else store.removeItem(KEYS.game);
}

/** The admin session, or null when there is none or it has expired by the clock (`now` in ms). */
export function loadAdmin(store: KeyValue, now: number = Date.now()): StoredAdmin | null {
  const admin = read(store, KEYS.admin, isAdmin);
  if (!admin) return null;
  return Date.parse(admin.expiresAt) > now ? admin : null;
}
export function saveAdmin(store: KeyValue, admin: StoredAdmin | null): void {
  if (admin) store.setItem(KEYS.admin, JSON.stringify(admin));
  else store.removeItem(KEYS.admin);
}
