/**
 * The inspector's timeline, as plain functions of the entries the admin API returns, for any game:
 * where the next or previous entry with an event of a given type is (the game's UI names the types
 * worth a jump, its "marks"), and the log file `bang replay` reads. Positions are entry counts:
 * `at = 0` is the table after setup, `at = n` after entry n.
 */

/** An event type worth a jump in the inspector (a game's UI lists its own), with its label. */
export interface Mark {
  type: string;
  label: string;
}

/** What the jumps read of a timeline entry. */
export interface EntryLike {
  seq: number;
  events: readonly { type: string }[];
}

const has = (entry: EntryLike, type: string) => entry.events.some((ev) => ev.type === type);

/** The position just after the first entry past `at` that has an event of `type`, or null. */
export function nextMark(entries: readonly EntryLike[], at: number, type: string): number | null {
  const found = entries.find((e) => e.seq > at && has(e, type));
  return found ? found.seq : null;
}

/** The position of the last entry before `at` that has an event of `type`, or null. */
export function previousMark(entries: readonly EntryLike[], at: number, type: string): number | null {
  const found = [...entries].reverse().find((e) => e.seq < at && has(e, type));
  return found ? found.seq : null;
}

/** `at` moved by `delta` and kept within 0..total. */
export function step(at: number, delta: number, total: number): number {
  return Math.min(total, Math.max(0, at + delta));
}

/** The marks of `marks` this entry holds an event of (for the timeline's badges), in the order of `marks`. */
export function marksOf(entry: EntryLike, marks: readonly Mark[]): Mark[] {
  return marks.filter((m) => has(entry, m.type));
}

/** A game's log as the admin API sends it (game-core's GameLog). */
export interface LogLike {
  game: string;
  setup: unknown;
  entries: readonly { command: unknown; draws?: readonly unknown[] | undefined }[];
}

/**
 * The log as pretty JSON: exactly `{ game, setup, entries: [{ command, draws? }] }` (game-core's
 * GameLog; an entry keeps `draws` only where the log has them, since their presence decides how the
 * replay draws), which `bang replay FILE` reads.
 */
export function exportLog(log: LogLike): string {
  const entries = log.entries.map((e) => (e.draws ? { command: e.command, draws: e.draws } : { command: e.command }));
  return `${JSON.stringify({ game: log.game, setup: log.setup, entries }, null, 2)}\n`;
}

/** "12:04:31" (UTC) of an ISO time, or "" without one. */
export function clock(at: string | null): string {
  return at ? new Date(at).toISOString().slice(11, 19) : "";
}
