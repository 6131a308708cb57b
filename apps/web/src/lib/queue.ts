/**
 * The public queues as the player pages show them (plain functions, no I/O): where the player stands
 * (queued and for how long, a match to confirm before its deadline, the game to go to) and a line per
 * queue. Times are epoch milliseconds, as the server sends them.
 */
import type { QueueInfo, QueueWaits } from "@bang/client";
import type { QueueStatus } from "@bang/protocol";
import { formatAge } from "./format";

/** Whole seconds from `from` to `to`, never negative. */
export const secondsBetween = (from: number, to: number): number => Math.max(0, Math.floor((to - from) / 1000));

/** What the page says about `status` at time `now`. */
export function queueStatusText(status: QueueStatus, now: number): string {
  switch (status.state) {
    case "idle":
      switch (status.reason) {
        case undefined:
        case "started":
          return "Not in a queue.";
        case "left":
          return "You left the queue.";
        case "maxWait":
          return status.message ?? "Nobody was found in time: you are out of the queue.";
        case "readyTimeout":
          return "You did not confirm in time: you are out of the queue.";
        case "declined":
          return "You declined the match: you are out of the queue.";
        case "disconnected":
          return "The connection dropped, which took you out of the queue: join again.";
        case "alreadyPlaying":
          return "You started another game before the match did: one game at a time, so you are out of the queue.";
      }
      return "Not in a queue.";
    case "queued":
      return `Waiting in ${status.queueId} for ${secondsBetween(status.joinedAt, now)} s (rating window ±${status.ratingWindow.toFixed(1)}).`;
    case "matched":
      return `A table was found in ${status.queueId}: confirm within ${secondsBetween(now, status.deadline)} s.`;
    case "playing":
      return "Your game starts…";
  }
}

/**
 * One queue as a line: its game (by `gameName`, the catalog's name; its id when none), seats, when bots
 * fill it, how long one may wait, who waits now.
 */
export function describeQueue(q: QueueInfo, gameName: string = q.game): string {
  const seats = q.minSeats === q.maxSeats ? `${q.minSeats} players` : `${q.minSeats} to ${q.maxSeats} players`;
  const bots = q.botsAfterSeconds === null ? "no bots" : `bots after ${q.botsAfterSeconds} s`;
  const wait = q.maxWaitSeconds === null ? "no wait limit" : `at most ${q.maxWaitSeconds} s of waiting`;
  return `${gameName}, ${seats}, ${bots}, ${wait}; ${q.waiting} waiting`;
}

/** The game to open for `status`, or null. */
export const gameOf = (status: QueueStatus): string | null => (status.state === "playing" ? status.gameId : null);

/** A wait in seconds as "12 s", "3 min"...; "—" when there is none. */
export const formatWait = (seconds: number | null): string => (seconds === null ? "—" : formatAge(Math.round(seconds)));

/** The window of the recent waits as "15 min". */
export const waitWindow = (w: QueueWaits): string => formatAge(w.windowSeconds);

/** A queue's waits as a line: the longest wait now, then the median and p90 of the recent ones. */
export function describeWaits(w: QueueWaits): string {
  const now = w.longestSeconds === null ? "nobody waiting now" : `longest wait now ${formatWait(w.longestSeconds)}`;
  const recent =
    w.matched === 0
      ? `nobody matched in the last ${waitWindow(w)}`
      : `last ${waitWindow(w)}: median wait ${formatWait(w.medianSeconds)}, 90% within ${formatWait(w.p90Seconds)} (${w.matched} player${w.matched === 1 ? "" : "s"})`;
  return `${now}; ${recent}`;
}
