/**
 * A table-format tournament of any game, end to end, for the e2e tests of the games that score from
 * their module's result (cards, cash_n_guns): guests register, one of them is connected through the SDK
 * and plays each of their tables with the game's own bot over their own view (the others are no-shows
 * the server's bot plays), and the tournament runs to its end. The test then checks the recorded points
 * against its own computation from each stored game (the admin replay's final view).
 */
import { createGuest, createTournament, fetchStandings, fetchTournament, organiseTournament, registerForTournament, type Guest, type Tournament, type TournamentStandings } from "@bang/client";
import type { GameView } from "@bang/protocol";
import { connectAs, playSeat, type Player, type Seat } from "./players.js";
import { ADMIN_TOKEN, type TestServer } from "./server.js";
import { until } from "./waits.js";

export interface TableTournamentSetup {
  game: string;
  players: number;
  tableSize: number;
  rounds: number;
  rated: boolean;
}

export interface PlayedTournament {
  /** The finished tournament. */
  tournament: Tournament;
  standings: TournamentStandings;
  guests: Guest[];
  /** The hand seeding (reverse registration order). */
  order: string[];
  /** The connected player (guests[0]) and the games they played from their own view. */
  live: Player;
  played: Map<string, Seat>;
}

/** The final state of a stored game as an admin's replay shows it. */
export interface StoredGame<V> {
  status: string;
  game: string;
  view: V;
}

/** The admin replay's final view of game `gameId`. */
export async function storedGame<V>(url: string, gameId: string): Promise<StoredGame<V>> {
  const res = await fetch(`${url}/api/games/${gameId}/replay`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (!res.ok) throw new Error(`replay of ${gameId}: ${res.status} ${await res.text()}`);
  return (await res.json()) as StoredGame<V>;
}

/**
 * Creates, opens, fills, seeds by hand (reverse registration order) and starts a table-format
 * tournament of `setup.game` by organiser `organiser`, then waits (up to `timeoutMs`) until it is
 * finished. guests[0] is connected and plays each of their tables with the module's heuristic bot.
 */
export async function playTableTournament(server: TestServer, organiser: string, setup: TableTournamentSetup, timeoutMs: number): Promise<PlayedTournament> {
  const guests: Guest[] = [];
  for (let i = 0; i < setup.players; i++) guests.push(await createGuest(server.url, `${setup.game} player ${i + 1}`));
  const created = await createTournament(server.url, organiser, { name: `${setup.game} cup`, game: setup.game, tableSize: setup.tableSize, rounds: setup.rounds, rated: setup.rated, noShow: "bot", startsAt: new Date().toISOString() });
  await organiseTournament(server.url, organiser, created.id, { type: "open" });
  for (const g of guests) await registerForTournament(server.url, g.token, created.id);
  const live = await connectAs(server.url, guests[0]!, { keepFrames: false });
  // Each table of the connected player reaches them as a snapshot: they play it from their own view.
  const played = new Map<string, Seat>();
  live.client.on("state", (gameId) => {
    if (played.has(gameId)) return;
    const game = live.client.game(gameId);
    if (!game || game.game !== setup.game) return;
    played.set(gameId, playSeat<GameView>(live, gameId, { seed: played.size + 1, timeoutMs }));
  });
  const order = [...guests].reverse().map((g) => g.player.id);
  await organiseTournament(server.url, organiser, created.id, { type: "seed", by: "hand", order });
  await organiseTournament(server.url, organiser, created.id, { type: "start" });
  let tournament: Tournament | null = null;
  await until(`the ${setup.game} tournament is finished`, async () => (tournament = await fetchTournament(server.url, created.id)).status === "finished", timeoutMs, () => server.output().slice(-3000));
  await Promise.all([...played.values()].map((s) => s.done));
  return { tournament: tournament!, standings: await fetchStandings(server.url, created.id), guests, order, live, played };
}

/**
 * The standings a table-format tournament must show, computed here from each table's points (as the
 * test computed them from the stored game) and winners: the final table's players first by final points,
 * then qualifying points; everyone else by qualifying points; ties by wins, then the better seed.
 * Also checks that the final table seated the top `tableSize` after the qualifying rounds.
 */
export function expectedStandings(t: Tournament, order: readonly string[], pointsOf: (gameId: string) => Record<string, number>, winnersOf: (gameId: string) => readonly string[]): { finalists: string[]; ranked: string[]; points: Map<string, number> } {
  const points = new Map(order.map((id) => [id, 0]));
  const wins = new Map(order.map((id) => [id, 0]));
  const finalPoints = new Map<string, number>();
  for (const table of t.tables) {
    const pts = pointsOf(table.gameId);
    const winners = new Set(winnersOf(table.gameId));
    for (const id of table.seats) {
      if (!points.has(id)) continue; // a bot seat: scores, never ranks
      if (table.final) finalPoints.set(id, pts[id]!);
      else {
        points.set(id, points.get(id)! + pts[id]!);
        if (winners.has(id)) wins.set(id, wins.get(id)! + 1);
      }
    }
  }
  const seedOf = new Map(order.map((id, i) => [id, i + 1]));
  const byQualifying = [...order].sort((a, b) => points.get(b)! - points.get(a)! || wins.get(b)! - wins.get(a)! || seedOf.get(a)! - seedOf.get(b)!);
  const finalists = [...finalPoints.keys()];
  const finalOrder = [...finalists].sort((a, b) => finalPoints.get(b)! - finalPoints.get(a)! || points.get(b)! - points.get(a)! || wins.get(b)! - wins.get(a)! || seedOf.get(a)! - seedOf.get(b)!);
  return { finalists: byQualifying.slice(0, t.tableSize), ranked: [...finalOrder, ...byQualifying.filter((id) => !finalPoints.has(id))], points };
}
