import type { Prisma, PrismaClient } from "../client.js";
import { DbError } from "../errors.js";
import type { NewLogEntry } from "../types.js";

/** A transaction client, as handed to a LogGuard. */
export type TransactionClient = Prisma.TransactionClient;

/**
 * Fencing seam for cluster work (DESIGN invariant 2). Called inside the write transaction, before
 * anything is written, with the ids of the games of the batch; returns the ids to refuse (each of their
 * entries fails with FENCED; the other games are written). A guard may read or lock rows through `tx`
 * (e.g. compare a lease's fencing token stored with the game). Independently of any guard, every write
 * is a compare-and-set on Game.lastSeq: entries are stored only if the first one's seq is exactly
 * lastSeq + 1, so a deposed owner that lags behind can never overwrite or fork a log (DUPLICATE_SEQ).
 */
export type LogGuard = (tx: TransactionClient, gameIds: readonly string[]) => Promise<Iterable<string>>;

/** Per-game outcome of commitLog: the games that failed, with why. Games not listed were committed. */
export type CommitFailures = Map<string, DbError>;

const TX_OPTIONS = { maxWait: 15_000, timeout: 60_000 } as const;

/** A game's entries that failed a uniqueness check inside the transaction: roll back, retry without it. */
class RetryWithout extends Error {
  constructor(readonly failures: CommitFailures) {
    super("retry without the failed games");
  }
}

/**
 * Stores the entries of several games in one transaction: the log rows (one INSERT) and each game's
 * lastSeq (one UPDATE), whatever the number of games. A game's entries are all stored or none are (nothing half-written): a game
 * whose entries are malformed, refused by `guard`, do not continue its log, or reuse a clientCommandId
 * is left out with its reason and the others are committed. Within a game the entries must be in seq
 * order. Resolves with the failures (empty map: all committed); rejects (DbError WRITE_FAILED) only when
 * the transaction itself fails, in which case nothing of the batch was stored.
 */
