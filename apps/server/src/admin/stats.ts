import type { StoredWinner } from "@bang/db";
import type { AnyGameModule, SetupBase } from "@bang/game-core";

/** What a finished game contributes to the statistics. */
export interface FinishedGame {
  id: string;
  /** The game (its module's id). */
  game: string;
  setup: SetupBase;
  winner: StoredWinner | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Log entries (commands) of the game. */
  lastSeq: number;
}

/** What the statistics need of a game's module: its id and name, its deal and its facets. */
export type StatsModule = Pick<AnyGameModule, "id" | "name" | "create" | "facets">;

export interface RateRow {
  key: string;
  played: number;
  won: number;
  /** won / played, 0..1 (0 when never played). */
  rate: number;
}

/** What the statistics cover of one game: the finished games counted, and those left out. */
export interface Coverage {
  game: string;
  /** The game's name for people (its id when this node has no module of it). */
  name: string;
  /** Finished games counted. */
  games: number;
  /** Finished games left out: no winner stored, a setup that no longer deals, or no module of the game on this node. */
  skipped: number;
}

/** The dashboard's statistics over a set of finished games of one game or of several. */
export interface Statistics {
  /** One line per game: every game asked for (in the order given, even with no game), then any other met. */
  covers: Coverage[];
  /** Finished games counted, over every game covered. */
  games: number;
  /** Win rates grouped by each of a game's facets (its module's `facets`), per game, in the order the module gives them. */
  byFacet: { game: string; facet: string; rows: RateRow[] }[];
  /** Wins of each team, per game (a team is a game's word: two games may share one). */
  byTeam: { game: string; team: string; games: number }[];
  /** Game length: commands per game and minutes from creation to the end. */
  length: { averageCommands: number; averageMinutes: number; buckets: { commands: string; games: number }[] };
  /** Finished games per UTC day (YYYY-MM-DD), oldest first. */
  activity: { day: string; games: number }[];
}

const BUCKETS = [25, 50, 100, 150, 200, 300, Infinity];

type Tally = Map<string, { played: number; won: number }>;

const rate = (m: Tally): RateRow[] =>
  [...m.entries()]
    .map(([key, v]) => ({ key, played: v.played, won: v.won, rate: v.played === 0 ? 0 : v.won / v.played }))
    .sort((a, b) => b.played - a.played || a.key.localeCompare(b.key));

const bump = <K>(m: Map<K, number>, key: K) => m.set(key, (m.get(key) ?? 0) + 1);

/**
 * The statistics of `games` (finished games) for the games of `modules`: what they cover per game,
 * win rates by each module's facets (a seat wins when its id is among the stored winner's players),
 * wins by team per game, game length and activity per day. The facets of each seat come from dealing
 * the game again from its stored setup (`module.create`: the deal is a pure function of the seed).
 * A game without a winner, whose setup no longer deals, or of a game not in `modules` is left out and
 * counted as skipped on its game's line.
 */
export function computeStatistics(modules: readonly StatsModule[], games: readonly FinishedGame[]): Statistics {
  const covers = new Map<string, Coverage>(modules.map((m) => [m.id, { game: m.id, name: m.name, games: 0, skipped: 0 }]));
  const byFacet = new Map<string, { game: string; facet: string; tally: Tally }>();
  const byTeam = new Map<string, { game: string; team: string; games: number }>();
  const activity = new Map<string, number>();
  const buckets = BUCKETS.map(() => 0);
  let counted = 0;
  let commands = 0;
  let minutes = 0;
  for (const g of games) {
    const cover = covers.get(g.game) ?? covers.set(g.game, { game: g.game, name: g.game, games: 0, skipped: 0 }).get(g.game)!;
    const module = modules.find((m) => m.id === g.game);
    const dealt = module && g.winner ? dealAgain(module, g.setup) : null;
    if (!module || !g.winner || !dealt) {
      cover.skipped++;
      continue;
    }
    cover.games++;
    counted++;
    const winners = new Set(g.winner.players);
    for (const [seat, labels] of Object.entries(module.facets(dealt))) {
      const won = winners.has(seat) ? 1 : 0;
      for (const [facet, key] of Object.entries(labels)) {
        const id = JSON.stringify([g.game, facet]);
        const group = byFacet.get(id) ?? byFacet.set(id, { game: g.game, facet, tally: new Map() }).get(id)!;
        const row = group.tally.get(key) ?? { played: 0, won: 0 };
        row.played++;
        row.won += won;
        group.tally.set(key, row);
      }
    }
    const team = JSON.stringify([g.game, g.winner.team]);
    (byTeam.get(team) ?? byTeam.set(team, { game: g.game, team: g.winner.team, games: 0 }).get(team)!).games++;
    const end = g.finishedAt ?? g.createdAt;
    bump(activity, end.toISOString().slice(0, 10));
    commands += g.lastSeq;
    minutes += (end.getTime() - g.createdAt.getTime()) / 60_000;
    buckets[BUCKETS.findIndex((b) => g.lastSeq <= b)]! += 1;
  }
  return {
    covers: [...covers.values()],
    games: counted,
    byFacet: [...byFacet.values()].map(({ game, facet, tally }) => ({ game, facet, rows: rate(tally) })),
    byTeam: [...byTeam.values()].sort((a, b) => b.games - a.games),
    length: {
      averageCommands: counted ? commands / counted : 0,
      averageMinutes: counted ? minutes / counted : 0,
      buckets: BUCKETS.map((b, i) => ({ commands: b === Infinity ? `>${BUCKETS[i - 1]}` : `<=${b}`, games: buckets[i]! })),
    },
    activity: [...activity.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, n]) => ({ day, games: n })),
  };
}

/** The state `setup` deals, or null when it no longer deals (a refused setup, or a module that throws on it). */
function dealAgain(module: StatsModule, setup: SetupBase) {
  try {
    const dealt = module.create(setup);
    return dealt.ok ? dealt.state : null;
  } catch {
    return null;
  }
}
