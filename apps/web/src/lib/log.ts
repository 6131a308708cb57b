/**
 * The event log's grouping: lines in seq order cut into turns where the game says a turn starts.
 * Pure, so the grouping is tested without a browser.
 */

/** One line of a game's log: the entry `seq` it came from and one of its events. */
export interface LogLine<E> {
  seq: number;
  event: E;
}

/**
 * A turn of the log: its heading (null for the lines before the first turn starts) and its lines (the
 * event that started the turn is its heading, not a line again).
 */
export interface LogTurn<E> {
  /** Stable React key: the seq and index of its first line. */
  key: string;
  heading: string | null;
  /** The entry whose event started the turn (null without heading). */
  seq: number | null;
  lines: (LogLine<E> & { key: string })[];
}

/**
 * Cuts `lines` (oldest first) into turns: a line whose event `startsTurn` gives a heading opens a new
 * turn with that heading. The lines before the first such line form a turn headed by `opening(first
 * event)` when the log holds every entry since the game's first (the game's first turn, whose start the
 * deal does not log): its first line is of entry 1, or the caller knows its history is whole (`whole`),
 * for a game whose first entries show nothing (an entry may have no event a viewer sees). Else they have no heading (the log opened late and its history has not arrived).
 */
export function groupByTurn<E>(
  lines: readonly LogLine<E>[],
  startsTurn: (event: E) => string | null,
  opening: (first: E) => string | null = () => null,
  whole = false,
): LogTurn<E>[] {
  const headed = whole || lines[0]?.seq === 1;
  const turns: LogTurn<E>[] = [];
  lines.forEach((line, i) => {
    const key = `${line.seq}-${i}`;
    const heading = startsTurn(line.event);
    if (heading === null && turns.length === 0) turns.push({ key, heading: headed ? opening(line.event) : null, seq: null, lines: [] });
    if (heading !== null) turns.push({ key, heading, seq: line.seq, lines: [] });
    else turns.at(-1)!.lines.push({ ...line, key });
  });
  return turns;
}