export async function commitLog(
  prisma: PrismaClient,
  batch: ReadonlyMap<string, readonly NewLogEntry[]>,
  guard?: LogGuard,
): Promise<CommitFailures> {
  const failures: CommitFailures = new Map();
  let pending = new Map<string, readonly NewLogEntry[]>();
  for (const [gameId, entries] of batch) {
    const bad = checkEntries(gameId, entries);
    if (bad) failures.set(gameId, bad);
    else if (entries.length > 0) pending.set(gameId, entries);
  }
  // Each retry drops at least one game, so this ends.
  while (pending.size > 0) {
    try {
      const refused = await prisma.$transaction((tx) => writeGames(tx, pending, guard), TX_OPTIONS);
      for (const [id, e] of refused) failures.set(id, e);
      return failures;
    } catch (e) {
      if (!(e instanceof RetryWithout)) {
        if (e instanceof DbError) throw e;
        throw new DbError("WRITE_FAILED", `log write failed: ${(e as Error).message}`, { cause: e });
      }
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
    if (ids.has(e.clientCommandId)) {
      return new DbError("DUPLICATE_COMMAND_ID", `game ${gameId}: clientCommandId "${e.clientCommandId}" appears twice`, {
        gameId,
        seq: e.seq,
        clientCommandId: e.clientCommandId,
      });
    }
    ids.add(e.clientCommandId);
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

/** A log row as sent to the INSERT (serialised to JSON as a whole). */
interface Row {
  gameId: string;
  seq: number;
  playerId: string;
  clientCommandId: string;
  command: NewLogEntry["command"];
  dice: NewLogEntry["dice"];
}

interface Span {
  id: string;
  first: number;
  last: number;
  /** The writer's fencing token, or null (no fencing check). */
  token: number | null;
}

/**
 * The transaction body. Games refused before anything of theirs is written are returned; a game whose
 * rows conflict after its lastSeq moved aborts the transaction (RetryWithout) so nothing stays half-written.
 */
async function writeGames(
  tx: TransactionClient,
  games: ReadonlyMap<string, readonly NewLogEntry[]>,
  guard: LogGuard | undefined,
): Promise<CommitFailures> {
  const refused: CommitFailures = new Map();
  if (guard) {
    for (const id of await guard(tx, [...games.keys()])) {
      if (games.has(id)) refused.set(id, new DbError("FENCED", `game ${id}: refused by the log guard (not the owner)`, { gameId: id }));
    }
  }
  const spans: Span[] = [];
  for (const [id, entries] of games) {
    if (!refused.has(id)) spans.push({ id, first: entries[0]!.seq, last: entries[entries.length - 1]!.seq, token: entries[0]!.fencingToken ?? null });
  }
  if (spans.length === 0) return refused;

  // Compare-and-set of every game's (lastSeq, fencingToken) in one statement; the row locks serialise
  // concurrent writers and a takeover's claimGame, so a deposed owner's write either commits before
  // the claim (and the new owner replays it) or matches no row (FENCED).
  const moved = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "Game" AS g SET "lastSeq" = v.last, "updatedAt" = ${new Date()}
      FROM jsonb_to_recordset(${JSON.stringify(spans)}::jsonb) AS v(id text, first int, last int, token int)
     WHERE g.id = v.id AND g."lastSeq" = v.first - 1 AND (v.token IS NULL OR g."fencingToken" = v.token)
    RETURNING g.id`;
  const movedIds = new Set(moved.map((r) => r.id));
  const stuck = spans.filter((s) => !movedIds.has(s.id));
  if (stuck.length > 0) {
    const rows = await tx.game.findMany({ where: { id: { in: stuck.map((s) => s.id) } }, select: { id: true, lastSeq: true, fencingToken: true } });
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    for (const s of stuck) {
      const row = rowOf.get(s.id);
      if (row && s.token !== null && row.fencingToken !== s.token) {
        refused.set(s.id, new DbError("FENCED", `game ${s.id}: fencing token ${s.token} is not the owner's (${row.fencingToken}): another node owns the game`, { gameId: s.id, seq: s.first }));
      } else refused.set(s.id, continuationError(s, row?.lastSeq));
    }
  }

  const data: Row[] = [];
  for (const s of spans) {
    if (!movedIds.has(s.id)) continue;
    for (const e of games.get(s.id)!) {
      data.push({ gameId: s.id, seq: e.seq, playerId: e.playerId, clientCommandId: e.clientCommandId, command: e.command, dice: e.dice });
    }
  }
  if (data.length === 0) return refused;
  // One multi-row INSERT with all rows in a single jsonb parameter: the same statement as createMany
  // (ON CONFLICT DO NOTHING = skipDuplicates), but 5-10x faster than createMany through Prisma's query
  // compiler for a few hundred rows (measured). JSON.stringify drops `dice: undefined` -> SQL NULL.
  const inserted = await tx.$queryRaw<{ gameId: string; seq: number }[]>`
    INSERT INTO "CommandLogEntry" ("gameId", "seq", "playerId", "clientCommandId", "command", "dice", "createdAt")
    SELECT v."gameId", v."seq", v."playerId", v."clientCommandId", v."command", v."dice", ${new Date()}
      FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
        AS v("gameId" text, "seq" int, "playerId" text, "clientCommandId" text, "command" jsonb, "dice" jsonb)
    ON CONFLICT DO NOTHING
    RETURNING "gameId", "seq"`;
  if (inserted.length === data.length) return refused;

  // Some rows hit a unique index: (gameId, clientCommandId) taken, or (gameId, seq) taken by rows
  // beyond lastSeq. Tell which, then roll everything back and retry without those games.
  const got = new Set(inserted.map((r) => `${r.gameId}\u0000${r.seq}`));
  const skipped = data.filter((d) => !got.has(`${d.gameId}\u0000${d.seq}`));
  const sameId = await tx.commandLogEntry.findMany({
    where: { OR: skipped.map((d) => ({ gameId: d.gameId, clientCommandId: d.clientCommandId })) },
    select: { gameId: true, clientCommandId: true },
  });
  const idTaken = new Set(sameId.map((r) => `${r.gameId}\u0000${r.clientCommandId}`));
  const failures: CommitFailures = new Map();
  for (const d of skipped) {
    if (failures.has(d.gameId)) continue;
    const details = { gameId: d.gameId, seq: d.seq, clientCommandId: d.clientCommandId };
    failures.set(
      d.gameId,
      idTaken.has(`${d.gameId}\u0000${d.clientCommandId}`)
        ? new DbError("DUPLICATE_COMMAND_ID", `game ${d.gameId}: clientCommandId "${d.clientCommandId}" is already in the log`, details)
        : new DbError("DUPLICATE_SEQ", `game ${d.gameId}: seq ${d.seq} is already in the log`, details),
    );
  }
  throw new RetryWithout(failures);
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
