/**
 * The tournament service over any game module (embedded PGlite in memory; the games are stand-ins from
 * the startGame seam, their results GameResults as a module gives them): a game of 2 seats plays a
 * bracket, any other game the table format within its ranked seats, and every finished game comes back
 * through one path (gameFinished, or finishedResult for a report and the catch-up).
 */
import { createTournamentRepository, openDatabase, type Database } from "@bang/db";
import type { GameResult } from "@bang/game-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomSeat } from "../../src/games/types.js";
import { TournamentService, type TournamentInput } from "../../src/tournaments/service.js";

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: null, dataDir: "memory://" });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

interface Started {
  game: string;
  seats: RoomSeat[];
}

/** A node's tournament service; `results` answers finishedResult (a stored game's replayed result). */
function service() {
  const started = new Map<string, Started>();
  const rated: [string, string][] = [];
  const results = new Map<string, GameResult>();
  const tournaments = new TournamentService({
    repo: createTournamentRepository(db),
    startGame: async (seats, game) => {
      const gameId = `g-${Math.random().toString(36).slice(2, 10)}`;
      started.set(gameId, { game, seats });
      return { gameId };
    },
    markRated: async (gameId, game) => void rated.push([gameId, game]),
    ordinals: async (ids) => new Map(ids.map((id) => [id, 0])),
    finishedResult: async (gameId) => results.get(gameId) ?? null,
  });
  return { tournaments, started, rated, results };
}

const input = (over: Partial<TournamentInput>): TournamentInput => ({ name: "cup", game: "dice", format: "table", rounds: 1, rated: false, noShow: "bot", startsAt: new Date().toISOString(), ...over });

/** A head-to-head result: `winner` first, the other player second (as a 2-seat module ranks them). */
function won(winner: string, loser: string): GameResult {
  return {
    winner: { team: winner, players: [winner] },
    ranking: [
      { team: winner, players: [winner], place: 1 },
      { team: loser, players: [loser], place: 2 },
    ],
    scores: { [winner]: 1, [loser]: 0 },
  };
}

