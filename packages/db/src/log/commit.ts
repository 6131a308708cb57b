import type { Prisma } from "../client.js";
import { DbError } from "../errors.js";
import type { DbHandle } from "../handle.js";
import type { NewLogEntry } from "../types.js";
import { isUniqueViolation, prismaLogSql, type LogSql } from "./sql.js";

/** A Prisma client or transaction client: what a LogGuard may read through. */
export type TransactionClient = Prisma.TransactionClient;

/**
 * An early refusal seam (DESIGN invariant 2). Called before anything of the batch is written, with the
 * ids of its games; returns the ids to refuse (each of their entries fails with FENCED; the other games
 * are written); a guard that throws fails the whole batch (WRITE_FAILED). It may read through `db`. The
 * write itself is what fences: it is a compare-and-set on Game.lastSeq and, for entries that carry one,
 * on Game.fencingToken, so a deposed owner can never overwrite or fork a log whatever the guard says.
 */
export type LogGuard = (db: TransactionClient, gameIds: readonly string[]) => Promise<Iterable<string>>;

/** Per-game outcome of commitLog: the games that failed, with why. Games not listed were committed. */
export type CommitFailures = Map<string, DbError>;

/** A game's entries that failed a uniqueness check inside the transaction: roll back, retry without it. */
class RetryWithout extends Error {
  constructor(readonly failures: CommitFailures) {
    super("retry without the failed games");
  }
}

/**
 * Stores the entries of several games at once: the log rows and each game's lastSeq, whatever the
 * number of games. A game's entries are all stored or none are (nothing half-written): a game whose
 * entries are malformed, refused by `guard`, do not continue its log, or reuse a clientCommandId is left
 * out with its reason and the others are committed. Within a game the entries must be in seq order.
 * Resolves with the failures (empty map: all committed); rejects (DbError WRITE_FAILED) only when the
 * write itself fails, in which case nothing of the batch was stored.
 *
 * The common case is one round trip: a single statement (compare-and-set UPDATE and INSERT in data-
 * modifying CTEs, the rows passed as one array per column and taken apart by unnest()) is atomic on its
 * own, so no interactive transaction is needed. Only when a row hits a unique index (a clientCommandId
 * already in the log, or seqs beyond a stale lastSeq) does the statement fail as a whole; then the
 * slower transaction path tells the offending games apart and writes the rest. The SQL goes through
 * `db.logSql` (plain pg on PostgreSQL, the PGlite worker on PGlite), Prisma's raw queries without it;
 * the guard is given `db.prisma`.
 */
export async function commitLog(
  db: DbHandle,
  batch: ReadonlyMap<string, readonly NewLogEntry[]>,
  guard?: LogGuard,
): Promise<CommitFailures> {
  const { prisma } = db;
  const sql = db.logSql ?? prismaLogSql(prisma);
  const failures: CommitFailures = new Map();
  let pending = new Map<string, readonly NewLogEntry[]>();
  for (const [gameId, entries] of batch) {
    const bad = checkEntries(gameId, entries);
    if (bad) failures.set(gameId, bad);
    else if (entries.length > 0) pending.set(gameId, entries);
  }
  if (pending.size === 0) return failures;
  if (guard) {
    let fenced: Iterable<string>;
    try {
      fenced = await guard(prisma, [...pending.keys()]);
    } catch (e) {
      throw new DbError("WRITE_FAILED", `log write failed: the guard failed: ${(e as Error).message}`, { cause: e });
    }
    for (const id of fenced) {
      if (pending.delete(id)) failures.set(id, new DbError("FENCED", `game ${id}: refused by the log guard (not the owner)`, { gameId: id }));
    }
    if (pending.size === 0) return failures;
  }

  try {
    for (const [id, e] of await writeAtOnce(sql, pending)) failures.set(id, e);
    return failures;
  } catch (e) {
    if (!isUniqueViolation(e)) throw writeFailed(e);
  }
  // Each retry drops at least one game, so this ends.
  while (pending.size > 0) {
    try {
      const refused = await sql.transaction((tx) => writeGames(tx, pending));
      for (const [id, e] of refused) failures.set(id, e);
      return failures;
    } catch (e) {
      if (!(e instanceof RetryWithout)) throw writeFailed(e);
      const next = new Map<string, readonly NewLogEntry[]>();
      for (const [id, entries] of pending) {
        const why = e.failures.get(id);
        if (why) failures.set(id, why);
        else next.set(id, entries);
      }
      pending = next;
    }
  }
  return failures;
}

