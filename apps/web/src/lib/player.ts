/** A player's page as plain functions: how a game went for them, and their place in a tournament. */
import type { Outcome, Tournament } from "@bang/client";

/** How a game went, for people. */
export function outcomeLabel(outcome: Outcome, winnerTeam: string | null): string {
  switch (outcome) {
    case "running":
      return "playing";
    case "won":
      return winnerTeam ? `won (${winnerTeam})` : "won";
    case "lost":
      return winnerTeam ? `lost (${winnerTeam} won)` : "lost";
    case "abandoned":
      return "ended by an admin";
    case "ended":
      return "ended without a winner";
  }
}

/** A rating for people: the ordinal with one decimal ("12.3"). */
export const ordinalText = (ordinal: number): string => (Math.round(ordinal * 10) / 10).toFixed(1);

/** Where the viewer stands in a tournament. */
export type MyTournament =
  | { kind: "out" }
  | { kind: "registered"; checkedIn: boolean }
  /** `others`: the player ids of the other seats (bots included). */
  | { kind: "table"; gameId: string; label: string; others: string[] }
  | { kind: "waiting" }
  | { kind: "done"; place: number | null };

/**
 * The viewer's next table or match in `t`: their unfinished table (the latest round's), else why there
 * is none: not registered (`out`), registered before the start, waiting for the next round, or over.
 */
export function myTournament(t: Tournament, me: string | null): MyTournament {
  const player = me ? t.players.find((p) => p.playerId === me) : undefined;
  if (!me || !player) return { kind: "out" };
  if (t.status === "created" || t.status === "registration") return { kind: "registered", checkedIn: player.checkedIn };
  if (t.status === "finished" || player.status === "forfeited") return { kind: "done", place: t.standings.find((s) => s.playerId === me)?.place ?? null };
  const open = t.tables.filter((x) => x.result === null && x.seats.includes(me)).sort((a, b) => b.round - a.round || a.tableNo - b.tableNo)[0];
  if (open) {
    const label = t.format === "table" ? (open.final ? "the final table" : `round ${open.round}, table ${open.tableNo}`) : "your match";
    return { kind: "table", gameId: open.gameId, label, others: open.seats.filter((s) => s !== me) };
  }
  return { kind: "waiting" };
}

/** Whose eyes a replay shows, for people. */
export function viewerLabel(kind: "player" | "spectator" | "admin"): string {
  return kind === "player" ? "your own view" : kind === "admin" ? "the admin's view" : "a spectator's view";
}
