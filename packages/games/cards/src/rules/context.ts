import type { RandomSource } from "@bang/game-core";
import type { GameEvent, GameState, PlayerId, PlayerState } from "../types.js";

/**
 * What every rule function works on while one command is applied: a draft of the state (a fresh copy
 * the reducer owns, mutated in place), the random source of this command, and the events so far.
 */
export interface Ctx {
  s: GameState;
  random: RandomSource;
  events: GameEvent[];
}

/** The seat of player `id`. Throws RangeError for an unknown id (ids are checked at the edge). */
export function seat(s: GameState, id: PlayerId): PlayerState {
  const p = s.players.find((x) => x.id === id);
  if (!p) throw new RangeError(`no player ${JSON.stringify(id)}`);
  return p;
}

/** The active player (E3). */
export const active = (s: GameState): PlayerState => s.players[s.turn]!;

/** E8.4: players still in the game, in seat order. */
export const alivePlayers = (s: GameState): PlayerState[] => s.players.filter((p) => p.alive);

/**
 * E1.5: the players still in the game clockwise, starting with the one after `from` (E5.10, E5.11) or
 * with `from` itself when `includeFrom` (E5.6).
 */
export function clockwiseFrom(s: { players: readonly { id: PlayerId; alive: boolean }[] }, from: PlayerId, includeFrom: boolean): PlayerId[] {
  const n = s.players.length;
  const start = s.players.findIndex((p) => p.id === from);
  const out: PlayerId[] = [];
  for (let k = includeFrom ? 0 : 1; k < n; k++) {
    const p = s.players[(start + k) % n]!;
    if (p.alive) out.push(p.id);
  }
  return out;
}
