import { z } from "zod";
import { apiUrl, check, request, type HttpOptions } from "./http.js";

/**
 * HTTP calls for matchmaking, ratings and tournaments (`/api/queues`, `/api/ratings`,
 * `/api/players/:id/rating`, `/api/tournaments...`). Organiser calls take an organiser token
 * (ORGANISER_TOKENS on the server), player calls a guest token. Errors reject with a ClientError
 * carrying the server's code (NOT_ORGANISER, ALREADY_REGISTERED, TOO_FEW_PLAYERS, ...).
 */

const queueWaits = z.object({ longestSeconds: z.number().nullable(), windowSeconds: z.number(), matched: z.number(), medianSeconds: z.number().nullable(), p90Seconds: z.number().nullable() });
/**
 * A queue's waits in seconds (millisecond precision): `longestSeconds`, the oldest queued player's wait
 * now (null when nobody is queued); `medianSeconds` and `p90Seconds` (nearest rank) of the waits of the
 * `matched` players whose game started in the last `windowSeconds` (null when none). A wait runs from
 * joining to the table being found. No player is named.
 */
export type QueueWaits = z.infer<typeof queueWaits>;
const queueInfo = z
  .object({ id: z.string(), game: z.string(), minSeats: z.number(), maxSeats: z.number(), botsAfterSeconds: z.number().nullable(), maxWaitSeconds: z.number().nullable(), readySeconds: z.number(), waiting: z.number(), waits: queueWaits })
  .passthrough();
/** A public queue (`GET /api/queues`): its definition, how many wait now and its waits. */
export type QueueInfo = z.infer<typeof queueInfo>;

const ratingView = z.object({ playerId: z.string(), game: z.string(), mu: z.number(), sigma: z.number(), ordinal: z.number(), games: z.number() }).passthrough();
export type RatingView = z.infer<typeof ratingView>;
const ratingChange = z.object({ gameId: z.string(), muBefore: z.number(), sigmaBefore: z.number(), mu: z.number(), sigma: z.number(), rank: z.number(), at: z.string() });
const playerRating = z.object({ rating: ratingView, history: z.array(ratingChange) });
export type PlayerRating = z.infer<typeof playerRating>;

const standing = z.object({ playerId: z.string(), name: z.string(), points: z.number(), finalPoints: z.number().nullable(), wins: z.number(), games: z.number(), seed: z.number().nullable(), place: z.number() });
export type Standing = z.infer<typeof standing>;
const tableResult = z.object({ team: z.string(), points: z.record(z.string(), z.number()), winners: z.array(z.string()) }).passthrough();
const tournament = z
  .object({
    id: z.string(),
    name: z.string(),
    game: z.string(),
    tableSize: z.number(),
    format: z.string(),
    rounds: z.number(),
    rated: z.boolean(),
    noShow: z.enum(["bot", "forfeit"]),
    startsAt: z.string(),
    status: z.enum(["created", "registration", "running", "finished"]),
    currentRound: z.number(),
    players: z.array(z.object({ playerId: z.string(), name: z.string(), seed: z.number().nullable(), checkedIn: z.boolean(), status: z.string() })),
    tables: z.array(z.object({ round: z.number(), final: z.boolean(), tableNo: z.number(), gameId: z.string(), seats: z.array(z.string()), result: tableResult.nullable() })),
    standings: z.array(standing),
  })
  .passthrough();
export type Tournament = z.infer<typeof tournament>;
const standingsBody = z.object({ id: z.string(), name: z.string(), status: z.string(), currentRound: z.number(), rounds: z.number(), standings: z.array(standing) });
export type TournamentStandings = z.infer<typeof standingsBody>;
const auditLine = z.object({ actor: z.string(), action: z.string(), detail: z.record(z.string(), z.unknown()), at: z.string() });
export type AuditLine = z.infer<typeof auditLine>;

/**
 * What an organiser sets when creating a tournament (defaults: table format, 3 rounds, unrated,
 * no-shows played by bots). `game` is a game id of the server (GET /api/games/catalog); a game of
 * exactly 2 seats plays a head-to-head format and takes no tableSize.
 */
