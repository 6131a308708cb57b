import { z } from "zod";
import { apiUrl, check, request, type HttpOptions } from "./http.js";

/**
 * HTTP calls of the players' pages (public, no token) and of the admin's first run: the running games
 * to watch, what a game id or a table code names, a player's page and games, the first-run setup.
 * Errors reject with a ClientError carrying the server's code (UNKNOWN_GAME, CODE_NOT_FOUND,
 * PLAYER_NOT_FOUND, SETUP_CLOSED, SETUP_TOKEN_INVALID, SETUP_TOKEN_EXPIRED, INVALID_MESSAGE...).
 */

const publicSeat = z.object({ seat: z.number(), id: z.string(), name: z.string(), bot: z.string().nullable() });
/** A seat of a game in the public lists: the player's id in the game, the name, the bot kind (null: a person). */
export type PublicSeat = z.infer<typeof publicSeat>;

const liveListing = z.object({ id: z.string(), game: z.string(), name: z.string(), players: z.array(publicSeat), createdAt: z.string(), ageSeconds: z.number(), spectatorsAllowed: z.boolean() }).passthrough();
/** A running game anyone may watch (`GET /api/games/live`); `ageSeconds`: how long it has run. */
export type LiveListing = z.infer<typeof liveListing>;
const livePage = z.object({ total: z.number(), games: z.array(liveListing) });

const lookup = z
  .object({
    kind: z.enum(["game", "table"]),
    game: z.string(),
    status: z.string(),
    gameId: z.string().nullable(),
    code: z.string().nullable().optional(),
    seats: z.number().optional(),
    free: z.number().optional(),
  })
  .passthrough();
/**
 * What a game id or a table code names (`GET /api/lookup/:ref`): a game (`status` running, finished or
 * abandoned; `code` the table it came from) or a table (`status` open, playing or finished; `gameId` once
 * started; `seats` and `free` seats).
 */
export type Lookup = z.infer<typeof lookup>;

const playerRating = z.object({ game: z.string(), mu: z.number(), sigma: z.number(), ordinal: z.number(), games: z.number() });
const playerProfile = z.object({
  id: z.string(),
  name: z.string(),
  since: z.string(),
  ratings: z.array(playerRating),
  games: z.object({ running: z.number(), finished: z.number(), abandoned: z.number() }),
});
/** A player's page (`GET /api/players/:id`): name, since when, ratings per game (best first), games played. */
export type PlayerProfile = z.infer<typeof playerProfile>;

const outcome = z.enum(["running", "won", "lost", "abandoned", "ended"]);
/** How a game went for a player: `ended` is finished without a winner. */
export type Outcome = z.infer<typeof outcome>;
const playerGame = z.object({
  id: z.string(),
  game: z.string(),
  status: z.enum(["running", "finished", "abandoned"]),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  players: z.array(publicSeat),
  winner: z.object({ team: z.string(), players: z.array(z.string()) }).nullable(),
  outcome,
});
/** One of a player's games, with how it went for them. */
export type PlayerGame = z.infer<typeof playerGame>;
const playerGames = z.object({ total: z.number(), games: z.array(playerGame) });

const setupState = z.object({ open: z.boolean() });
const session = z.object({ token: z.string().min(1), name: z.string(), expiresAt: z.string() });

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : "";
}

const get = async <T>(baseUrl: string, path: string, schema: z.ZodType<T>, options: HttpOptions, search = "", what = `GET ${path}`): Promise<T> =>
  check(schema, await request(apiUrl(baseUrl, path) + search, { method: "GET" }, options), what);

/** The running games anyone may watch, newest first (`GET /api/games/live`), of one game or all; `limit` 1 to 200. */
export function fetchWatchableGames(baseUrl: string, filter: { game?: string; limit?: number; offset?: number } = {}, options: HttpOptions = {}): Promise<{ total: number; games: LiveListing[] }> {
  return get(baseUrl, "/api/games/live", livePage, options, query(filter));
}

/** What `ref`, a game id or a table code (any case), names; CODE_NOT_FOUND when neither exists. */
export function lookupRef(baseUrl: string, ref: string, options: HttpOptions = {}): Promise<Lookup> {
  return get(baseUrl, `/api/lookup/${encodeURIComponent(ref)}`, lookup, options, "", "GET /api/lookup/:ref");
}

/** A player's page: name, ratings per game, games played (PLAYER_NOT_FOUND for an unknown id). */
export function fetchPlayer(baseUrl: string, playerId: string, options: HttpOptions = {}): Promise<PlayerProfile> {
  return get(baseUrl, `/api/players/${encodeURIComponent(playerId)}`, playerProfile, options, "", "GET /api/players/:id");
}

/** A player's games, newest first, with how each went for them; `limit` 1 to 200. */
export function fetchPlayerGames(
  baseUrl: string,
  playerId: string,
  filter: { status?: "running" | "finished" | "abandoned"; game?: string; limit?: number; offset?: number } = {},
  options: HttpOptions = {},
): Promise<{ total: number; games: PlayerGame[] }> {
  return get(baseUrl, `/api/players/${encodeURIComponent(playerId)}/games`, playerGames, options, query(filter), "GET /api/players/:id/games");
}

/** Is the first-run setup open (`GET /api/admin/setup`: no admin account exists yet)? */
export async function fetchAdminSetup(baseUrl: string, options: HttpOptions = {}): Promise<{ open: boolean }> {
  return get(baseUrl, "/api/admin/setup", setupState, options);
}

/**
 * Creates the first admin account with the secret of the one-time setup link the server printed
 * (`POST /api/admin/setup`) and signs it in: the session, as `signInAdmin` gives it.
 */
export async function completeAdminSetup(baseUrl: string, input: { token: string; name: string; password: string }, options: HttpOptions = {}): Promise<{ token: string; name: string; expiresAt: string }> {
  const body = await request(apiUrl(baseUrl, "/api/admin/setup"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) }, options);
  return check(session, body, "POST /api/admin/setup");
}
