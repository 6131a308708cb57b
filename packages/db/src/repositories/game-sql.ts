/**
 * The game lifecycle's statements as plain parameterised SQL (the LogSql path: the pg pool, or the
 * PGlite worker): a game and its seats created in one statement, a game closed (finished or abandoned)
 * and read back in one, a set of players' running games counted in one. Through Prisma the same work
 * took 15, 5 and one query per player (BEGIN/COMMIT, a SELECT per connected player, an INSERT per seat,
 * the rows read back); each of these is one round trip and atomic on its own.
 */

/**
 * Inserts the game ($1 id, $2 game, $3 setup as JSON text, $4 tableCode, $5 now as a UTC timestamp
 * literal, $6 fencingToken, $7 turnSeconds) and its seats (parallel arrays $8 seat, $9 playerId,
 * $10 botKind, $11 name). One statement, so both land or neither: a taken id or an unknown player
 * fails it whole. The seats' foreign key to the game is checked at the end of the statement, when the
 * game row is there.
 */
export const CREATE_GAME = `WITH g AS (
  INSERT INTO "Game" (id, game, setup, "tableCode", "createdAt", "updatedAt", "fencingToken", "turnSeconds")
  VALUES ($1, $2, $3::jsonb, $4, $5::timestamp, $5::timestamp, $6, $7)
  RETURNING id
), s AS (
  INSERT INTO "Seat" ("gameId", seat, "playerId", "botKind", name)
  SELECT g.id, v.seat, v."playerId", v."botKind", v.name
    FROM g, unnest($8::int[], $9::text[], $10::text[], $11::text[]) AS v(seat, "playerId", "botKind", name)
  RETURNING seat
)
SELECT count(*)::int AS seats FROM s`;

/** What CLOSE_GAME returns: the game's row, its timestamps as text, its seats as JSON. */
export interface ClosedGameRow {
  id: string;
  game: string;
  status: "running" | "finished" | "abandoned";
  setup: unknown;
  tableCode: string | null;
  createdAt: string;
  lastSeq: number;
  fencingToken: number;
  turnSeconds: number;
  winnerTeam: string | null;
  winnerPlayers: unknown;
  seats: unknown;
}

/**
 * Closes game $1: status $2 ("finished" or "abandoned"), finishedAt and updatedAt $3 (a UTC timestamp
 * literal), winner $4 team and $5 players (JSON text, or null), only while its fencing token is $6
 * (null: whatever it is). Returns the closed row with its seats (ordered), or no row when the game does
 * not exist or the token differs (see FENCING_TOKEN_OF to tell which).
 */
export const CLOSE_GAME = `UPDATE "Game" AS g
   SET status = $2::"GameStatus", "finishedAt" = $3::timestamp, "updatedAt" = $3::timestamp, "winnerTeam" = $4, "winnerPlayers" = $5::jsonb
 WHERE g.id = $1 AND ($6::int IS NULL OR g."fencingToken" = $6::int)
RETURNING g.id, g.game, g.status::text AS status, g.setup, g."tableCode", g."createdAt"::text AS "createdAt", g."lastSeq", g."fencingToken",
  g."turnSeconds", g."winnerTeam", g."winnerPlayers",
  (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'playerId', s."playerId", 'botKind', s."botKind", 'name', s.name) ORDER BY s.seat), '[]'::json)
     FROM "Seat" s WHERE s."gameId" = g.id) AS seats`;

/** The fencing token of game $1 (no row: no such game); read only when CLOSE_GAME changed nothing. */
export const FENCING_TOKEN_OF = `SELECT "fencingToken" FROM "Game" WHERE id = $1`;

/** Per player of $1 (a text array) with a running game: its number of running games (a person's seats). */
export const RUNNING_GAME_COUNTS = `SELECT s."playerId" AS "playerId", count(DISTINCT s."gameId")::int AS n
  FROM "Seat" s JOIN "Game" g ON g.id = s."gameId"
 WHERE s."playerId" = ANY($1::text[]) AND g.status = 'running'
 GROUP BY s."playerId"`;
