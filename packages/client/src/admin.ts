import { gameEvent, gameView, MISSING_NODES_HEADER, playerId, type GameView } from "@bang/protocol";
import type { EventBase, GameLog } from "@bang/game-core";
import { z } from "zod";
import { apiUrl, check, request, requestWithHeaders, type HttpOptions } from "./http.js";
import { seat, type GameSeat } from "./public.js";

/**
 * The admin API (`/api/admin/...`) and the public seats of a game, over the global fetch. Each call
 * takes the admin session token of {@link signInAdmin} (or the static ADMIN_TOKEN). Errors are
 * ClientErrors with the server's code: ADMIN_REQUIRED, SESSION_EXPIRED, BAD_CREDENTIALS, RATE_LIMITED
 * (wait and retry), GAME_NOT_FOUND; NETWORK when the server does not answer.
 */

/** An admin session: the bearer token and when it expires (ISO 8601). */
export interface AdminSession {
  token: string;
  name: string;
  expiresAt: string;
}

const session = z.object({ token: z.string().min(1), name: z.string(), expiresAt: z.string() });

const liveSeat = z.object({ id: playerId, name: z.string(), bot: z.string().nullable(), replaced: z.boolean(), out: z.boolean(), status: z.string() });
const liveGame = z.object({
  id: z.string(),
  game: z.string(),
  tableCode: z.string().nullable(),
  node: z.string(),
  phase: z.string(),
  turnNumber: z.number(),
  /** Names of the seats the game waits for. */
  waitingFor: z.array(z.string()),
  seq: z.number(),
  players: z.array(liveSeat),
  createdAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
});
/** A running game as the live games table shows it. */
export type LiveGame = z.infer<typeof liveGame>;

/**
 * The live games list: the games of every node that answered, and the ids of the live nodes that did
 * not answer in time (their games are not in `games`; empty when every node answered, and on one node).
 */
export interface LiveGames {
  games: LiveGame[];
  missingNodes: string[];
}


const timelineEntry = z.object({ seq: z.number(), by: playerId, at: z.string().nullable(), command: z.looseObject({ type: z.string() }), events: z.array(gameEvent) });
/** A log entry with its time, player and events (what chance produced is in its events). */
export interface TimelineEntry {
  seq: number;
  by: string;
  at: string | null;
  command: { type: string } & Record<string, unknown>;
  events: EventBase[];
}
const timeline = z.object({ gameId: z.string(), game: z.string(), status: z.string(), seats: z.array(seat), entries: z.array(timelineEntry), log: z.looseObject({ game: z.string(), setup: z.looseObject({}), entries: z.array(z.looseObject({ command: z.looseObject({}) })) }) });
/** A game's timeline and its log as `bang replay FILE` reads it. */
export interface Timeline {
  gameId: string;
  /** The game (its module's id). */
  game: string;
  status: string;
  seats: GameSeat[];
  entries: TimelineEntry[];
  log: GameLog;
}

const historyGame = z.object({
  id: z.string(),
  game: z.string(),
  status: z.string(),
  tableCode: z.string().nullable().optional(),
  players: z.array(seat),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The winning team in the game's words, its players' ids and their names (same order). */
  winner: z.object({ team: z.string(), players: z.array(z.string()), names: z.array(z.string()) }).nullable(),
  lastSeq: z.number(),
});
/** A stored game as the history lists it. */
export type HistoryGame = z.infer<typeof historyGame>;
const history = z.object({ total: z.number(), games: z.array(historyGame) });

/** Filters of the history (all optional): days are UTC `YYYY-MM-DD`, inclusive. */
export interface HistoryFilter {
  status?: "finished" | "abandoned" | "running";
  from?: string;
  to?: string;
  game?: string;
  winner?: string;
  player?: string;
  limit?: number;
  offset?: number;
}

const rateRow = z.object({ key: z.string(), played: z.number(), won: z.number(), rate: z.number() });
const statistics = z.object({
  /** The game asked for; null: every game. */
  game: z.string().nullable(),
  /** Finished games matching the filters in the store, and how many of the newest were read (at most 5,000). */
  finished: z.number(),
  read: z.number(),
  /** Per game: finished games counted, and those left out (no module on the server, a setup that no longer deals). */
  covers: z.array(z.object({ game: z.string(), name: z.string(), games: z.number(), skipped: z.number() })),
  games: z.number(),
  /** Win rates grouped by each of a game's facets (its module's `facets`), per game. */
  byFacet: z.array(z.object({ game: z.string(), facet: z.string(), rows: z.array(rateRow) })),
  byTeam: z.array(z.object({ game: z.string(), team: z.string(), games: z.number() })),
  length: z.object({ averageCommands: z.number(), averageMinutes: z.number(), buckets: z.array(z.object({ commands: z.string(), games: z.number() })) }),
  activity: z.array(z.object({ day: z.string(), games: z.number() })),
});
/** The statistics of one game or of every game (see fetchStatistics). */
export type Statistics = z.infer<typeof statistics>;

