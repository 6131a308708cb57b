import type { CngPlayer, CngState, PlayerId } from "../types.js";

/** The seat of `id`, or undefined. */
export function playerOf(s: CngState, id: PlayerId): CngPlayer | undefined {
  return s.players.find((p) => p.id === id);
}

/** F3.1: the living players, in seat order. */
export function living(s: CngState): CngPlayer[] {
  return s.players.filter((p) => p.alive);
}

/**
 * F2.1: the seats clockwise starting at `from`'s seat (included first), once round the table. Throws
 * when `from` has no seat (a caller's bug).
 */
export function clockwiseFrom(s: CngState, from: PlayerId): CngPlayer[] {
  const start = s.players.findIndex((p) => p.id === from);
  if (start < 0) throw new Error(`clockwiseFrom: no seat "${from}"`);
  return s.players.map((_, k) => s.players[(start + k) % s.players.length]!);
}
