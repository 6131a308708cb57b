import type { GameResult } from "@bang/game-core";
import type { TableResult } from "@bang/db";

/**
 * The free-for-all table format of a tournament (pure functions): seat a round's tables, record a
 * finished table from its game's result, and rank the standings. The points are the game module's
 * (`result().scores`, its `scoring` lines: GET /api/tournaments/scoring?game=).
 */

/**
 * The result of a finished tournament table as stored: the winning team, each seated player's points
 * from the module's `result.scores` (0 for a seat it does not score; bots included, they do not rank)
 * and the winners.
 */
export function tableResult(result: GameResult, seats: readonly string[]): TableResult {
  const points = Object.fromEntries(seats.map((id) => [id, result.scores[id] ?? 0]));
  return { team: result.winner.team, points, winners: [...result.winner.players] };
}

/**
 * Deals ranked players (best first) into tables of at most `tableSize`: as few tables as possible,
 * sizes differing by at most one, and serpentine order (1st to table 1, 2nd to table 2, ..., then back)
 * so every table gets a fair share of strong players. A table below `minTable` (the game's smallest
 * ranked table, its module's `rankedSeats.min`) gets bot seats (returned as null) up to it. Throws
 * when there is nobody to seat.
 */
export function seatTables(ranked: readonly string[], tableSize: number, minTable: number): (string | null)[][] {
  if (ranked.length === 0) throw new Error("nobody to seat");
  const count = Math.ceil(ranked.length / tableSize);
  const tables: (string | null)[][] = Array.from({ length: count }, () => []);
  ranked.forEach((id, i) => {
    const lap = Math.floor(i / count);
    const pos = i % count;
    tables[lap % 2 === 0 ? pos : count - 1 - pos]!.push(id);
  });
  for (const t of tables) while (t.length < minTable) t.push(null);
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
