/**
 * A head-to-head tournament's bracket (a game of 2 seats) as the admin page draws it with
 * brackets-viewer (plain functions, no I/O): the library's data from `GET /api/tournaments/:id/bracket`
 * with each participant named by the player's name instead of their id, and the game of each match for
 * its link.
 */
import type { TournamentBracket } from "@bang/client";
import type { ViewerData } from "brackets-viewer";

/** The title drawn over a stage, by its type (the library names the stage after its format id). */
const STAGE_TITLE: Record<string, string> = { single_elimination: "Single elimination", double_elimination: "Double elimination", round_robin: "Round robin" };

/**
 * The data to render: brackets-manager's matches and match games as the server sent them, the stage
 * titled by its type, the participants renamed by `nameOf(playerId)` (the id itself when unknown).
 */
export function viewerData(bracket: TournamentBracket, nameOf: (playerId: string) => string | undefined): ViewerData {
  const v = bracket.viewer;
  // The server's data is brackets-model's records (checked loosely by the SDK): typed here for the viewer.
  return {
    stages: v.stages.map((st) => ({ ...st, name: STAGE_TITLE[st.type] ?? st.type })) as unknown as ViewerData["stages"],
    matches: v.matches as unknown as ViewerData["matches"],
    matchGames: v.matchGames as unknown as ViewerData["matchGames"],
    participants: v.participants.map((p) => ({ ...p, name: nameOf(p.name) ?? p.name })) as unknown as ViewerData["participants"],
  };
}

/** Match id -> its game id, for the matches that have one. */
export function gamesOfMatches(bracket: TournamentBracket): Map<number, string> {
  return new Map(bracket.matches.filter((m) => m.gameId !== null).map((m) => [m.matchId, m.gameId!]));
}

/** Does tournament `t` play a bracket (a head-to-head format, whatever the game), rather than tables? */
export const hasBracket = (t: { format: string }): boolean => t.format !== "table";

/** What the page says instead of a bracket: a table-format tournament has none; a head-to-head one once started. */
export function noBracketText(t: { format: string; status: string }): string {
  if (!hasBracket(t)) return "This tournament plays the table format: no bracket, see the tables below.";
  return "The bracket is drawn when the organiser starts the tournament.";
}