const seatPresence = z.object({ id: playerId, name: z.string(), bot: z.string().nullable(), connected: z.boolean(), away: z.boolean(), replaced: z.boolean(), remainingMs: z.number().nullable() });
const presence = z.object({ gameId: z.string(), node: z.string(), turnMs: z.number(), seats: z.array(seatPresence) });
/**
 * A running game's seats beyond its view, as the node that owns it sees them: each seat connected or
 * not, away (the bot plays for the person), given to the bot by an admin, and the time left on its
 * timer in ms (null when the game does not wait for it); `turnMs` is a timer's full length.
 */
export type GamePresence = z.infer<typeof presence>;

const seenEntry = z.object({ seq: z.number(), by: playerId, command: z.looseObject({ type: z.string() }), events: z.array(gameEvent) });
const playerView = z.object({ gameId: z.string(), game: z.string(), at: z.number(), lastSeq: z.number(), as: playerId, view: gameView, entries: z.array(seenEntry) });
/** What one player saw after entry `at`: their own view, and entries 1..at as they knew them then. */
export interface PlayerViewAt {
  gameId: string;
  game: string;
  at: number;
  lastSeq: number;
  /** The player whose view it is. */
  as: string;
  view: GameView;
  entries: { seq: number; by: string; command: { type: string } & Record<string, unknown>; events: EventBase[] }[];
}

const rawState = z.object({ gameId: z.string(), game: z.string(), at: z.number(), lastSeq: z.number(), state: z.looseObject({}) });
/** A game's full state after entry `at`, as its module keeps it (every secret). */
export type RawState = z.infer<typeof rawState>;

const node = z.object({ id: z.string(), self: z.boolean(), games: z.number(), sockets: z.number(), uptimeSeconds: z.number(), heapUsedBytes: z.number(), ready: z.boolean() });
export type NodeInfo = z.infer<typeof node>;

const clusterNode = z.object({ nodeId: z.string(), url: z.string(), startedAt: z.number(), load: z.number(), expiresInMs: z.number(), self: z.boolean() });
/** A live node of the cluster's membership (GET /api/nodes). */
export type ClusterNode = z.infer<typeof clusterNode>;

const ok = z.object({ ok: z.boolean() });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : "";
}

async function get<T>(baseUrl: string, path: string, token: string | null, schema: z.ZodType<T>, options: HttpOptions, search = ""): Promise<T> {
  return (await getWithHeaders(baseUrl, path, token, schema, options, search)).data;
}

/** As `get`, with the response's headers (for answers that say something in a header). */
async function getWithHeaders<T>(baseUrl: string, path: string, token: string | null, schema: z.ZodType<T>, options: HttpOptions, search = ""): Promise<{ data: T; headers: Headers }> {
  const { body, headers } = await requestWithHeaders(apiUrl(baseUrl, path) + search, { method: "GET", headers: token ? auth(token) : {} }, options);
  return { data: check(schema, body, `GET ${path}`), headers };
}

