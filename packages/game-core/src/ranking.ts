import type { PlayerId, Side } from "./types.js";

/** Where a seat belongs in a ranking: a team it shares with others, or a side of its own under `team`. */
export interface SeatSide {
  team: string;
  /** A side of its own (a player alone, whatever the team is called): never merged with another seat's, whatever the ids. */
  alone?: boolean;
}

/**
 * The ranking of a game whose rules name winners and no order among the losers: the seats grouped into
 * sides by `sideOf`, a side with a winner (`winners`) at place 1 and every other at place 2 (sides
 * sharing a place are tied), the winners first; seats keep their order within a side.
 */
export function rankSides<P extends { id: PlayerId }>(players: readonly P[], sideOf: (p: P) => SeatSide, winners: readonly PlayerId[]): Side[] {
  const won = new Set(winners);
  const sides = new Map<string, Side>();
  for (const p of players) {
    const seat = sideOf(p);
    // Two key spaces: a player whose id happens to be a team's name stays on their own.
    const key = seat.alone ? `seat\u0000${p.id}` : `team\u0000${seat.team}`;
    const side = sides.get(key) ?? { team: seat.team, players: [], place: 2 };
    side.players.push(p.id);
    if (won.has(p.id)) side.place = 1;
    sides.set(key, side);
  }
  return [...sides.values()].sort((a, b) => a.place - b.place);
}
