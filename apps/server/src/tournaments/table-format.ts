import type { Role } from "@bang/engine";

/**
 * The free-for-all table format of a tournament (pure functions): seat a round's tables, score a
 * finished table by result and role, and rank the standings. The scoring table is published in the
 * README ("Matchmaking, ratings and tournaments").
 */

/** Points a player scores when their team wins, by role (RULES.md R6: law, outlaws, renegade). */
export const WIN_POINTS: Readonly<Record<Role, number>> = { sheriff: 5, deputy: 4, outlaw: 3, renegade: 8 };
/** Extra point for a player still alive when the game ends, whoever won. */
export const SURVIVAL_POINTS = 1;
/** Smallest table the format seats (missing seats go to bots, who never score in the standings). */
export const MIN_TABLE = 4;

/** What scoring needs of a finished game: each seat's role and life, and the winners. */
export interface FinishedTable {
  players: readonly { id: string; role: Role; alive: boolean }[];
  winners: readonly string[];
  /** The winning team (engine Winner.team). */
  team: string;
}

/** Each seated player's points for one finished table: WIN_POINTS by role when they won, +SURVIVAL_POINTS if alive. */
export function scoreTable(table: FinishedTable): Record<string, number> {
  const winners = new Set(table.winners);
  const points: Record<string, number> = {};
  for (const p of table.players) points[p.id] = (winners.has(p.id) ? WIN_POINTS[p.role] : 0) + (p.alive ? SURVIVAL_POINTS : 0);
  return points;
}

/**
 * Deals ranked players (best first) into tables of at most `tableSize`: as few tables as possible,
 * sizes differing by at most one, and serpentine order (1st to table 1, 2nd to table 2, ..., then back)
 * so every table gets a fair share of strong players. A table below MIN_TABLE gets bot seats
 * (returned as null) up to MIN_TABLE. Throws when there is nobody to seat.
 */
export function seatTables(ranked: readonly string[], tableSize: number): (string | null)[][] {
  if (ranked.length === 0) throw new Error("nobody to seat");
  const count = Math.ceil(ranked.length / tableSize);
  const tables: (string | null)[][] = Array.from({ length: count }, () => []);
  ranked.forEach((id, i) => {
    const lap = Math.floor(i / count);
    const pos = i % count;
    tables[lap % 2 === 0 ? pos : count - 1 - pos]!.push(id);
  });
  for (const t of tables) while (t.length < MIN_TABLE) t.push(null);
  return tables;
}

/** One player's line in the standings. */
export interface Standing {
  playerId: string;
  name: string;
  /** Points over the qualifying rounds. */
  points: number;
  /** Points at the final table (null: not at the final, or not played yet). */
  finalPoints: number | null;
  wins: number;
  games: number;
  seed: number | null;
  /** 1-based place. */
  place: number;
}

/** A recorded table for the standings. */
export interface RecordedTable {
  round: number;
  points: Record<string, number>;
  winners: readonly string[];
}

/**
 * The standings: players at the final table first, by final points, then qualifying points; then
 * everyone else by qualifying points. Ties: more wins, then the better seed (lower), then player id.
 * `finalRound` is the final table's round number (rounds + 1).
 */
export function standings(players: readonly { playerId: string; name: string; seed: number | null }[], tables: readonly RecordedTable[], finalRound: number): Standing[] {
  const lines = new Map<string, Omit<Standing, "place">>(players.map((p) => [p.playerId, { playerId: p.playerId, name: p.name, points: 0, finalPoints: null, wins: 0, games: 0, seed: p.seed }]));
  for (const t of tables) {
    for (const [id, pts] of Object.entries(t.points)) {
      const line = lines.get(id);
      if (!line) continue;
      if (t.round === finalRound) line.finalPoints = pts;
      else {
        line.points += pts;
        line.games += 1;
        if (t.winners.includes(id)) line.wins += 1;
      }
    }
  }
  const sorted = [...lines.values()].sort(
    (a, b) =>
      Number(b.finalPoints !== null) - Number(a.finalPoints !== null) ||
      (b.finalPoints ?? 0) - (a.finalPoints ?? 0) ||
      b.points - a.points ||
      b.wins - a.wins ||
      (a.seed ?? Infinity) - (b.seed ?? Infinity) ||
      (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
  );
  return sorted.map((s, i) => ({ ...s, place: i + 1 }));
}
