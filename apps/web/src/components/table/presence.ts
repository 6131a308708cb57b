/**
 * What the shell's presence (games/ui.ts `Presence`) says of one seat, as plain functions: away and
 * played by the bot (or given to the bot by an admin), disconnected, and the running timer. Bot seats
 * are in none of the presence lists, so a seat counts as a person's once it showed up in one of them
 * (or when the game lists its people).
 */
import type { Presence } from "../../games/ui";

/** What a seat shows beyond the game: `away` (the bot plays it), `replaced` (given to the bot for good), `offline`, or nothing. */
export type SeatStatus = "away" | "replaced" | "offline" | null;

/** A seat's running timer: when it ends (this browser's Date.now() ms) and the timer's full length (ms). */
export interface SeatTimer {
  endsAt: number;
  totalMs: number;
}

/** Has the server sent any presence yet? (Before it does, nobody is marked disconnected.) */
export function hasPresence(p: Presence): boolean {
  return p.turnMs > 0 || p.connected.length + p.away.length + p.replaced.length + p.timers.length > 0;
}

/** The persons presence names (connected, away, replaced or timed), added to `known`; `known` itself when nothing is new. */
export function peopleSeen(known: readonly string[], p: Presence): readonly string[] {
  const add = [...p.connected, ...p.away, ...p.replaced, ...p.timers.map((t) => t.playerId)].filter((id, i, all) => !known.includes(id) && all.indexOf(id) === i);
  return add.length === 0 ? known : [...known, ...add];
}

/**
 * The status of seat `id`: `replaced` before `away` (an admin's hand-over is final), then `offline` for a
 * person not connected once presence arrived. `people` are the seats known to be persons.
 */
export function seatStatus(p: Presence, id: string, people: readonly string[]): SeatStatus {
  if (p.replaced.includes(id)) return "replaced";
  if (p.away.includes(id)) return "away";
  if (hasPresence(p) && people.includes(id) && !p.connected.includes(id)) return "offline";
  return null;
}

/** The running timer of seat `id`, or null; `totalMs` is the turn time (0 when unknown: then only the seconds show). */
export function seatTimer(p: Presence, id: string): SeatTimer | null {
  const t = p.timers.find((x) => x.playerId === id);
  return t ? { endsAt: t.endsAt, totalMs: p.turnMs } : null;
}

/** Whole seconds left at `now` (ms), never below 0: 0.2 s left shows as 1 until it runs out. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The part of the timer still to run at `now`, 0..1 (1 = full); 0 without a known length. */
export function fractionLeft(timer: SeatTimer, now: number): number {
  if (timer.totalMs <= 0) return 0;
  return Math.min(1, Math.max(0, (timer.endsAt - now) / timer.totalMs));
}
