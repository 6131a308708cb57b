/**
 * Rating teams come from a finished game's result (its module's ranking): each side a team, its place
 * its rank. The dice game's sides follow R6 (law, outlaws, each renegade alone) and R7.3 (3 players:
 * each alone); the rating service updates people only, once.
 */
import type { RatingRecord, RatingRepository, RatingUpdate } from "@bang/db";
import type { GameResult } from "@bang/game-core";
import { dice, type GameState } from "@bang/game-dice";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATING, RatingService } from "../../src/ratings/service.js";
import { ratingTeams } from "../../src/ratings/teams.js";

/** A dealt dice game of `n` seats (seed 7) and the result of its end with `team` winning. */
function diceEnd(n: number, winners: (s: GameState["players"][number]) => boolean, team: string): { state: GameState; result: GameResult } {
  const created = dice.create({ players: Array.from({ length: n }, (_, i) => ({ id: `p${i}` })), seed: 7 });
  if (!created.ok) throw new Error(created.error.message);
  const state: GameState = { ...created.state, winner: { team, players: created.state.players.filter(winners).map((p) => p.id) } as GameState["winner"] };
  return { state, result: dice.result(state)! };
}

describe("ratingTeams", () => {
  it("each side of the ranking is a team; its place is its rank (losers share theirs)", () => {
    const result: Pick<GameResult, "ranking"> = {
      ranking: [
        { team: "a", players: ["x", "y"], place: 1 },
        { team: "b", players: ["z"], place: 2 },
        { team: "c", players: ["w"], place: 2 },
      ],
    };
    expect(ratingTeams(result)).toEqual([
      { members: ["x", "y"], rank: 1 },
      { members: ["z"], rank: 2 },
      { members: ["w"], rank: 2 },
    ]);
  });

  it("R6 in the dice game: the law, the outlaws and each renegade are teams; the winners rank 1, every loser 2", () => {
    const { state, result } = diceEnd(8, (p) => p.role === "outlaw", "outlaws");
    const teams = ratingTeams(result);
    const roleOf = new Map(state.players.map((p) => [p.id, p.role]));
    const roles = teams.map((t) => ({ roles: [...new Set(t.members.map((m) => roleOf.get(m)))].sort(), size: t.members.length, rank: t.rank }));
    expect(roles).toEqual(
      expect.arrayContaining([
        { roles: ["deputy", "sheriff"], size: 3, rank: 2 },
        { roles: ["outlaw"], size: 3, rank: 1 },
        { roles: ["renegade"], size: 1, rank: 2 },
      ]),
    );
    expect(teams).toHaveLength(4);
    expect(teams.flatMap((t) => t.members).sort()).toEqual(state.players.map((p) => p.id).sort());
    const renegade = state.players.filter((p) => p.role === "renegade")[1]!.id;
    const alone = ratingTeams(diceEnd(8, (p) => p.id === renegade, "renegade").result);
    expect(alone.find((t) => t.members[0] === renegade)).toEqual({ members: [renegade], rank: 1 });
    expect(alone.filter((t) => t.rank === 1)).toHaveLength(1);
  });

  it("R7.3 in the dice game: with 3 players each player is a team of one", () => {
    const { state, result } = diceEnd(3, (p) => p.role === "outlaw", "outlaw");
    const teams = ratingTeams(result);
    expect(teams).toHaveLength(3);
    expect(teams.every((t) => t.members.length === 1)).toBe(true);
    const outlaw = state.players.find((p) => p.role === "outlaw")!.id;
    expect(teams.filter((t) => t.rank === 1)).toEqual([{ members: [outlaw], rank: 1 }]);
  });
});

/** A rating repository in memory: every game is rated once. */
function memoryRepo(): RatingRepository & { applied: RatingUpdate[] } {
  const applied: RatingUpdate[] = [];
  const done = new Set<string>();
  return {
    applied,
    getMany: async () => new Map<string, RatingRecord>(),
    markRated: async () => undefined,
    ratedGame: async () => null,
    async applyGame(gameId, _playerIds, compute) {
      if (done.has(gameId)) return false;
      done.add(gameId);
      applied.push(...compute(new Map()));
      return true;
    },
    history: async () => [],
    leaderboard: async () => [],
  };
}

describe("RatingService.applyFinished", () => {
  it("rates the people of a finished game once, by its ranking: winners up, losers down, bots never", async () => {
    const repo = memoryRepo();
    const ratings = new RatingService(repo);
    const result: Pick<GameResult, "ranking"> = {
      ranking: [
        { team: "w", players: ["a", "bot-1"], place: 1 },
        { team: "l", players: ["b", "c"], place: 2 },
      ],
    };
    expect(await ratings.applyFinished({ id: "g1", result, botIds: new Set(["bot-1"]) })).toBe(true);
    expect(await ratings.applyFinished({ id: "g1", result, botIds: new Set(["bot-1"]) })).toBe(false);
    expect(repo.applied.map((u) => [u.playerId, u.rank])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
    ]);
    const a = repo.applied.find((u) => u.playerId === "a")!;
    const b = repo.applied.find((u) => u.playerId === "b")!;
    expect(a.muBefore).toBe(DEFAULT_RATING.mu);
    expect(a.mu).toBeGreaterThan(DEFAULT_RATING.mu);
    expect(b.mu).toBeLessThan(DEFAULT_RATING.mu);
    expect(await ratings.applyFinished({ id: "g2", result: { ranking: [{ team: "w", players: ["bot-1"], place: 1 }] }, botIds: new Set(["bot-1"]) })).toBe(false);
  });

  it("a player never rated has the default rating in any game", async () => {
    const ratings = new RatingService(memoryRepo());
    expect(await ratings.get("nobody", "dice_duel")).toEqual({ playerId: "nobody", game: "dice_duel", mu: DEFAULT_RATING.mu, sigma: DEFAULT_RATING.sigma, ordinal: 0, games: 0 });
  });
});
