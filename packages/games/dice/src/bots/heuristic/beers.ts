import type { Table } from "./knowledge.js";

/** Life level below which a point of life is worth more (urgency = weight x (URGENCY - life)). */
const URGENCY = 14;
/** Beer dice worth keeping for one player, at most (R3.7: a beer gives 1 life). */
const MAX_BEERS_FOR_ONE = 3;

/** A beer's (or Sid Ketchum's heal's) target seat, and whether it heals anyone the bot cares for. */
export interface BeerChoice {
  seat: number;
  useful: boolean;
}

/**
 * R3.7, C12: whom one more life point helps most: the player the bot cares for (itself first, the
 * sheriff for a deputy, see Table.care) who is hurt and the most endangered, counting the life already
 * planned (`heal`, added to) and the hits of this resolve (`damage`). When nobody it cares for is hurt,
 * the bot itself (at its maximum the beer does nothing, R3.7) rather than a known enemy.
 * Updates `heal` with the chosen life point.
 */
export function chooseBeer(t: Table, heal: number[], damage: readonly number[] | null): BeerChoice {
  let seat = t.meIndex;
  let bestScore = 0;
  for (let i = 0; i < t.players.length; i++) {
    const weight = t.care[i]!;
    if (weight <= 0) continue;
    const p = t.players[i]!;
    if (!p.alive) continue;
    const life = p.life - (damage ? damage[i]! : 0) + heal[i]!;
    if (life <= 0 || life >= p.maxLife) continue;
    const score = weight * (URGENCY - life);
    if (score > bestScore) {
      bestScore = score;
      seat = i;
    }
  }
  heal[seat]!++;
  return { seat, useful: bestScore > 0 };
}

/** How many beer dice are worth keeping now (R3.7): the life missing from the players the bot cares for. */
export function beersWanted(t: Table): number {
  let need = 0;
  for (let i = 0; i < t.players.length; i++) {
    const p = t.players[i]!;
    if (t.care[i]! > 0 && p.alive) need += Math.min(MAX_BEERS_FOR_ONE, p.maxLife - p.life);
  }
  return need;
}
