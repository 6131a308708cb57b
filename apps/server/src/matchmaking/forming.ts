import type { QueueDefinition } from "./queues.js";
import type { QueueEntry } from "./store.js";

/** A table the matchmaker proposes: its players (oldest first) and how many bot seats fill it. */
export interface Proposal {
  players: QueueEntry[];
  bots: number;
}

type Rules = Pick<QueueDefinition, "minSeats" | "maxSeats" | "ratingWindow" | "widenPerSecond" | "botsAfterSeconds">;

/** How far (in rating ordinal) the matchmaker looks around a player who has waited `waitedMs`. */
export function ratingWindow(rules: Pick<QueueDefinition, "ratingWindow" | "widenPerSecond">, waitedMs: number): number {
  return rules.ratingWindow + rules.widenPerSecond * Math.max(0, waitedMs) / 1000;
}

/**
 * Forms tables from a queue's entries at time `now` (epoch ms). The player who has waited longest
 * anchors a table: it takes the players nearest to the anchor's rating, within the anchor's window
 * (which widens with the anchor's wait), up to maxSeats. A table of at least minSeats is proposed; a
 * smaller one only once the anchor has waited botsAfterSeconds (when the queue allows bots), the
 * missing seats then going to bots. Every entry is in at most one proposal. Pure; O(n log n).
 */
export function formTables(entries: readonly QueueEntry[], rules: Rules, now: number): Proposal[] {
  const n = entries.length;
  if (n === 0) return [];
  // Entries by rating, as a doubly linked list so that taken ones are unlinked in O(1).
  const byRating = [...entries.keys()].sort((a, b) => entries[a]!.rating - entries[b]!.rating || entries[a]!.joinedAt - entries[b]!.joinedAt);
  const position = new Int32Array(n);
  byRating.forEach((e, i) => (position[e] = i));
  const prev = new Int32Array(n);
  const next = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    prev[i] = i - 1;
    next[i] = i + 1 < n ? i + 1 : -1;
  }
  const taken = new Uint8Array(n);
  const unlink = (i: number): void => {
    taken[i] = 1;
    if (prev[i]! >= 0) next[prev[i]!] = next[i]!;
    if (next[i]! >= 0) prev[next[i]!] = prev[i]!;
  };
  const oldestFirst = [...entries.keys()].sort((a, b) => entries[a]!.joinedAt - entries[b]!.joinedAt || entries[a]!.rating - entries[b]!.rating);
  const proposals: Proposal[] = [];
  for (const anchor of oldestFirst) {
    const at = position[anchor]!;
    if (taken[at]) continue;
    const a = entries[anchor]!;
    const waited = now - a.joinedAt;
    const window = ratingWindow(rules, waited);
    const picked = [at];
    let left = prev[at]!;
    let right = next[at]!;
    while (picked.length < rules.maxSeats) {
      const dl = left >= 0 ? a.rating - entries[byRating[left]!]!.rating : Infinity;
      const dr = right >= 0 ? entries[byRating[right]!]!.rating - a.rating : Infinity;
      if (Math.min(dl, dr) > window) break;
      if (dl <= dr) {
        picked.push(left);
        left = prev[left]!;
      } else {
        picked.push(right);
        right = next[right]!;
      }
    }
    let bots = 0;
    if (picked.length < rules.minSeats) {
      if (rules.botsAfterSeconds === null || waited < rules.botsAfterSeconds * 1000) continue;
      bots = rules.minSeats - picked.length;
    }
    for (const i of picked) unlink(i);
    const players = picked.map((i) => entries[byRating[i]!]!).sort((x, y) => x.joinedAt - y.joinedAt);
    proposals.push({ players, bots });
  }
  return proposals;
}