function writeFailed(e: unknown): DbError {
  if (e instanceof DbError && e.code !== "WORKER_FAILED") return e;
  return new DbError("WRITE_FAILED", `log write failed: ${(e as Error).message}`, { cause: e });
}

/** Checks one game's entries without the database: seq positive integers in order, ids unique. */
function checkEntries(gameId: string, entries: readonly NewLogEntry[]): DbError | null {
  const ids = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (!Number.isSafeInteger(e.seq) || e.seq < 1) {
      return new DbError("INVALID_ENTRY", `game ${gameId}: seq must be a positive integer, got ${e.seq}`, { gameId, seq: e.seq });
    }
    if (!e.clientCommandId || !e.playerId) {
      return new DbError("INVALID_ENTRY", `game ${gameId} seq ${e.seq}: clientCommandId and playerId are required`, { gameId, seq: e.seq });
    }
    const key = `${e.playerId}\u0000${e.clientCommandId}`;
    if (ids.has(key)) {
      return new DbError("DUPLICATE_COMMAND_ID", `game ${gameId}: clientCommandId "${e.clientCommandId}" of player ${e.playerId} appears twice`, {
        gameId,
        seq: e.seq,
        clientCommandId: e.clientCommandId,
      });
    }
    ids.add(key);
    if (e.fencingToken !== undefined && (!Number.isSafeInteger(e.fencingToken) || e.fencingToken < 0 || e.fencingToken !== entries[0]!.fencingToken)) {
      return new DbError("INVALID_ENTRY", `game ${gameId} seq ${e.seq}: fencingToken must be a non-negative integer, the same for the whole batch`, { gameId, seq: e.seq });
    }
    if (i > 0 && e.seq !== entries[0]!.seq + i) {
      const code = e.seq <= entries[i - 1]!.seq ? "DUPLICATE_SEQ" : "SEQ_GAP";
      return new DbError(code, `game ${gameId}: seq ${e.seq} follows ${entries[i - 1]!.seq}`, { gameId, seq: e.seq });
    }
  }
  return null;
}

/** The log rows of a batch, one array per column (what unnest() takes back apart). */
interface Rows {
  gameIds: string[];
  seqs: number[];
  playerIds: string[];
  clientCommandIds: string[];
  /** The commands as JSON text. */
  commands: string[];
  /** The draws as JSON text, or null. */
  draws: (string | null)[];
}

interface Span {
  id: string;
  first: number;
  last: number;
  /** The writer's fencing token, or null (no fencing check). */
  token: number | null;
}

/**
 * The slow path's transaction body, after a unique violation: games whose lastSeq did not move are
 * returned with their reason; a game whose rows conflict aborts the transaction (RetryWithout) so
 * nothing stays half-written, and the caller retries without it.
 */
