import { describe, expect, it } from "vitest";
import { Bracket, BracketError, singleWinner, type BracketFormat, type BracketSnapshot } from "../../src/tournaments/bracket.js";

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const seedNo = (id: string) => Number(id.slice(1));

/**
 * Plays a bracket to its end through the match seam: every started match gets a game id, and its result
 * is reported with the better seed winning (a forced outcome). Checks that nobody ever plays two matches
 * at once and returns the matches in start order.
 */
async function playOut(format: BracketFormat, n: number) {
  const running = new Map<string, [string, string]>();
  const matches: { gameId: string; players: [string, string] }[] = [];
  const busy = new Set<string>();
  const bracket = await Bracket.create(format, seeds(n), async ({ players }) => {
    for (const p of players) {
      expect(busy.has(p), `${p} is in two matches at once`).toBe(false);
      busy.add(p);
    }
    const gameId = `match-${matches.length + 1}`;
    matches.push({ gameId, players });
    running.set(gameId, players);
    return { gameId };
  });
  while (running.size > 0) {
    const [gameId, [a, b]] = running.entries().next().value!;
    running.delete(gameId);
    busy.delete(a);
    busy.delete(b);
    await bracket.report(gameId, seedNo(a) < seedNo(b) ? a : b);
  }
  return { bracket, matches };
}

