/**
 * Two nodes running the tournament service over one PostgreSQL database (the cluster): the last two
 * tables of a round finish at the same moment on two different nodes (each game's owner records its
 * result), and a catch-up on one node meets the hook of another. Each result is recorded once, the
 * next round is dealt once (a compare-and-set on the current round), the tournament finishes once.
 * Real PostgreSQL; the games themselves are stand-ins (ids from the startGame seam).
 */
import { createTournamentRepository, openDatabase, type Database } from "@bang/db";
import type { GameResult } from "@bang/game-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomSeat } from "../../src/games/types.js";
import { TournamentService } from "../../src/tournaments/service.js";
import { scratchDatabase } from "../cluster/support.js";

let dbs: Database[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  const scratch = await scratchDatabase();
  drop = scratch.drop;
  // Two handles, two pools: two nodes on one database.
  dbs = [await openDatabase({ url: scratch.url, poolSize: 2 }), await openDatabase({ url: scratch.url, poolSize: 2 })];
}, 60_000);
afterAll(async () => {
  for (const db of dbs) await db.close();
  await drop?.();
});

/**
 * The result of a dice table (sheriff, renegade, outlaw, outlaw) the outlaws win, everyone alive but
 * the sheriff: with the dice game's scoring (R6: an outlaw's win 3, alive +1) seats 2 and 3 score 4.
 */
function resultOf(seats: readonly string[]): GameResult {
  const [sheriff, renegade, ...outlaws] = seats as [string, string, string, string];
  return {
    winner: { team: "outlaws", players: outlaws },
    ranking: [
      { team: "outlaws", players: outlaws, place: 1 },
      { team: "law", players: [sheriff], place: 2 },
      { team: "renegade", players: [renegade], place: 2 },
    ],
    scores: { [sheriff]: 0, [renegade]: 1, [outlaws[0]]: 4, [outlaws[1]]: 4 },
  };
}

/** A node's tournament service: its games are recorded in `started` (shared by the nodes, like the cluster's games). */
function node(db: Database, started: Map<string, string[]>): TournamentService {
  return new TournamentService({
    repo: createTournamentRepository(db),
    startGame: async (seats: RoomSeat[]) => {
      const gameId = `game-${started.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
      started.set(gameId, seats.map((s) => s.playerId));
      return { gameId };
    },
    markRated: async () => undefined,
    ordinals: async (ids) => new Map(ids.map((id) => [id, 0])),
    finishedResult: async (gameId) => (started.has(gameId) ? resultOf(started.get(gameId)!) : null),
  });
}

describe("tournaments run by two nodes at once (PostgreSQL)", () => {
  it("the two tables of a round finish on two nodes at once: one final table, one finish, each result once", async () => {
    // Several tournaments, so that the two nodes' steps interleave in different orders.
    for (let trial = 0; trial < 6; trial++) {
      const started = new Map<string, string[]>();
      const [a, b] = [node(dbs[0]!, started), node(dbs[1]!, started)] as [TournamentService, TournamentService];
      const t = await a.create("olga", { name: `race ${trial}`, game: "dice", tableSize: 4, format: "table", rounds: 1, rated: false, noShow: "bot", startsAt: new Date().toISOString() });
      await a.open("olga", t.id);
      for (let i = 0; i < 8; i++) await (i % 2 ? b : a).register({ id: `p${trial}-${i}`, name: `p${i}` }, t.id);
      const running = await b.start("olga", t.id);
      expect(running.games.map((g) => [g.round, g.tableNo])).toEqual([
        [1, 1],
        [1, 2],
      ]);
      const [g1, g2] = running.games.map((g) => g.gameId) as [string, string];
      // Each table's owner records it, on its own node, at the same moment.
      await Promise.all([a.gameFinished(g1, resultOf(started.get(g1)!)), b.gameFinished(g2, resultOf(started.get(g2)!))]);
      const afterRound = await a.get(t.id);
      expect(afterRound.currentRound).toBe(2);
      expect(afterRound.games.map((g) => [g.round, g.tableNo, g.result !== null])).toEqual([
        [1, 1, true],
        [1, 2, true],
        [2, 1, false],
      ]);
      expect(started.size).toBe(3);
      const final = afterRound.games[2]!.gameId;
      // The final's owner records it while another node catches up (it finds the same result stored).
      const [, recordedByCatchUp] = await Promise.all([b.gameFinished(final, resultOf(started.get(final)!)), a.reconcile()]);
      const done = await b.get(t.id);
      expect(done.status).toBe("finished");
      expect(done.games.every((g) => g.result !== null)).toBe(true);
      expect(started.size).toBe(3);
      expect(recordedByCatchUp).toBeLessThanOrEqual(1);
      const audit = await a.auditLog(t.id);
      expect(audit.filter((x) => x.action === "finish")).toHaveLength(1);
      // The final table's points count once: its winners (seats 2, 3: outlaws, 3 points, alive +1) have 4 there.
      const finalists = started.get(final)!;
      expect(done.games[2]!.result!.points[finalists[2]!]).toBe(4);
    }
  }, 60_000);
});