describe("TournamentService over game modules", () => {
  it("creation: the game is a registered one (UNKNOWN_GAME naming `game`); its seats decide the format and the table size", async () => {
    const { tournaments } = service();
    await expect(tournaments.create("olga", input({ game: "poker", tableSize: 4 }))).rejects.toMatchObject({ code: "UNKNOWN_GAME", status: 400, message: expect.stringMatching(/^game: unknown game "poker" \(one of dice, dice_duel/) });
    await expect(tournaments.create("olga", input({ game: "dice", format: "round_robin", tableSize: 4 }))).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^format: /) });
    // R1.1: ranked dice tables have 4 to 8 seats (the 3-seat game of part C is not one).
    await expect(tournaments.create("olga", input({ game: "dice", tableSize: 3 }))).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: 'tableSize: a table of game "dice" has 4 to 8 seats' });
    await expect(tournaments.create("olga", input({ game: "dice" }))).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^tableSize: /) });
    await expect(tournaments.create("olga", input({ game: "dice_duel" }))).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^format: a tournament of game "dice_duel" \(2 seats\) is single_elimination, double_elimination, round_robin/) });
    await expect(tournaments.create("olga", input({ game: "dice_duel", format: "single_elimination", tableSize: 3 }))).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^tableSize: /) });
    expect(await tournaments.create("olga", input({ game: "dice_duel", format: "single_elimination" }))).toMatchObject({ game: "dice_duel", tableSize: 2, format: "single_elimination" });
    expect(await tournaments.create("olga", input({ game: "dice", tableSize: 8 }))).toMatchObject({ game: "dice", tableSize: 8, format: "table" });
  });

  it("a 2-seat game plays a bracket: its matches are games of it, each finished game's single winner moves the bracket on", async () => {
    const { tournaments, started, rated, results } = service();
    const t = await tournaments.create("olga", input({ game: "dice_duel", format: "single_elimination", rated: true }));
    await tournaments.open("olga", t.id);
    for (let i = 1; i <= 4; i++) await tournaments.register({ id: `s${i}`, name: `seed ${i}` }, t.id);
    await tournaments.seed("olga", t.id, "hand", ["s1", "s2", "s3", "s4"]);
    await tournaments.start("olga", t.id);
    expect([...started.values()].map((s) => [s.game, s.seats.map((x) => x.playerId).sort().join("-")])).toEqual([
      ["dice_duel", "s1-s4"],
      ["dice_duel", "s2-s3"],
    ]);
    expect(rated.map(([, game]) => game)).toEqual(["dice_duel", "dice_duel"]);
    const [first, second] = [...started.keys()] as [string, string];
    // A result with no single winner does not count: the bracket waits.
    await tournaments.gameFinished(first, { winner: { team: "x", players: ["s1", "s4"] }, ranking: [{ team: "x", players: ["s1", "s4"], place: 1 }], scores: {} });
    expect((await tournaments.get(t.id)).games.every((g) => g.result === null)).toBe(true);
    await tournaments.gameFinished(first, won("s1", "s4"));
    // An organiser reports the other: read from the stored game (finishedResult).
    await expect(tournaments.report("olga", t.id, second)).rejects.toMatchObject({ code: "GAME_NOT_FINISHED" });
    results.set(second, won("s3", "s2"));
    await tournaments.report("olga", t.id, second);
    const final = [...started.entries()].find(([id]) => id !== first && id !== second)!;
    expect(final[1].seats.map((s) => s.playerId).sort()).toEqual(["s1", "s3"]);
    const recorded = (await tournaments.get(t.id)).games.find((g) => g.gameId === first)!.result;
    expect(recorded).toEqual({ team: "s1", points: { s1: 1, s4: 0 }, winners: ["s1"] });
    await tournaments.gameFinished(final[0], won("s1", "s3"));
    expect((await tournaments.get(t.id)).status).toBe("finished");
    expect((await tournaments.standings(t.id)).map((s) => [s.playerId, s.place])).toEqual([
      ["s1", 1],
      ["s3", 2],
      ["s2", 3],
      ["s4", 3],
    ]);
    expect((await tournaments.bracket(t.id)).matches.at(-1)).toMatchObject({ winner: "s1", gameId: final[0] });
  });

  it("any other game plays tables within its ranked seats, bots filling a table up to the smallest; points are the module's scores", async () => {
    const { tournaments, started } = service();
    const t = await tournaments.create("olga", input({ game: "dice", tableSize: 4, rounds: 1 }));
    await tournaments.open("olga", t.id);
    for (let i = 1; i <= 5; i++) await tournaments.register({ id: `p${i}`, name: `p${i}` }, t.id);
    const running = await tournaments.start("olga", t.id);
    await expect(tournaments.bracket(t.id)).rejects.toMatchObject({ code: "NO_BRACKET" });
    // 5 players, tables of 4: two tables of 3 and 2 players, filled with bots up to dice's smallest ranked table (4).
    const tables = running.games.map((g) => started.get(g.gameId)!);
    expect(tables.map((s) => s.game)).toEqual(["dice", "dice"]);
    expect(tables.map((s) => s.seats.length)).toEqual([4, 4]);
    expect(tables.map((s) => s.seats.filter((x) => x.bot === "heuristic").length)).toEqual([1, 2]);
    const [one, two] = running.games as [(typeof running.games)[number], (typeof running.games)[number]];
    const result = (seats: readonly string[], winner: string): GameResult => ({
      winner: { team: "team", players: [winner] },
      ranking: [
        { team: "team", players: [winner], place: 1 },
        { team: "rest", players: seats.filter((s) => s !== winner), place: 2 },
      ],
      // A module's points: 7 to the winner, 2 to one other seat, none for the rest (left out).
      scores: { [winner]: 7, [seats.find((s) => s !== winner)!]: 2 },
    });
    await tournaments.gameFinished(one.gameId, result(one.seats, one.seats[0]!));
    await tournaments.gameFinished(two.gameId, result(two.seats, two.seats[0]!));
    const after = await tournaments.get(t.id);
    expect(after.games[0]!.result).toEqual({ team: "team", points: Object.fromEntries(one.seats.map((s, i) => [s, i === 0 ? 7 : i === 1 ? 2 : 0])), winners: [one.seats[0]] });
    // The final table of the top 4 started, of the same game.
    expect(after.currentRound).toBe(2);
    expect(started.get(after.games[2]!.gameId)!.game).toBe("dice");
  });
});
