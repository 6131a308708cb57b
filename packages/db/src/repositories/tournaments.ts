import { Prisma } from "../client.js";
import type { DbHandle } from "../handle.js";
import { fromJson, toJson } from "../json.js";

/** Tournament states, in order. */
export type TournamentStatus = "created" | "registration" | "running" | "finished";
export type NoShowPolicy = "bot" | "forfeit";
/** "table": free-for-all tables (games of 3 seats or more); the others are head-to-head brackets (2-seat games). */
export type TournamentFormat = "table" | "single_elimination" | "double_elimination" | "round_robin";

export interface TournamentPlayerRecord {
  playerId: string;
  name: string;
  seed: number | null;
  checkedIn: boolean;
  status: "registered" | "playing" | "forfeited";
  registeredAt: Date;
}

export interface TournamentGameRecord {
  round: number;
  tableNo: number;
  gameId: string;
  /** Player ids seated, clockwise. */
  seats: string[];
  /** Null while the game runs. */
  result: TableResult | null;
  finishedAt: Date | null;
}

/**
 * The recorded result of one tournament table: the winning team (the game's name for it), each seated
 * player's points (bots included, they do not rank) and the winners.
 */
export interface TableResult {
  team: string;
  points: Record<string, number>;
  winners: string[];
}

export interface TournamentRecord {
  id: string;
  name: string;
  game: string;
  tableSize: number;
  format: TournamentFormat;
  rounds: number;
  rated: boolean;
  noShow: NoShowPolicy;
  startsAt: Date;
  status: TournamentStatus;
  currentRound: number;
  createdBy: string;
  createdAt: Date;
  players: TournamentPlayerRecord[];
  games: TournamentGameRecord[];
}

export interface AuditRecord {
  actor: string;
  action: string;
  detail: Record<string, unknown>;
  at: Date;
}

export interface NewTournament {
  name: string;
  game: string;
  tableSize: number;
  format: TournamentFormat;
  rounds: number;
  rated: boolean;
  noShow: NoShowPolicy;
  startsAt: Date;
  createdBy: string;
}

