import type { GameEvent, GameState, PlayerState, Role, Winner } from "../types.js";

/** R7.2: whom each role must eliminate in the 3-player game. */
export const THREE_PLAYER_TARGET: Readonly<Record<Exclude<Role, "sheriff">, Role>> = {
  deputy: "renegade",
  renegade: "outlaw",
  outlaw: "deputy",
};

const ids = (players: readonly PlayerState[], pick: (p: PlayerState) => boolean) => players.filter(pick).map((p) => p.id);

/**
 * R6.1 to R6.4: the winner of a classic game of 4+ players in this position, or null if it goes on.
 */
export function classicWinner(players: readonly PlayerState[]): Winner | null {
  const sheriff = players.find((p) => p.role === "sheriff");
  const living = players.filter((p) => p.alive);
  if (!sheriff || !sheriff.alive) {
    if (living.length === 1 && living[0]!.role === "renegade") return { team: "renegade", players: [living[0]!.id] };
    return { team: "outlaws", players: ids(players, (p) => p.role === "outlaw") };
  }
  if (living.every((p) => p.role === "sheriff" || p.role === "deputy")) {
    return { team: "law", players: ids(players, (p) => p.role === "sheriff" || p.role === "deputy") };
  }
  return null;
}

/**
 * R7.3 to R7.5: the winner of a 3-player game after a step in which `eliminated` (seat indexes) fell
 * to `by`'s own blow (a `1`/`2` die or the Gatling in their turn; null for Indians and dynamite).
 */
export function threePlayerWinner(players: readonly PlayerState[], eliminated: readonly number[], by: string | null): Winner | null {
  if (by !== null) {
    const killer = players.find((p) => p.id === by);
    if (killer && killer.role !== "sheriff") {
      const target = THREE_PLAYER_TARGET[killer.role];
      if (eliminated.some((i) => players[i]!.role === target)) return { team: killer.role, players: [killer.id] };
    }
  }
  const living = players.filter((p) => p.alive);
  if (living.length === 1) return { team: living[0]!.role as "deputy" | "outlaw" | "renegade", players: [living[0]!.id] };
  if (living.length === 0) return { team: "outlaw", players: ids(players, (p) => p.role === "outlaw") };
  return null;
}

/**
 * R3.10, R4.2: after a step, checks the end of the game; on a winner, the game is over and no step
 * remains. Returns true when the game ended.
 */
export function checkEnd(s: GameState, eliminated: readonly number[], by: string | null, ev: GameEvent[]): boolean {
  if (eliminated.length === 0) return false;
  const winner = s.players.length === 3 ? threePlayerWinner(s.players, eliminated, by) : classicWinner(s.players);
  if (!winner) return false;
  s.winner = winner;
  s.phase = "gameOver";
  s.pending = [];
  s.reaction = null;
  ev.push({ type: "gameOver", winner });
  return true;
}
