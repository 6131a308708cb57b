/**
 * A tournament of the card game (`cards`, RULES-cards.md part E) in the table format end to end: a real
 * server (child process, embedded PGlite), an organiser token, 9 registered players: one connected
 * through the SDK who plays each of their tables with the module's bot over their own view, the others
 * no-shows played by the server's bot. One qualifying round (a table of 5 and one of 4) and a final
 * table of the top 5. Each table's points are checked against the scoring of E9 written out here,
 * applied to the stored game (the admin replay: roles, who is alive, the winning side); the standings
 * and the final table follow from them; the rated tournament updates each rating by team (law,
 * outlaws, each renegade alone), checked against OpenSkill.
 */
import { fetchRating } from "@bang/client";
import { rate, rating } from "openskill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";
import { expectedStandings, playTableTournament, storedGame } from "./support/table-tournament.js";
import { until } from "./support/waits.js";

const ORGANISER = "organiser-token-cards-0123456789ab";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ backend: "pglite", disconnectGraceMs: 100, env: { ORGANISER_TOKENS: `carla:${ORGANISER}` } });
});
afterAll(async () => {
  await server?.dispose();
});

/** E9 and the card game's scoring, written out independently of the module: points when one's side wins, +1 alive at the end. */
const POINTS_IF_WON: Record<string, number> = { sheriff: 5, deputy: 4, outlaw: 3, renegade: 8 };
/** E9: the side a role plays for (each renegade alone). */
const sideOf = (p: { id: string; role: string }) => (p.role === "sheriff" || p.role === "deputy" ? "law" : p.role === "outlaw" ? "outlaws" : `renegade ${p.id}`);

interface CardsFinal {
  phase: string;
  players: { id: string; role: string; alive: boolean }[];
  winner: { team: string; players: string[] };
}

