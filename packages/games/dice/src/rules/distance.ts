import type { Character, Face, PlayerState } from "../types.js";

/** The fields distance and targeting need; both GameState players and view players have them. */
export interface Seat {
  readonly id: string;
  readonly alive: boolean;
}

/**
 * R3.4: the fewest seats between two living players, either way round, counting only living players.
 * Returns Infinity when either player is eliminated or unknown.
 */
export function distance(players: readonly Seat[], from: string, to: string): number {
  let a = -1;
  let b = -1;
  let living = 0;
  for (const p of players) {
    if (!p.alive) continue;
    if (p.id === from) a = living;
    if (p.id === to) b = living;
    living++;
  }
  if (a < 0 || b < 0) return Infinity;
  const d = Math.abs(a - b);
  return Math.min(d, living - d);
}

/**
 * The distances a shot die may reach (R3.3, R3.5, C3, C11): `1` hits at 1 and `2` at 2; with 3 or fewer
 * players alive a `2` counts as a `1`; Calamity Janet uses either face as the other; Rose Doolan adds
 * one more step of reach. Returns an empty list for a face that is not a shot.
 */
export function shotReach(face: Face, shooter: Character, livingCount: number): number[] {
  if (face !== "1" && face !== "2") return [];
  const faces: ("1" | "2")[] = shooter === "calamity_janet" ? ["1", "2"] : [face];
  const reach = new Set<number>();
  for (const f of faces) {
    const base = f === "2" && livingCount > 3 ? 2 : 1;
    reach.add(base);
    if (shooter === "rose_doolan") reach.add(base + 1);
  }
  return [...reach];
}

/**
 * Players a shot die of `face`, rolled by `shooter`, may target (R3.3 to R3.5, C3, C11): living players
 * other than the shooter at a reachable distance, in seat order.
 */
export function shotTargets(players: readonly (Seat & { character: Character })[], shooterId: string, face: Face): string[] {
  const shooter = players.find((p) => p.id === shooterId);
  if (!shooter) return [];
  const living = players.reduce((n, p) => n + (p.alive ? 1 : 0), 0);
  const reach = shotReach(face, shooter.character, living);
  if (reach.length === 0) return [];
  const out: string[] = [];
  for (const p of players) {
    if (!p.alive || p.id === shooterId) continue;
    if (reach.includes(distance(players, shooterId, p.id))) out.push(p.id);
  }
  return out;
}

/** Living players in seat order (beer and heal targets, R3.7, C12). */
export function livingIds(players: readonly Seat[]): string[] {
  return players.filter((p) => p.alive).map((p) => p.id);
}

export type { PlayerState };
