/** The admin history's words for a stored game (plain functions, no I/O). */
import type { HistoryGame } from "@bang/client";

/**
 * What the Winner column says of `winner`: the winning players by name, then their team in brackets
 * when the game's UI lists it among its teams (`teams`: "Ann, Bob (law)"). A game whose team says
 * nothing of who won (the duel's team is the game itself) shows the names alone. "—" for no winner.
 */
export function winnerText(winner: HistoryGame["winner"], teams: readonly string[] | undefined): string {
  if (!winner) return "—";
  const names = winner.names.length > 0 ? winner.names.join(", ") : winner.team;
  return teams?.includes(winner.team) ? `${names} (${winner.team})` : names;
}
