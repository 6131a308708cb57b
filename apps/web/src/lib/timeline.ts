/**
 * The inspector's timeline, as plain functions of the entries the admin API returns: where the next
 * Indian attack, elimination or end is, the dice of each roll, and the log file `bang replay` reads.
 * Positions are entry counts: `at = 0` is the table after setup, `at = n` after entry n.
 */
import type { Face, GameEvent, GameLog } from "@bang/engine";

/** What one may jump to. */
export const MARKS = ["indianAttack", "eliminated", "gameOver"] as const;
export type Mark = (typeof MARKS)[number];

export interface EntryLike {
  seq: number;
  events: GameEvent[];
}

/** The position just after the first entry past `at` that has an event of `mark`, or null. */
export function nextMark(entries: readonly EntryLike[], at: number, mark: Mark): number | null {
  const found = entries.find((e) => e.seq > at && e.events.some((ev) => ev.type === mark));
  return found ? found.seq : null;
}

/** The position of the last entry before `at` that has an event of `mark`, or null. */
export function previousMark(entries: readonly EntryLike[], at: number, mark: Mark): number | null {
  const found = [...entries].reverse().find((e) => e.seq < at && e.events.some((ev) => ev.type === mark));
  return found ? found.seq : null;
}

/** `at` moved by `delta` and kept within 0..total. */
export function step(at: number, delta: number, total: number): number {
  return Math.min(total, Math.max(0, at + delta));
}

/** The dice of each roll in an entry: every die after the throw, and which indexes were thrown. */
export function rollsOf(entry: EntryLike): { dice: Face[]; thrown: number[] }[] {
  return entry.events.flatMap((e) => (e.type === "diceRolled" ? [{ dice: e.dice, thrown: e.indexes }] : []));
}

/** Does this entry hold an event of `mark` (for the timeline's badges)? */
export function marksOf(entry: EntryLike): Mark[] {
  return MARKS.filter((m) => entry.events.some((e) => e.type === m));
}

/** The log as pretty JSON: exactly `{ setup, entries: [{ command }] }`, which `bang replay FILE` reads. */
export function exportLog(log: GameLog): string {
  return `${JSON.stringify({ setup: log.setup, entries: log.entries.map((e) => (e.dice ? { command: e.command, dice: e.dice } : { command: e.command })) }, null, 2)}\n`;
}

/** "12:04:31" (UTC) of an ISO time, or "" without one. */
export function clock(at: string | null): string {
  return at ? new Date(at).toISOString().slice(11, 19) : "";
}
