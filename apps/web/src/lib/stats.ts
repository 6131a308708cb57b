/** The statistics page's words (plain functions, no I/O) over `GET /api/admin/stats`. */
import type { Statistics } from "@bang/client";

/** One line of the coverage table: a game, its games counted and left out, its wins by team in words. */
export interface CoverageLine {
  game: string;
  name: string;
  games: number;
  skipped: number;
  /** "law 3, outlaws 2"; "" when the game has no teams to show. */
  wins: string;
}

/**
 * What the statistics cover, per game, as the page's table shows it. A game's wins by team are shown
 * when `teamsOf(game)` lists its teams, or says nothing of them (undefined: a game without a UI
 * folder, whose teams are shown as they come); a game whose UI lists no team (the duel: its team is
 * the game itself) shows none.
 */
export function coverageLines(stats: Statistics, teamsOf: (game: string) => readonly string[] | null | undefined): CoverageLine[] {
  return stats.covers.map((c) => {
    const teams = teamsOf(c.game);
    const wins = stats.byTeam.filter((t) => t.game === c.game && (teams === undefined || (teams?.includes(t.team) ?? false)));
    return { ...c, wins: wins.map((t) => `${t.team} ${t.games}`).join(", ") };
  });
}

/**
 * The words after the count of games counted, over the figures: of which game (or of every game), how
 * many were left out, and that only the newest were read when the store holds more
 * ("finished games of every game · 1 left out (see the table)").
 */
export function coverageSummary(stats: Statistics, gameName: string | null): string {
  const skipped = stats.covers.reduce((n, c) => n + c.skipped, 0);
  const parts = [`finished game${stats.games === 1 ? "" : "s"} of ${gameName ?? "every game"}`];
  if (skipped > 0) parts.push(`${skipped} left out (see the table)`);
  if (stats.read < stats.finished) parts.push(`the newest ${stats.read} of ${stats.finished} read`);
  return parts.join(" · ");
}
