import type { CngPlayer, CngState, PlayerId } from "../types.js";
import { clockwiseFrom } from "./seats.js";

/** F5.1: a share goes to living players who chose `stand` and were not wounded this round. */
export function eligible(p: CngPlayer): boolean {
  return p.alive && p.courage === "stand" && !p.woundedNow;
}

/** F5.1: the eligible players' ids, in seat order. */
export function eligiblePlayers(s: CngState): PlayerId[] {
  return s.players.filter(eligible).map((p) => p.id);
}

/**
 * F5.2, F10.10: the first share: the Godfather if eligible, else the nearest eligible player clockwise
 * from the Godfather's seat (a dead Godfather's seat too). Null when nobody is eligible (F10.11).
 */
export function firstShare(s: CngState): PlayerId | null {
  return clockwiseFrom(s, s.godfather).find(eligible)?.id ?? null;
}

/** F5.2: the share after `current`'s: the next eligible player clockwise (possibly `current` again). */
export function nextShare(s: CngState, current: PlayerId): PlayerId | null {
  const round = clockwiseFrom(s, current);
  return [...round.slice(1), round[0]!].find(eligible)?.id ?? null;
}