export interface NewTournament {
  name: string;
  /** The seats of each table, within the game's ranked seats (required for the table format). */
  tableSize?: number;
  /** ISO 8601. */
  startsAt: string;
  game: string;
  format?: "table" | "single_elimination" | "double_elimination" | "round_robin";
  rounds?: number;
  rated?: boolean;
  noShow?: "bot" | "forfeit";
}

const json = (token: string | null, body?: unknown): RequestInit => ({
  method: body === undefined ? "GET" : "POST",
  headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const path = (id: string, rest = "") => `/api/tournaments/${encodeURIComponent(id)}${rest}`;

/** The public queues, how many wait in each and their waits (`GET /api/queues`). */
export async function fetchQueues(baseUrl: string, options: HttpOptions = {}): Promise<QueueInfo[]> {
  return check(z.array(queueInfo), await request(apiUrl(baseUrl, "/api/queues"), json(null), options), "GET /api/queues");
}

/**
 * A player's rating in game `game` (the default when never rated) and its history
 * (`GET /api/players/:id/rating?game=`): each game's ratings are kept apart.
 */
export async function fetchRating(baseUrl: string, playerId: string, game: string, options: HttpOptions = {}): Promise<PlayerRating> {
  const query = `?game=${encodeURIComponent(game)}`;
  const http = options;
  return check(playerRating, await request(`${apiUrl(baseUrl, `/api/players/${encodeURIComponent(playerId)}/rating`)}${query}`, json(null), http), "GET /api/players/:id/rating");
}

/** The leaderboard by ordinal of game `game` (`GET /api/ratings?game=`). */
export async function fetchLeaderboard(baseUrl: string, game: string, limit = 100, options: HttpOptions = {}): Promise<(RatingView & { name?: string })[]> {
  return check(z.array(ratingView), await request(`${apiUrl(baseUrl, "/api/ratings")}?game=${encodeURIComponent(game)}&limit=${limit}`, json(null), options), "GET /api/ratings");
}

/** Creates a tournament (organiser). */
export async function createTournament(baseUrl: string, organiserToken: string, input: NewTournament, options: HttpOptions = {}): Promise<Tournament> {
  return check(tournament, await request(apiUrl(baseUrl, "/api/tournaments"), json(organiserToken, input), options), "POST /api/tournaments");
}

/** An organiser action on a tournament: open registration, seed, start, report a game's result. */
export async function organiseTournament(
  baseUrl: string,
  organiserToken: string,
  id: string,
  action: { type: "open" } | { type: "seed"; by: "rating" | "hand"; order?: string[] } | { type: "start" } | { type: "report"; gameId: string } | { type: "checkIn"; playerId: string },
  options: HttpOptions = {},
): Promise<Tournament> {
  const [rest, body] =
    action.type === "seed"
      ? ["/seed", { by: action.by, ...(action.order ? { order: action.order } : {}) }]
      : action.type === "report"
        ? ["/results", { gameId: action.gameId }]
        : action.type === "checkIn"
          ? ["/check-in", { playerId: action.playerId }]
          : [`/${action.type}`, {}];
  return check(tournament, await request(apiUrl(baseUrl, path(id, rest)), json(organiserToken, body), options), `POST /api/tournaments/:id${rest}`);
}

/** Registers the token's player for a tournament. */
export async function registerForTournament(baseUrl: string, token: string, id: string, options: HttpOptions = {}): Promise<Tournament> {
  return check(tournament, await request(apiUrl(baseUrl, path(id, "/registrations")), json(token, {}), options), "POST /api/tournaments/:id/registrations");
}

/** Checks the token's player in. */
export async function checkInTournament(baseUrl: string, token: string, id: string, options: HttpOptions = {}): Promise<Tournament> {
  return check(tournament, await request(apiUrl(baseUrl, path(id, "/check-in")), json(token, {}), options), "POST /api/tournaments/:id/check-in");
}

/** A tournament, live: players, tables and results, standings. */
export async function fetchTournament(baseUrl: string, id: string, options: HttpOptions = {}): Promise<Tournament> {
  return check(tournament, await request(apiUrl(baseUrl, path(id)), json(null), options), "GET /api/tournaments/:id");
}

const bracketBody = z.object({
  id: z.string(),
  status: z.string(),
  format: z.string(),
  matches: z.array(
    z.object({ matchId: z.number(), groupId: z.number(), roundId: z.number(), number: z.number(), status: z.string(), players: z.tuple([z.string().nullable(), z.string().nullable()]), winner: z.string().nullable(), gameId: z.string().nullable() }).passthrough(),
  ),
  viewer: z.object({
    stages: z.array(z.object({ id: z.number(), type: z.string() }).passthrough()),
    matches: z.array(z.object({ id: z.number() }).passthrough()),
    matchGames: z.array(z.object({ id: z.number() }).passthrough()),
    participants: z.array(z.object({ id: z.number(), name: z.string() }).passthrough()),
  }),
});
/**
 * A bracket tournament's bracket: `matches` (player ids, winner, game of each), and `viewer`,
 * brackets-manager's own data of the stage (stages, matches, matchGames, participants, whose `name`
 * is the player id) as brackets-viewer's render() takes it.
 */
export type TournamentBracket = z.infer<typeof bracketBody>;

/**
 * A bracket tournament's bracket (`GET /api/tournaments/:id/bracket`): every match of brackets-manager's
 * stage with its two players, game and winner, and the library's data for brackets-viewer. Throws ClientError NO_BRACKET for a table-format
 * tournament or before the start.
 */
export async function fetchBracket(baseUrl: string, id: string, options: HttpOptions = {}): Promise<TournamentBracket> {
  return check(bracketBody, await request(apiUrl(baseUrl, path(id, "/bracket")), json(null), options), "GET /api/tournaments/:id/bracket");
}

/** A tournament's standings. */
export async function fetchStandings(baseUrl: string, id: string, options: HttpOptions = {}): Promise<TournamentStandings> {
  return check(standingsBody, await request(apiUrl(baseUrl, path(id, "/standings")), json(null), options), "GET /api/tournaments/:id/standings");
}

/** The audit log of a tournament (organiser). */
export async function fetchAudit(baseUrl: string, organiserToken: string, id: string, options: HttpOptions = {}): Promise<AuditLine[]> {
  return check(z.array(auditLine), await request(apiUrl(baseUrl, path(id, "/audit")), json(organiserToken), options), "GET /api/tournaments/:id/audit");
}

const tournamentSummary = z.object({ id: z.string(), name: z.string(), game: z.string(), status: z.string(), startsAt: z.string(), tableSize: z.number(), rounds: z.number(), rated: z.boolean() }).passthrough();
export type TournamentSummary = z.infer<typeof tournamentSummary>;

/** Every tournament, newest first (`GET /api/tournaments`): id, name, game, status, start, table size, rounds. */
export async function fetchTournaments(baseUrl: string, options: HttpOptions = {}): Promise<TournamentSummary[]> {
  return check(z.array(tournamentSummary), await request(apiUrl(baseUrl, "/api/tournaments"), json(null), options), "GET /api/tournaments");
}

const catalogGame = z.object({
  id: z.string(),
  name: z.string(),
  seats: z.object({ min: z.number(), max: z.number() }),
  /** The seats with no gameOptions (absent from an older server: then `seats`). */
  plainSeats: z.object({ min: z.number(), max: z.number() }).optional(),
  rankedSeats: z.object({ min: z.number(), max: z.number() }),
  scoring: z.array(z.object({ when: z.string(), points: z.number() })),
}).passthrough();
/**
 * A game the server hosts (`GET /api/games/catalog`): its id, name, seats (with any options), seats
 * with no gameOptions (`plainSeats`: a size that needs an option is left out), ranked seats and
 * tournament scoring.
 */
export type CatalogGame = z.infer<typeof catalogGame>;

/** The games the server hosts (`GET /api/games/catalog`), in the order lists show them. */
export async function fetchCatalog(baseUrl: string, options: HttpOptions = {}): Promise<CatalogGame[]> {
  return check(z.array(catalogGame), await request(apiUrl(baseUrl, "/api/games/catalog"), json(null), options), "GET /api/games/catalog");
}