async function post<T>(baseUrl: string, path: string, token: string | null, body: unknown, schema: z.ZodType<T>, options: HttpOptions): Promise<T> {
  const headers: Record<string, string> = token ? auth(token) : {};
  const init: RequestInit = { method: "POST", headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  return check(schema, await request(apiUrl(baseUrl, path), init, options), `POST ${path}`);
}

/** Signs in (`POST /api/admin/sessions`): BAD_CREDENTIALS for a wrong name or password, RATE_LIMITED after repeated ones. */
export function signInAdmin(baseUrl: string, name: string, password: string, options: HttpOptions = {}): Promise<AdminSession> {
  return post(baseUrl, "/api/admin/sessions", null, { name, password }, session, options);
}

/** The session behind `token` (SESSION_EXPIRED or ADMIN_REQUIRED when it is not valid). */
export function fetchAdminSession(baseUrl: string, token: string, options: HttpOptions = {}): Promise<{ name: string; expiresAt: string }> {
  return get(baseUrl, "/api/admin/session", token, z.object({ name: z.string(), expiresAt: z.string() }), options);
}

/**
 * Running games, optionally of one game or with a player whose name contains `player`; on a cluster,
 * with the nodes that did not answer in time (see LiveGames). Rejects with a ClientError (RETRY when
 * the cluster's membership cannot be read).
 */
export async function fetchLiveGames(baseUrl: string, token: string, filter: { game?: string; player?: string } = {}, options: HttpOptions = {}): Promise<LiveGames> {
  const { data: games, headers } = await getWithHeaders(baseUrl, "/api/admin/games/live", token, z.array(liveGame), options, query(filter));
  const missing = headers.get(MISSING_NODES_HEADER);
  return { games, missingNodes: missing ? missing.split(",").filter(Boolean) : [] };
}

/** Ends a running game without a winner (GAME_NOT_FOUND when it is not running). */
export async function endGame(baseUrl: string, token: string, gameId: string, options: HttpOptions = {}): Promise<void> {
  await post(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/end`, token, undefined, ok, options);
}

/** Gives a seated player's seat to the bot for the rest of the game. */
export async function replaceByBot(baseUrl: string, token: string, gameId: string, player: string, options: HttpOptions = {}): Promise<void> {
  await post(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/players/${encodeURIComponent(player)}/bot`, token, undefined, ok, options);
}

/** Every log entry of a game with its events, and the game's log for `bang replay`. */
export async function fetchTimeline(baseUrl: string, token: string, gameId: string, options: HttpOptions = {}): Promise<Timeline> {
  return (await get(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/timeline`, token, timeline, options)) as unknown as Timeline;
}

/** A running game's presence (GAME_NOT_FOUND when it is not running; RETRY while it moves between nodes). */
export function fetchPresence(baseUrl: string, token: string, gameId: string, options: HttpOptions = {}): Promise<GamePresence> {
  return get(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/presence`, token, presence, options);
}

/**
 * What seated player `as` saw after entry `at` (default: the last): their own view, the others'
 * secrets hidden. NOT_SEATED for a player without a seat, BAD_SEQ for an `at` past the log.
 */
export async function fetchPlayerView(baseUrl: string, token: string, gameId: string, as: string, at?: number, options: HttpOptions = {}): Promise<PlayerViewAt> {
  return (await get(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/view`, token, playerView, options, query({ as, at }))) as unknown as PlayerViewAt;
}

/** The game's full state after entry `at` (default: the last); BAD_SEQ for an `at` past the log. */
export function fetchRawState(baseUrl: string, token: string, gameId: string, at?: number, options: HttpOptions = {}): Promise<RawState> {
  return get(baseUrl, `/api/admin/games/${encodeURIComponent(gameId)}/state`, token, rawState, options, query({ at }));
}

/** Stored games matching `filter`, newest first, and how many match. */
export function fetchHistory(baseUrl: string, token: string, filter: HistoryFilter = {}, options: HttpOptions = {}): Promise<{ total: number; games: HistoryGame[] }> {
  return get(baseUrl, "/api/admin/games/history", token, history, options, query({ ...filter }));
}

/**
 * The finished games of game `game`, or of every game when it is left out: what they cover per game,
 * win rates by each game's facets, wins by team, length and activity per day.
 */
export function fetchStatistics(baseUrl: string, token: string, filter: { game?: string; from?: string; to?: string; player?: string } = {}, options: HttpOptions = {}): Promise<Statistics> {
  return get(baseUrl, "/api/admin/stats", token, statistics, options, query(filter));
}

/** The nodes serving games and their load. */
export function fetchNodes(baseUrl: string, token: string, options: HttpOptions = {}): Promise<NodeInfo[]> {
  return get(baseUrl, "/api/admin/nodes", token, z.array(node), options);
}

/**
 * The cluster's live nodes (`GET /api/nodes`, public), or null when the server has no such route (a
 * server without the cluster feature answers 404 NOT_FOUND).
 */
export async function fetchClusterNodes(baseUrl: string, options: HttpOptions = {}): Promise<ClusterNode[] | null> {
  try {
    return await get(baseUrl, "/api/nodes", null, z.array(clusterNode), options);
  } catch (error) {
    if ((error as { code?: string }).code === "NOT_FOUND") return null;
    throw error;
  }
}


