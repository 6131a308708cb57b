import type { GameState, Role, Winner } from "../types.js";

/**
 * E9.1 to E9.4: the winner once the game is over, else null. Sheriff eliminated: a renegade who is the
 * only player left wins alone, otherwise the outlaws win (alive or not). Sheriff alive and every outlaw
 * and renegade eliminated: the law (sheriff and deputies, alive or not) wins.
 */
export function winnerOf(players: readonly { id: string; role: Role; alive: boolean }[]): Winner | null {
  const sheriff = players.find((p) => p.role === "sheriff");
  const alive = players.filter((p) => p.alive);
  const ids = (roles: Role[]) => players.filter((p) => roles.includes(p.role)).map((p) => p.id);
  if (!sheriff || !sheriff.alive) {
    if (alive.length === 1 && alive[0]!.role === "renegade") return { team: "renegade", players: [alive[0]!.id] };
    return { team: "outlaws", players: ids(["outlaw"]) };
  }
  if (alive.every((p) => p.role === "sheriff" || p.role === "deputy")) return { team: "law", players: ids(["sheriff", "deputy"]) };
  return null;
}

/** E9: settles the end of the game after an elimination: sets the winner and says whether the game is over. */
export function checkEnd(s: GameState): boolean {
  const winner = winnerOf(s.players);
  if (winner) s.winner = winner;
  return winner !== null;
}
