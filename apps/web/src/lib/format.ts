/** Small display helpers. */

/** "42 s", "3 min", "2 h 05" from seconds; "?" when unknown. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return "?";
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  const h = Math.floor(seconds / 3600);
  return `${h} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}`;
}

/** A ratio 0..1 as "42%". */
export const percent = (r: number): string => `${Math.round(r * 100)}%`;

/**
 * The live games page's warning when some nodes did not answer in time (`missingNodes` of
 * fetchLiveGames): which ones, and that their games are not listed. Null when every node answered.
 */
export function missingNodesNotice(missingNodes: readonly string[]): string | null {
  if (missingNodes.length === 0) return null;
  const names = missingNodes.join(", ");
  return missingNodes.length === 1
    ? `Node ${names} did not answer in time: its games are not in this list.`
    : `Nodes ${names} did not answer in time: their games are not in this list.`;
}

/** A key of a game's vocabulary (snake_case) for people: "first_player" -> "First Player". */
export const humanize = (key: string): string =>
  key
    .split("_")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