async function writeGames(tx: LogSql, games: ReadonlyMap<string, readonly NewLogEntry[]>): Promise<CommitFailures> {
  const refused: CommitFailures = new Map();
  const spans = [...games].map(([id, entries]) => spanOf(id, entries));

  // Compare-and-set of every game's (lastSeq, fencingToken) in one statement; the row locks serialise
  // concurrent writers and a takeover's claimGame, so a deposed owner's write either commits before
  // the claim (and the new owner replays it) or matches no row (FENCED).
  const s = spanColumns(spans);
  const moved = await tx.query<{ id: string }>(MOVE_GAMES, [utcNow(), s.ids, s.firsts, s.lasts, s.tokens]);
  const movedIds = new Set(moved.map((r) => r.id));
  for (const [id, e] of await whyNotMoved(tx, spans.filter((s) => !movedIds.has(s.id)))) refused.set(id, e);

  const data = rowsOf(games, spans.filter((s) => movedIds.has(s.id)));
  if (data.gameIds.length === 0) return refused;
  // ON CONFLICT DO NOTHING so that the rows that conflict can be told apart below.
  const inserted = await tx.query<{ gameId: string; seq: number }>(
    `INSERT INTO "CommandLogEntry" ("gameId", "seq", "playerId", "clientCommandId", "command", "draws", "createdAt")
     SELECT r."gameId", r.seq, r."playerId", r."clientCommandId", r.command::jsonb, r.draws::jsonb, $1::timestamp
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS r("gameId", seq, "playerId", "clientCommandId", command, draws)
     ON CONFLICT DO NOTHING
     RETURNING "gameId", "seq"`,
    [utcNow(), data.gameIds, data.seqs, data.playerIds, data.clientCommandIds, data.commands, data.draws],
  );
  if (inserted.length === data.gameIds.length) return refused;

  // Some rows hit a unique index: (gameId, playerId, clientCommandId) taken, or (gameId, seq) taken by rows
  // beyond lastSeq. Tell which, then roll everything back and retry without those games.
  const got = new Set(inserted.map((r) => `${r.gameId}\u0000${r.seq}`));
  const skipped = data.gameIds.map((gameId, i) => ({ gameId, seq: data.seqs[i]!, playerId: data.playerIds[i]!, clientCommandId: data.clientCommandIds[i]! })).filter((d) => !got.has(`${d.gameId}\u0000${d.seq}`));
  const sameId = await tx.query<{ gameId: string; playerId: string; clientCommandId: string }>(
    `SELECT c."gameId", c."playerId", c."clientCommandId" FROM "CommandLogEntry" AS c
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(g, p, id)
         ON c."gameId" = k.g AND c."playerId" = k.p AND c."clientCommandId" = k.id`,
    [skipped.map((d) => d.gameId), skipped.map((d) => d.playerId), skipped.map((d) => d.clientCommandId)],
  );
  const idTaken = new Set(sameId.map((r) => `${r.gameId}\u0000${r.playerId}\u0000${r.clientCommandId}`));
  const failures: CommitFailures = new Map();
  for (const d of skipped) {
    if (failures.has(d.gameId)) continue;
    const details = { gameId: d.gameId, seq: d.seq, clientCommandId: d.clientCommandId };
    failures.set(
      d.gameId,
      idTaken.has(`${d.gameId}\u0000${d.playerId}\u0000${d.clientCommandId}`)
        ? new DbError("DUPLICATE_COMMAND_ID", `game ${d.gameId}: clientCommandId "${d.clientCommandId}" is already in the log`, details)
        : new DbError("DUPLICATE_SEQ", `game ${d.gameId}: seq ${d.seq} is already in the log`, details),
    );
  }
  throw new RetryWithout(failures);
}

function spanOf(id: string, entries: readonly NewLogEntry[]): Span {
  return { id, first: entries[0]!.seq, last: entries[entries.length - 1]!.seq, token: entries[0]!.fencingToken ?? null };
}

/**
 * The compare-and-set of every game's (lastSeq, fencingToken), the fast path's and the slow path's:
 * $1 the time, $2..$5 the spans' columns (spanColumns). Returns the ids of the games it moved.
 */
const MOVE_GAMES = `UPDATE "Game" AS g SET "lastSeq" = v.last, "updatedAt" = $1::timestamp
     FROM unnest($2::text[], $3::int[], $4::int[], $5::int[]) AS v(id, first, last, token)
    WHERE g.id = v.id AND g."lastSeq" = v.first - 1 AND (v.token IS NULL OR g."fencingToken" = v.token)
   RETURNING g.id`;

/** The spans as one array per column, for unnest(). */
function spanColumns(spans: readonly Span[]) {
  return { ids: spans.map((s) => s.id), firsts: spans.map((s) => s.first), lasts: spans.map((s) => s.last), tokens: spans.map((s) => s.token) };
}

