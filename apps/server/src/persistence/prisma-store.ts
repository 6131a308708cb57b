import { createCommandLog, createGameRepository, createLogWriter, createPlayerRepository, createRefusalRepository, openDatabase, type GameRecord } from "@bang/db";
import { createAdminStore } from "../admin/store.js";
import type { Config } from "../config.js";
import type { GameStore, StoredGame } from "./store.js";

/** A stored game as a node takes it; the id of each seat in the game is the setup's player id, in seat order. */
export function toStoredGame(g: GameRecord): StoredGame {
  return {
    id: g.id,
    game: g.game,
    status: g.status,
    setup: g.setup,
    tableCode: g.tableCode,
    seats: g.seats.map((s) => ({
      seat: s.seat,
      playerId: g.setup.players[s.seat]?.id ?? s.playerId ?? `seat-${s.seat}`,
      name: s.name,
      botKind: s.botKind === "heuristic" || s.botKind === "random" ? s.botKind : null,
    })),
    createdAt: g.createdAt,
    finishedAt: g.finishedAt,
    winner: g.winner,
    lastSeq: g.lastSeq,
    fencingToken: g.fencingToken,
    turnSeconds: g.turnSeconds,
  };
}

/**
 * The node's store over @bang/db: embedded PGlite in DATA_DIR by default, PostgreSQL with
 * DATABASE_URL; migrations are applied when it opens. Log appends go through the batched writer, so
 * many games' commands share a transaction and each append resolves once committed.
 */
export async function openStore(config: Pick<Config, "DATABASE_URL" | "DATA_DIR" | "LOG_BATCH_MAX" | "LOG_BATCH_DELAY_MS"> & Partial<Pick<Config, "LOG_MAX_IN_FLIGHT">>): Promise<GameStore> {
  const db = await openDatabase({ url: config.DATABASE_URL ?? null, dataDir: config.DATA_DIR });
  const players = createPlayerRepository(db);
  const games = createGameRepository(db);
  const log = createCommandLog(db);
  const refusals = createRefusalRepository(db);
  const flushListeners: ((flush: { entries: number; durationMs: number; failed: boolean }) => void)[] = [];
  const writer = createLogWriter(db, {
    maxBatch: config.LOG_BATCH_MAX,
    maxDelayMs: config.LOG_BATCH_DELAY_MS,
    // PGlite runs one query at a time: overlapping flushes would only queue behind each other.
    maxInFlight: db.kind === "postgresql" ? (config.LOG_MAX_IN_FLIGHT ?? 3) : 1,
    onFlush: (info) => {
      for (const listener of flushListeners) listener({ entries: info.entries, durationMs: info.durationMs, failed: info.error !== undefined });
    },
  });
  return {
    kind: db.kind,
    db,
    async createGuest(name) {
      const p = await players.createGuest(name);
      return { id: p.id, name: p.name };
    },
    async createGame(game) {
      await games.createGame({
        id: game.id,
        game: game.game,
        setup: game.setup,
        tableCode: game.tableCode,
        fencingToken: game.fencingToken,
        turnSeconds: game.turnSeconds,
        seats: game.seats.map((s) => ({ seat: s.seat, name: s.name, botKind: s.botKind, playerId: s.botKind ? null : s.playerId })),
      });
    },
    append: (gameId, entry) => writer.append(gameId, { seq: entry.seq, playerId: entry.playerId, clientCommandId: entry.clientCommandId, command: entry.command, draws: entry.draws ?? undefined, fencingToken: entry.fencingToken }),
    refuse: (gameId, refusal, fencingToken) => refusals.storeRefusal(gameId, refusal, fencingToken),
    loadRefusals: (gameId, limit) => refusals.loadRefusals(gameId, limit),
    findRefusal: (gameId, playerId, clientCommandId) => refusals.findRefusal(gameId, playerId, clientCommandId),
    claimGame: (gameId, token) => games.claimGame(gameId, token),
    async finishGame(gameId, winner, fencingToken) {
      await games.finishGame(gameId, winner, { fencingToken });
    },
    async getGame(gameId) {
      const g = await games.getGame(gameId);
      return g ? toStoredGame(g) : null;
    },
    async loadLog(gameId, options) {
      const entries = await log.loadLog(gameId, options);
      return entries.map((e) => ({ seq: e.seq, playerId: e.playerId, clientCommandId: e.clientCommandId, command: e.command, draws: e.draws ?? null, createdAt: e.createdAt }));
    },
    async listGames(filter) {
      return (await games.listGames({ status: filter.status, limit: filter.limit })).map(toStoredGame);
    },
    async runningGameIdsOf(playerId) {
      const rows = await db.prisma.game.findMany({ where: { status: "running", seats: { some: { playerId } } }, select: { id: true }, orderBy: { createdAt: "desc" }, take: 50 });
      return rows.map((r) => r.id);
    },
    async runningGameCounts(playerIds) {
      const counts = await games.countRunningGames(playerIds);
      return playerIds.map((id) => counts.get(id) ?? 0);
    },
    admin: createAdminStore(db, toStoredGame),
    flush: () => writer.flush(),
    onFlush: (listener) => void flushListeners.push(listener),
    pendingEntries: () => writer.pending,
    flushesRunning: () => writer.flushing,
    async close() {
      await writer.close();
      await db.close();
    },
  };
}