/** A tournament change and its audit line, written in one transaction. */
export interface Audited {
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

export interface TournamentRepository {
  /** Creates a tournament (status created) and its audit line. */
  create(input: NewTournament, audit: Audited): Promise<TournamentRecord>;
  /** A tournament with its players (by seed, then registration) and games, or null. */
  get(id: string): Promise<TournamentRecord | null>;
  list(limit: number): Promise<Omit<TournamentRecord, "players" | "games">[]>;
  /**
   * Moves the tournament from `from` to the fields of `to`, with an audit line (null: no audit, a change
   * the server made itself). Resolves false, changing nothing, when its status is no longer `from`
   * or, with `fromRound`, its current round is no longer `fromRound` (a compare-and-set: of two nodes
   * moving a tournament on at once, exactly one succeeds).
   */
  transition(id: string, from: TournamentStatus, to: { status?: TournamentStatus; currentRound?: number }, audit: Audited | null, fromRound?: number): Promise<boolean>;
  /** Registers a player. Resolves false (nothing written) when they are registered already. */
  register(id: string, player: { id: string; name: string }): Promise<boolean>;
  /** Updates one registered player's fields, with an optional audit line. Resolves false when not registered. */
  updatePlayer(id: string, playerId: string, data: { checkedIn?: boolean; status?: TournamentPlayerRecord["status"] }, audit: Audited | null): Promise<boolean>;
  /** Sets every player's seed (1 = top) and writes the audit line, in one transaction. */
  seed(id: string, order: readonly string[], audit: Audited): Promise<void>;
  /** Stores the tables of a round (their games already created). */
  addGames(id: string, games: readonly { round: number; tableNo: number; gameId: string; seats: string[] }[]): Promise<void>;
  /** The tournament table of game `gameId`, or null when the game is not a tournament's. */
  gameOf(gameId: string): Promise<(TournamentGameRecord & { tournamentId: string }) | null>;
  /** Records a table's result once. Resolves false when it was already recorded (or is unknown). */
  recordResult(gameId: string, result: TableResult): Promise<boolean>;
  /** Appends an audit line. */
  audit(id: string, audit: Audited): Promise<void>;
  /** The audit lines of a tournament, oldest first. */
  auditLog(id: string): Promise<AuditRecord[]>;
  /** The stored head-to-head bracket of a bracket tournament (its JSON data), or null before the start. */
  getBracket(id: string): Promise<{ format: string; data: unknown } | null>;
  /** Stores (creates or replaces) a bracket tournament's bracket data (JSON-serialisable). */
  saveBracket(id: string, format: string, data: unknown): Promise<void>;
}

const full = {
  players: { orderBy: [{ seed: { sort: "asc", nulls: "last" } }, { registeredAt: "asc" }] },
  games: { orderBy: [{ round: "asc" }, { tableNo: "asc" }] },
} satisfies Prisma.TournamentInclude;
type Row = Prisma.TournamentGetPayload<{ include: typeof full }>;
type BareRow = Prisma.TournamentGetPayload<object>;

function bare(t: BareRow): Omit<TournamentRecord, "players" | "games"> {
  return {
    id: t.id,
    name: t.name,
    game: t.game,
    tableSize: t.tableSize,
    format: t.format as TournamentFormat,
    rounds: t.rounds,
    rated: t.rated,
    noShow: t.noShow as NoShowPolicy,
    startsAt: t.startsAt,
    status: t.status as TournamentStatus,
    currentRound: t.currentRound,
    createdBy: t.createdBy,
    createdAt: t.createdAt,
  };
}

function gameRecord(g: Row["games"][number]): TournamentGameRecord {
  return { round: g.round, tableNo: g.tableNo, gameId: g.gameId, seats: fromJson<string[]>(g.seats), result: g.result === null ? null : fromJson<TableResult>(g.result), finishedAt: g.finishedAt };
}

function record(t: Row): TournamentRecord {
  return {
    ...bare(t),
    players: t.players.map((p) => ({ playerId: p.playerId, name: p.name, seed: p.seed, checkedIn: p.checkedIn, status: p.status as TournamentPlayerRecord["status"], registeredAt: p.registeredAt })),
    games: t.games.map(gameRecord),
  };
}

/** Tournaments, their players, tables and audit log over a Prisma client. */
export function createTournamentRepository(db: DbHandle): TournamentRepository {
  const { prisma } = db;
  const auditRow = (tournamentId: string, a: Audited) => ({ tournamentId, actor: a.actor, action: a.action, detail: toJson(a.detail) });
  return {
    async create(input, audit) {
      const row = await prisma.$transaction(async (tx) => {
        const t = await tx.tournament.create({ data: input });
        await tx.tournamentAudit.create({ data: auditRow(t.id, { ...audit, detail: { ...audit.detail, id: t.id } }) });
        return tx.tournament.findUniqueOrThrow({ where: { id: t.id }, include: full });
      });
      return record(row);
    },
    async get(id) {
      const row = await prisma.tournament.findUnique({ where: { id }, include: full });
      return row ? record(row) : null;
    },
    async list(limit) {
      return (await prisma.tournament.findMany({ orderBy: { createdAt: "desc" }, take: limit })).map(bare);
    },
    async transition(id, from, to, audit, fromRound) {
      return prisma.$transaction(async (tx) => {
        const changed = await tx.tournament.updateMany({ where: { id, status: from, ...(fromRound === undefined ? {} : { currentRound: fromRound }) }, data: to });
        if (changed.count !== 1) return false;
        if (audit) await tx.tournamentAudit.create({ data: auditRow(id, audit) });
        return true;
      });
    },
    async register(id, player) {
      try {
        await prisma.tournamentPlayer.create({ data: { tournamentId: id, playerId: player.id, name: player.name } });
        return true;
      } catch (e) {
        if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return false;
        throw e;
      }
    },
    async updatePlayer(id, playerId, data, audit) {
      return prisma.$transaction(async (tx) => {
        const changed = await tx.tournamentPlayer.updateMany({ where: { tournamentId: id, playerId }, data });
        if (changed.count !== 1) return false;
        if (audit) await tx.tournamentAudit.create({ data: auditRow(id, audit) });
        return true;
      });
    },
    async seed(id, order, audit) {
      await prisma.$transaction(async (tx) => {
        for (const [i, playerId] of order.entries()) await tx.tournamentPlayer.update({ where: { tournamentId_playerId: { tournamentId: id, playerId } }, data: { seed: i + 1 } });
        await tx.tournamentAudit.create({ data: auditRow(id, audit) });
      });
    },
    async addGames(id, games) {
      await prisma.tournamentGame.createMany({ data: games.map((g) => ({ tournamentId: id, round: g.round, tableNo: g.tableNo, gameId: g.gameId, seats: toJson(g.seats) })) });
    },
    async gameOf(gameId) {
      const g = await prisma.tournamentGame.findUnique({ where: { gameId } });
      return g ? { ...gameRecord(g), tournamentId: g.tournamentId } : null;
    },
    async recordResult(gameId, result) {
      const changed = await prisma.tournamentGame.updateMany({ where: { gameId, finishedAt: null }, data: { result: toJson(result), finishedAt: new Date() } });
      return changed.count === 1;
    },
    async audit(id, audit) {
      await prisma.tournamentAudit.create({ data: auditRow(id, audit) });
    },
    async auditLog(id) {
      const rows = await prisma.tournamentAudit.findMany({ where: { tournamentId: id }, orderBy: [{ at: "asc" }, { id: "asc" }] });
      return rows.map((r) => ({ actor: r.actor, action: r.action, detail: fromJson<Record<string, unknown>>(r.detail), at: r.at }));
    },
    async getBracket(id) {
      const row = await prisma.tournamentBracket.findUnique({ where: { tournamentId: id } });
      return row ? { format: row.format, data: fromJson<unknown>(row.data) } : null;
    },
    async saveBracket(id, format, data) {
      await prisma.tournamentBracket.upsert({ where: { tournamentId: id }, create: { tournamentId: id, format, data: toJson(data as object) }, update: { data: toJson(data as object) } });
    },
  };
}