/** The log rows of these games as one array per column (commands and draws as JSON text; no draws: NULL). */
function rowsOf(games: ReadonlyMap<string, readonly NewLogEntry[]>, spans: readonly Span[]): Rows {
  const rows: Rows = { gameIds: [], seqs: [], playerIds: [], clientCommandIds: [], commands: [], draws: [] };
  for (const s of spans) {
    for (const e of games.get(s.id)!) {
      rows.gameIds.push(s.id);
      rows.seqs.push(e.seq);
      rows.playerIds.push(e.playerId);
      rows.clientCommandIds.push(e.clientCommandId);
      rows.commands.push(JSON.stringify(e.command));
      rows.draws.push(e.draws === undefined || e.draws === null ? null : JSON.stringify(e.draws));
    }
  }
  return rows;
}

/**
 * Now as a `timestamp` literal in UTC, the way Prisma stores DateTime (PostgreSQL ignores the zone
 * suffix when casting to `timestamp`): the same value whatever the node's or the driver's time zone.
 */
function utcNow(): string {
  return new Date().toISOString();
}

/**
 * The fast path: one statement. The UPDATE moves each game's lastSeq by compare-and-set (on lastSeq and
 * the fencing token); the INSERT takes only the rows of the games it moved. A statement is atomic, so a
 * unique violation in the INSERT undoes the UPDATE too (and throws: the caller takes the slow path).
 * Resolves with the games that did not move and why.
 */
async function writeAtOnce(sql: LogSql, games: ReadonlyMap<string, readonly NewLogEntry[]>): Promise<CommitFailures> {
  const spans = [...games].map(([id, entries]) => spanOf(id, entries));
  const s = spanColumns(spans);
  const r = rowsOf(games, spans);
  const moved = await sql.query<{ id: string }>(
    `WITH moved AS (${MOVE_GAMES}), inserted AS (
       INSERT INTO "CommandLogEntry" ("gameId", "seq", "playerId", "clientCommandId", "command", "draws", "createdAt")
       SELECT r."gameId", r.seq, r."playerId", r."clientCommandId", r.command::jsonb, r.draws::jsonb, $1::timestamp
         FROM unnest($6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[])
           AS r("gameId", seq, "playerId", "clientCommandId", command, draws)
         JOIN moved ON moved.id = r."gameId"
       RETURNING 1
     )
     SELECT id FROM moved`,
    [utcNow(), s.ids, s.firsts, s.lasts, s.tokens, r.gameIds, r.seqs, r.playerIds, r.clientCommandIds, r.commands, r.draws],
    // Every flush runs this same text: PostgreSQL parses and plans it once per connection.
    "bang_log_write",
  );
  const movedIds = new Set(moved.map((r) => r.id));
  return whyNotMoved(sql, spans.filter((s) => !movedIds.has(s.id)));
}

/** Why the compare-and-set did not move these games: FENCED, GAME_NOT_FOUND, DUPLICATE_SEQ or SEQ_GAP. */
async function whyNotMoved(sql: LogSql, stuck: readonly Span[]): Promise<CommitFailures> {
  const refused: CommitFailures = new Map();
  if (stuck.length === 0) return refused;
  const rows = await sql.query<{ id: string; lastSeq: number; fencingToken: number }>(
    `SELECT id, "lastSeq", "fencingToken" FROM "Game" WHERE id = ANY($1::text[])`,
    [stuck.map((s) => s.id)],
  );
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  for (const s of stuck) {
    const row = rowOf.get(s.id);
    if (row && s.token !== null && row.fencingToken !== s.token) {
      refused.set(s.id, new DbError("FENCED", `game ${s.id}: fencing token ${s.token} is not the owner's (${row.fencingToken}): another node owns the game`, { gameId: s.id, seq: s.first }));
    } else refused.set(s.id, continuationError(s, row?.lastSeq));
  }
  return refused;
}

function continuationError(s: Span, lastSeq: number | undefined): DbError {
  if (lastSeq === undefined) return new DbError("GAME_NOT_FOUND", `game ${s.id} does not exist`, { gameId: s.id });
  if (s.first <= lastSeq) {
    return new DbError("DUPLICATE_SEQ", `game ${s.id}: seq ${s.first} is already in the log (last seq ${lastSeq})`, {
      gameId: s.id,
      seq: s.first,
    });
  }
  return new DbError("SEQ_GAP", `game ${s.id}: seq ${s.first} does not follow the last seq ${lastSeq}`, { gameId: s.id, seq: s.first });
}
