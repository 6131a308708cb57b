import { createGame, ROLES, type GameSetup, type Role, type Winner } from "@bang/engine";

/** What a finished game contributes to the statistics. */
export interface FinishedGame {
  id: string;
  setup: GameSetup;
  winner: Winner | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Log entries (commands) of the game. */
  lastSeq: number;
}

export interface RateRow {
  key: string;
  played: number;
  won: number;
  /** won / played, 0..1 (0 when never played). */
  rate: number;
}

/** The dashboard's statistics over a set of finished games. */
export interface Statistics {
  games: number;
  byRole: RateRow[];
  byCharacter: RateRow[];
  byTeam: { team: string; games: number }[];
  /** Game length: commands per game and minutes from creation to the end. */
  length: { averageCommands: number; averageMinutes: number; buckets: { commands: string; games: number }[] };
  /** Finished games per UTC day (YYYY-MM-DD), oldest first. */
  activity: { day: string; games: number }[];
}

const BUCKETS = [25, 50, 100, 150, 200, 300, Infinity];

const rate = (m: Map<string, { played: number; won: number }>): RateRow[] =>
  [...m.entries()]
    .map(([key, v]) => ({ key, played: v.played, won: v.won, rate: v.played === 0 ? 0 : v.won / v.played }))
    .sort((a, b) => b.played - a.played || a.key.localeCompare(b.key));

/**
 * Win rates by role and by character (a seat wins when its id is among the winner's players, R5.2),
 * wins by team, game length and activity per day. Roles and characters come from replaying the setup
 * (the deal is a pure function of the seed). Games whose setup no longer deals are skipped.
 */
export function computeStatistics(games: readonly FinishedGame[]): Statistics {
  const byRole = new Map<string, { played: number; won: number }>(ROLES.map((r: Role) => [r, { played: 0, won: 0 }]));
  const byCharacter = new Map<string, { played: number; won: number }>();
  const byTeam = new Map<string, number>();
  const activity = new Map<string, number>();
  const buckets = BUCKETS.map(() => 0);
  let counted = 0;
  let commands = 0;
  let minutes = 0;
  for (const g of games) {
    const dealt = createGame(g.setup);
    // Roles and characters are classic mode's; a duel (part D) has neither.
    if (!dealt.ok || !g.winner || dealt.state.mode !== "classic") continue;
    counted++;
    const winners = new Set(g.winner.players);
    for (const p of dealt.state.players) {
      const won = winners.has(p.id) ? 1 : 0;
      const r = byRole.get(p.role)!;
      r.played++;
      r.won += won;
      const c = byCharacter.get(p.character) ?? { played: 0, won: 0 };
      c.played++;
      c.won += won;
      byCharacter.set(p.character, c);
    }
    byTeam.set(g.winner.team, (byTeam.get(g.winner.team) ?? 0) + 1);
    const end = g.finishedAt ?? g.createdAt;
    const day = end.toISOString().slice(0, 10);
    activity.set(day, (activity.get(day) ?? 0) + 1);
    commands += g.lastSeq;
    minutes += (end.getTime() - g.createdAt.getTime()) / 60_000;
    buckets[BUCKETS.findIndex((b) => g.lastSeq <= b)]! += 1;
  }
  return {
    games: counted,
    byRole: rate(byRole),
    byCharacter: rate(byCharacter),
    byTeam: [...byTeam.entries()].map(([team, n]) => ({ team, games: n })).sort((a, b) => b.games - a.games),
    length: {
      averageCommands: counted ? commands / counted : 0,
      averageMinutes: counted ? minutes / counted : 0,
      buckets: BUCKETS.map((b, i) => ({ commands: b === Infinity ? `>${BUCKETS[i - 1]}` : `<=${b}`, games: buckets[i]! })),
    },
    activity: [...activity.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, n]) => ({ day, games: n })),
  };
}