describe("brackets through brackets-manager (match seam, forced outcomes)", () => {
  it("single elimination of 32: 31 matches, seed 1 beats seed 2 in the final, ranks by the round a player went out", async () => {
    const { bracket, matches } = await playOut("single_elimination", 32);
    expect(await bracket.finished()).toBe(true);
    expect(matches).toHaveLength(31);
    // Standard seeding: round 1 pairs 1 with 32, 16 with 17, ...
    expect(matches[0]!.players).toEqual(["s1", "s32"]);
    expect(matches.at(-1)!.players.slice().sort()).toEqual(["s1", "s2"]);
    const standings = await bracket.standings();
    const byRank = new Map<number, number[]>();
    for (const s of standings) byRank.set(s.rank, [...(byRank.get(s.rank) ?? []), seedNo(s.playerId)].sort((x, y) => x - y));
    const groups = [...byRank.entries()].sort((x, y) => x[0] - y[0]).map(([, g]) => g);
    expect(groups).toEqual([[1], [2], [3, 4], [5, 6, 7, 8], seeds(16).slice(8).map(seedNo), seeds(32).slice(16).map(seedNo)]);
  });

  it("double elimination of 32: everyone loses twice except the champion; seed 1 wins, seed 2 second", async () => {
    const { bracket, matches } = await playOut("double_elimination", 32);
    expect(await bracket.finished()).toBe(true);
    // 31 in the winners' bracket, 30 in the losers', 1 grand final.
    expect(matches).toHaveLength(62);
    const losses = new Map<string, number>();
    for (const d of matches) {
      const [a, b] = d.players;
      const loser = seedNo(a) < seedNo(b) ? b : a;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
    expect(losses.has("s1")).toBe(false);
    expect([...losses.entries()].filter(([, n]) => n !== 2).map(([id]) => id)).toEqual([]);
    const standings = await bracket.standings();
    expect(standings.slice(0, 2)).toEqual([
      { playerId: "s1", rank: 1 },
      { playerId: "s2", rank: 2 },
    ]);
  });

  it("round robin of 6: everyone meets everyone once; standings by wins follow the seeds", async () => {
    const { bracket, matches } = await playOut("round_robin", 6);
    expect(matches).toHaveLength(15);
    const pairs = new Set(matches.map((d) => [...d.players].sort().join("-")));
    expect(pairs.size).toBe(15);
    expect((await bracket.standings()).map((s) => s.playerId)).toEqual(seeds(6));
  });

  it("bad input: a game not in the bracket, a winner who did not play; a second report changes nothing", async () => {
    const started: string[] = [];
    const bracket = await Bracket.create("single_elimination", seeds(4), async () => {
      started.push(`g${started.length + 1}`);
      return { gameId: started.at(-1)! };
    });
    await expect(bracket.report("elsewhere", "s1")).rejects.toMatchObject({ code: "GAME_NOT_IN_TOURNAMENT" });
    await expect(bracket.report("g1", "s2")).rejects.toBeInstanceOf(BracketError);
    const before = await bracket.matches();
    expect(before.filter((m) => m.status === "running")).toHaveLength(2);
    await bracket.report("g1", "s4");
    await bracket.report("g1", "s1");
    const after = await bracket.matches();
    expect(after.find((m) => m.gameId === "g1")?.winner).toBe("s4");
    await expect(Bracket.create("round_robin", ["solo"], async () => ({ gameId: "x" }))).rejects.toMatchObject({ code: "TOO_FEW_PLAYERS" });
  });

  it("a snapshot through JSON restores the bracket: it goes on from where it was, to the same end as without the break", async () => {
    for (const format of ["single_elimination", "double_elimination", "round_robin"] as const) {
      const n = format === "round_robin" ? 6 : 8;
      const uninterrupted = await playOut(format, n);
      const running = new Map<string, [string, string]>();
      let started = 0;
      const starter = async ({ players }: { players: [string, string] }) => {
        const gameId = `match-${++started}`;
        running.set(gameId, players);
        return { gameId };
      };
      const first = await Bracket.create(format, seeds(n), starter);
      // Two results, then the node "restarts" from the stored JSON.
      for (let i = 0; i < 2; i++) {
        const [gameId, [a, b]] = running.entries().next().value!;
        running.delete(gameId);
        await first.report(gameId, seedNo(a) < seedNo(b) ? a : b);
      }
      const stored = JSON.parse(JSON.stringify(await first.snapshot())) as BracketSnapshot;
      const before = started;
      const bracket = await Bracket.restore(format, stored, starter);
      // Running matches keep their games: nothing is started twice.
      expect(started).toBe(before);
      expect(await bracket.matches()).toEqual(await first.matches());
      for (const gameId of running.keys()) expect(bracket.has(gameId)).toBe(true);
      while (running.size > 0) {
        const [gameId, [a, b]] = running.entries().next().value!;
        running.delete(gameId);
        await bracket.report(gameId, seedNo(a) < seedNo(b) ? a : b);
      }
      expect(await bracket.finished(), format).toBe(true);
      expect(started, format).toBe(uninterrupted.matches.length);
      expect(await bracket.standings(), format).toEqual(await uninterrupted.bracket.standings());
    }
  });

  it("a slot not decided yet has no player (null), never the top seed: the API names only the players known", async () => {
    for (const format of ["single_elimination", "double_elimination"] as const) {
      const started: string[] = [];
      const bracket = await Bracket.create(format, seeds(5), async () => {
        started.push(`g${started.length + 1}`);
        return { gameId: started.at(-1)! };
      });
      const matches = await bracket.matches();
      // Nobody meets themself.
      for (const m of matches) if (m.players[0] !== null) expect(m.players[1], `${format} match ${m.matchId}`).not.toBe(m.players[0]);
      // The final and every match after round 2 wait for winners not known yet: both slots empty.
      const last = matches.reduce((a, b) => (b.roundId > a.roundId ? b : a));
      expect(last.players, format).toEqual([null, null]);
      expect(last.winner).toBeNull();
      // A match waiting for one earlier result names the player known, the other slot is empty.
      const waiting = matches.filter((m) => m.status === "waiting");
      expect(waiting.length, format).toBeGreaterThan(0);
      for (const m of waiting) expect(m.players.filter((p) => p === null), `${format} match ${m.matchId}`).toHaveLength(1);
      // Nobody is in two matches of one round.
      for (const round of new Set(matches.map((m) => `${m.groupId}/${m.roundId}`))) {
        const known = matches.filter((m) => `${m.groupId}/${m.roundId}` === round).flatMap((m) => m.players.filter((p) => p !== null));
        expect(new Set(known).size, `${format} round ${round}`).toBe(known.length);
      }
    }
  });

  it("a match's winner is the single player placed first in its game's result (R8.10: a duel has one winner)", () => {
    const ranking = (first: string[], second: string[]) => [
      { team: "a", players: first, place: 1 },
      { team: "b", players: second, place: 2 },
    ];
    expect(singleWinner({ winner: { team: "a", players: ["x"] }, ranking: ranking(["x"], ["y"]), scores: { x: 1, y: 0 } })).toBe("x");
    expect(singleWinner({ winner: { team: "a", players: ["x", "y"] }, ranking: ranking(["x", "y"], ["z"]), scores: {} })).toBeNull();
    expect(singleWinner({ winner: { team: "a", players: [] }, ranking: [{ team: "a", players: ["x", "y"], place: 2 }], scores: {} })).toBeNull();
  });
});
