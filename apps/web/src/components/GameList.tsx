"use client";
import { useCatalog } from "@/hooks/useCatalog";
import { seatsText } from "@/lib/lobby";

/** The games the server hosts, by name with their number of players (nothing while the list loads or if it cannot). */
export function GameList() {
  const { games } = useCatalog();
  if (!games || games.length === 0) return null;
  return (
    <ul className="game-list" data-testid="game-list">
      {games.map((g) => (
        <li key={g.id} data-game={g.id}>
          <b>{g.name}</b> · {seatsText(g)} players
        </li>
      ))}
    </ul>
  );
}
