/**
 * A tournament of Ca$h 'n Guns (`cash_n_guns`, RULES-cash-n-guns.md part F) in the table format end to
 * end: a real server (child process, embedded PGlite), an organiser token, 10 registered players: one
 * connected through the SDK who plays each of their tables with the module's bot over their own view,
 * the others no-shows played by the server's bot. Two qualifying rounds of two tables of 5 and a final
 * table of the top 5. Each table's points are computed here from the stored game (the admin replay's
 * final view: who won and why, who is alive, totals, wounds) with the ranking of F7 (richest first, most
 * wounds first on a tie, the dead last and tied, a shared victory tied) and a point for each player
 * ranked below; the standings and the final table follow from them, and each rating (a team of one per
 * player, ranked by place) is checked against OpenSkill. The admin inspector shows a secret choice as
 * it was made, where another seat's view and a spectator's show it hidden (F8).
 */
import { rate, rating } from "openskill";
import { fetchRating } from "@bang/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";
import { expectedStandings, playTableTournament, storedGame } from "./support/table-tournament.js";
import { until } from "./support/waits.js";

const ORGANISER = "organiser-token-cng-0123456789abcd";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ backend: "pglite", disconnectGraceMs: 100, env: { ORGANISER_TOKENS: `gina:${ORGANISER}` } });
});
afterAll(async () => {
  await server?.dispose();
});

interface CngFinal {
  phase: string;
  players: { id: string; alive: boolean; wounds: number; score: number | null }[];
  winner: { players: string[]; reason: "richest" | "last_survivor" | "all_dead" };
}

/**
 * F7, F7.7, F10.14, written out here: each seat's place (1 = best; equal keys share a place) and its
 * points, one for each seat placed strictly below. After all_dead (F7.2) nobody is placed above anyone.
 */
function placesAndPoints(v: CngFinal): { place: Map<string, number>; points: Record<string, number> } {
  const winners = new Set(v.winner.players);
  const key = (p: CngFinal["players"][number]) => (v.winner.reason === "all_dead" ? [0] : [winners.has(p.id) ? 0 : 1, p.alive ? 0 : 1, p.alive ? -(p.score ?? 0) : 0, p.alive ? -p.wounds : 0]);
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  // Place 1 is the winners': after all_dead every seat shares place 2.
  const place = new Map(v.players.map((p) => [p.id, (v.winner.reason === "all_dead" ? 2 : 1) + v.players.filter((o) => better(key(o), key(p))).length]));
  const points = Object.fromEntries(v.players.map((p) => [p.id, v.players.filter((o) => better(key(p), key(o))).length]));
  return { place, points };
}

