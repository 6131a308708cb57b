import type { DbHandle } from "../handle.js";
import { DbError } from "../errors.js";

/**
 * A command the rules refused, as stored (CommandRefusal): who sent it under which id, the command's
 * fingerprint, the refusal's stable code and message, and the game's last seq at the time.
 */
export interface StoredRefusal {
  playerId: string;
  clientCommandId: string;
  fingerprint: string;
  code: string;
  message: string;
  atSeq: number;
}

/** The rules' refusals of each game, kept so that a command id sent again gets the same answer (DESIGN 5). */
export interface RefusalRepository {
  /**
   * Stores `refusal` for game `gameId` before it is answered. With `fencingToken` (a cluster owner) it
   * is stored only while that is the game's token. A refusal already stored under the same player and
   * id stays as it was (the first answer holds). Throws DbError FENCED (another node owns the game),
   * GAME_NOT_FOUND, or WRITE_FAILED (nothing stored: do not answer with it).
   */
  storeRefusal(gameId: string, refusal: StoredRefusal, fencingToken?: number): Promise<void>;
  /** The game's latest `limit` refusals, oldest first (a room rebuilt after a failover remembers them). */
  loadRefusals(gameId: string, limit: number): Promise<StoredRefusal[]>;
  /** The refusal of `clientCommandId` of player `playerId` in game `gameId`, or null. */
  findRefusal(gameId: string, playerId: string, clientCommandId: string): Promise<StoredRefusal | null>;
}

/** The refusal store over a Prisma client. */
export function createRefusalRepository(db: DbHandle): RefusalRepository {
  const { prisma } = db;
  return {
    async storeRefusal(gameId, r, fencingToken) {
      let rows: { gameId: string }[];
      try {
        // One statement: inserted only while the game exists and (for a cluster owner) holds this token.
        rows = await prisma.$queryRaw<{ gameId: string }[]>`
          INSERT INTO "CommandRefusal" ("gameId", "playerId", "clientCommandId", "fingerprint", "code", "message", "atSeq", "createdAt")
          SELECT g.id, ${r.playerId}, ${r.clientCommandId}, ${r.fingerprint}, ${r.code}, ${r.message}, ${r.atSeq}, ${new Date()}
            FROM "Game" AS g
           WHERE g.id = ${gameId} AND (${fencingToken ?? null}::int IS NULL OR g."fencingToken" = ${fencingToken ?? null}::int)
          ON CONFLICT DO NOTHING
          RETURNING "gameId"`;
      } catch (e) {
        throw new DbError("WRITE_FAILED", `refusal write failed: ${(e as Error).message}`, { cause: e });
      }
      if (rows.length > 0) return;
      const game = await prisma.game.findUnique({ where: { id: gameId }, select: { fencingToken: true } });
      if (!game) throw new DbError("GAME_NOT_FOUND", `game ${gameId} does not exist`, { gameId });
      if (fencingToken !== undefined && game.fencingToken !== fencingToken) {
        throw new DbError("FENCED", `game ${gameId}: fencing token ${fencingToken} is not the owner's (${game.fencingToken}): another node owns the game`, { gameId });
      }
      // Otherwise the same player and id were refused before: the first refusal holds.
    },
    async loadRefusals(gameId, limit) {
      const rows = await prisma.commandRefusal.findMany({ where: { gameId }, orderBy: { createdAt: "desc" }, take: limit });
      return rows.reverse().map(toRefusal);
    },
    async findRefusal(gameId, playerId, clientCommandId) {
      const row = await prisma.commandRefusal.findUnique({ where: { gameId_playerId_clientCommandId: { gameId, playerId, clientCommandId } } });
      return row ? toRefusal(row) : null;
    },
  };
}

function toRefusal(row: StoredRefusal): StoredRefusal {
  return { playerId: row.playerId, clientCommandId: row.clientCommandId, fingerprint: row.fingerprint, code: row.code, message: row.message, atSeq: row.atSeq };
}