describe("cards tournament, table format (real server)", () => {
  it("E9: 9 players, a qualifying round and a final table; points, standings and team ratings from the stored games", async () => {
    const scoring = (await (await fetch(`${server.url}/api/tournaments/scoring?game=cards`)).json()) as { game: string; scoring: { when: string; points: number }[]; minTable: number };
    expect(scoring.minTable).toBe(4);
    expect(scoring.scoring.map((l) => l.points).sort()).toEqual([...Object.values(POINTS_IF_WON), 1].sort());
    // E1.2: the 8-seat table is a variant: a ranked table has 4 to 7 seats.
    const eight = await fetch(`${server.url}/api/tournaments`, { method: "POST", headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" }, body: JSON.stringify({ name: "x", game: "cards", tableSize: 8, startsAt: new Date().toISOString() }) });
    expect([eight.status, ((await eight.json()) as { code: string; message: string }).message]).toEqual([400, expect.stringContaining("4 to 7")]);

    const { tournament: t, standings, order, played } = await playTableTournament(server, ORGANISER, { game: "cards", players: 9, tableSize: 5, rounds: 1, rated: true }, 150_000);
    expect(t.tables.map((x) => [x.round, x.tableNo, x.final, x.seats.length])).toEqual([
      [1, 1, false, 5],
      [1, 2, false, 4],
      [2, 1, true, 5],
    ]);
    // Serpentine by seed: table 1 holds seeds 1, 4, 5, 8, 9.
    expect(t.tables[0]!.seats).toEqual([1, 4, 5, 8, 9].map((s) => order[s - 1]));
    // The connected player (seed 9) played their tables from their own view to the end.
    const mine = t.tables.filter((x) => x.seats.includes(order[8]!)).map((x) => x.gameId);
    expect([...played.keys()].filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
    for (const id of mine) expect(((await played.get(id)!.done) as unknown as CardsFinal).phase).toBe("gameOver");
    expect(played.get(mine[0]!)!.acks.length).toBeGreaterThan(0);

    const finals = new Map<string, CardsFinal>();
    for (const table of t.tables) {
      const stored = await storedGame<CardsFinal>(server.url, table.gameId);
      expect(stored).toMatchObject({ status: "finished", game: "cards", view: { phase: "gameOver" } });
      expect(stored.view.players.map((p) => p.id)).toEqual(table.seats);
      finals.set(table.gameId, stored.view);
    }
    const pointsOf = (gameId: string) => {
      const v = finals.get(gameId)!;
      const winners = new Set(v.winner.players);
      return Object.fromEntries(v.players.map((p) => [p.id, (winners.has(p.id) ? POINTS_IF_WON[p.role]! : 0) + (p.alive ? 1 : 0)]));
    };
    for (const table of t.tables) {
      const v = finals.get(table.gameId)!;
      // E9: the winners are exactly the living-or-not players of one side.
      const side = sideOf(v.players.find((p) => p.id === v.winner.players[0])!);
      expect(v.winner.players.sort()).toEqual(v.players.filter((p) => sideOf(p) === side).map((p) => p.id).sort());
      expect(v.winner.team).toBe(side.startsWith("renegade") ? "renegade" : side);
      expect(table.result).toMatchObject({ team: v.winner.team, points: pointsOf(table.gameId) });
      expect([...table.result!.winners].sort()).toEqual([...v.winner.players].sort());
    }
    const expected = expectedStandings(t, order, pointsOf, (id) => finals.get(id)!.winner.players);
    expect([...t.tables[2]!.seats].sort()).toEqual([...expected.finalists].sort());
    expect(standings.status).toBe("finished");
    expect(standings.standings.map((s) => s.playerId)).toEqual(expected.ranked);
    expect(standings.standings.map((s) => s.points)).toEqual(expected.ranked.map((id) => expected.points.get(id)));

    // Rated: each game updates every seat's rating once, by side (the winners rank 1, the other sides
    // share rank 2), as OpenSkill rates those teams from the ratings before the game.
    await until("every rating counts its games", async () => {
      for (const id of order) if ((await fetchRating(server.url, id, "cards")).rating.games !== t.tables.filter((x) => x.seats.includes(id)).length) return false;
      return true;
    }, 20_000);
    const histories = new Map<string, Awaited<ReturnType<typeof fetchRating>>["history"]>();
    for (const id of order) histories.set(id, (await fetchRating(server.url, id, "cards")).history);
    for (const table of t.tables) {
      const v = finals.get(table.gameId)!;
      const winners = new Set(v.winner.players);
      const sides = [...new Set(v.players.map(sideOf))];
      const teams = sides.map((side) => v.players.filter((p) => sideOf(p) === side).map((p) => p.id));
      const ranks = teams.map((members) => (winners.has(members[0]!) ? 1 : 2));
      const change = (id: string) => histories.get(id)!.find((h) => h.gameId === table.gameId)!;
      const rated = rate(teams.map((members) => members.map((id) => rating({ mu: change(id).muBefore, sigma: change(id).sigmaBefore }))), { rank: ranks });
      teams.forEach((members, i) =>
        members.forEach((id, j) => {
          expect(change(id).rank).toBe(ranks[i]);
          expect(change(id).mu).toBeCloseTo(rated[i]![j]!.mu, 9);
          expect(change(id).sigma).toBeCloseTo(rated[i]![j]!.sigma, 9);
        }),
      );
    }
    // The admin inspector of a tournament game shows every hand (admins only): here, through the replay.
    const inspected = (await (await fetch(`${server.url}/api/games/${t.tables[0]!.gameId}/replay?at=1`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { view: { players: { hand: unknown }[] } };
    expect(inspected.view.players.every((p) => Array.isArray(p.hand))).toBe(true);
    // Viewed as one seat, only that seat's hand shows (E1.3, invariant 4).
    const seat = t.tables[0]!.seats[1]!;
    const asSeat = (await (await fetch(`${server.url}/api/admin/games/${t.tables[0]!.gameId}/view?as=${seat}&at=1`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { view: { players: { id: string; hand: unknown }[] } };
    expect(asSeat.view.players.map((p) => Array.isArray(p.hand))).toEqual(t.tables[0]!.seats.map((id) => id === seat));
    // ...and a spectator of the same game (no token) sees none of them.
    const watched = (await (await fetch(`${server.url}/api/games/${t.tables[0]!.gameId}/replay?at=1`)).json()) as { view: { players: { hand: unknown }[] } };
    expect(watched.view.players.map((p) => p.hand)).toEqual(t.tables[0]!.seats.map(() => null));
  }, 200_000);
});