describe("cash_n_guns tournament, table format (real server)", () => {
  it("F7: 10 players, two rounds and a final table; points from the ranking by score of each stored game, the standings from them", async () => {
    const scoring = (await (await fetch(`${server.url}/api/tournaments/scoring?game=cash_n_guns`)).json()) as { game: string; scoring: { when: string; points: number }[]; minTable: number };
    expect(scoring).toMatchObject({ game: "cash_n_guns", minTable: 4 });
    const { tournament: t, standings, order, played } = await playTableTournament(server, ORGANISER, { game: "cash_n_guns", players: 10, tableSize: 5, rounds: 2, rated: true }, 150_000);
    expect(t.tables.map((x) => [x.round, x.tableNo, x.final, x.seats.length])).toEqual([
      [1, 1, false, 5],
      [1, 2, false, 5],
      [2, 1, false, 5],
      [2, 2, false, 5],
      [3, 1, true, 5],
    ]);
    // Serpentine by seed in round 1: table 1 holds seeds 1, 4, 5, 8, 9.
    expect(t.tables[0]!.seats).toEqual([1, 4, 5, 8, 9].map((s) => order[s - 1]));
    const mine = t.tables.filter((x) => x.seats.includes(order[9]!)).map((x) => x.gameId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect([...played.keys()].filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
    for (const id of mine) expect(((await played.get(id)!.done) as unknown as CngFinal).phase).toBe("game_over");

    const finals = new Map<string, CngFinal>();
    for (const table of t.tables) {
      const stored = await storedGame<CngFinal>(server.url, table.gameId);
      expect(stored).toMatchObject({ status: "finished", game: "cash_n_guns", view: { phase: "game_over" } });
      expect(stored.view.players.map((p) => p.id)).toEqual(table.seats);
      finals.set(table.gameId, stored.view);
      expect(table.result).toMatchObject({ team: stored.view.winner.reason, points: placesAndPoints(stored.view).points });
      expect([...table.result!.winners].sort()).toEqual([...stored.view.winner.players].sort());
    }
    // Points that differ among the living are the point of a ranking by score: at least one table shows them.
    expect(t.tables.some((x) => new Set(Object.values(x.result!.points)).size > 2)).toBe(true);
    const expected = expectedStandings(t, order, (id) => placesAndPoints(finals.get(id)!).points, (id) => finals.get(id)!.winner.players);
    expect([...t.tables[4]!.seats].sort()).toEqual([...expected.finalists].sort());
    expect(standings.status).toBe("finished");
    expect(standings.standings.map((s) => s.playerId)).toEqual(expected.ranked);
    expect(standings.standings.map((s) => s.points)).toEqual(expected.ranked.map((id) => expected.points.get(id)));

    // Rated: each player is a team of one, ranked by place; OpenSkill from the ratings before each game.
    await until("every rating counts its games", async () => {
      for (const id of order) if ((await fetchRating(server.url, id, "cash_n_guns")).rating.games !== t.tables.filter((x) => x.seats.includes(id)).length) return false;
      return true;
    }, 20_000);
    const histories = new Map<string, Awaited<ReturnType<typeof fetchRating>>["history"]>();
    for (const id of order) histories.set(id, (await fetchRating(server.url, id, "cash_n_guns")).history);
    for (const table of t.tables) {
      const { place } = placesAndPoints(finals.get(table.gameId)!);
      const change = (id: string) => histories.get(id)!.find((h) => h.gameId === table.gameId)!;
      const rated = rate(table.seats.map((id) => [rating({ mu: change(id).muBefore, sigma: change(id).sigmaBefore })]), { rank: table.seats.map((id) => place.get(id)!) });
      table.seats.forEach((id, i) => {
        expect(change(id).rank).toBe(place.get(id));
        expect(change(id).mu).toBeCloseTo(rated[i]![0]!.mu, 9);
      });
    }

    // The admin inspector of a tournament game: admins see every secret choice as it was made (F8);
    // the same point viewed as another seat, or by a spectator, shows it only as made.
    const gameId = t.tables[0]!.gameId;
    const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const log = ((await (await fetch(`${server.url}/api/admin/games/${gameId}/timeline`, { headers: asAdmin })).json()) as { log: { entries: { command: { type: string; by: string; card?: string } }[] } }).log;
    const k = log.entries.findIndex((e) => e.command.type === "choose_bullet");
    const chosen = log.entries[k]!.command;
    const at = k + 1;
    type Seats = { view: { phase: string; players: { id: string; bullet: string | null }[] } };
    const adminView = (await (await fetch(`${server.url}/api/games/${gameId}/replay?at=${at}`, { headers: asAdmin })).json()) as Seats;
    expect(adminView.view.phase).toBe("bullet_choice");
    expect(adminView.view.players.find((p) => p.id === chosen.by)!.bullet).toBe(chosen.card);
    const other = t.tables[0]!.seats.find((id) => id !== chosen.by)!;
    const otherView = (await (await fetch(`${server.url}/api/admin/games/${gameId}/view?as=${other}&at=${at}`, { headers: asAdmin })).json()) as Seats;
    expect(otherView.view.players.find((p) => p.id === chosen.by)!.bullet).toBe("hidden");
    const watched = (await (await fetch(`${server.url}/api/games/${gameId}/replay?at=${at}`)).json()) as Seats;
    expect(watched.view.players.find((p) => p.id === chosen.by)!.bullet).toBe("hidden");
  }, 200_000);
});
