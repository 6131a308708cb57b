"use client";
import Link from "next/link";
import { ProblemBox } from "@/components/ProblemBox";
import { useCatalog } from "@/hooks/useCatalog";

/** The leaderboards: one per game the server hosts (each game's ratings are kept apart). */
export default function LeaderboardsPage() {
  const catalog = useCatalog();
  return (
    <main className="narrow">
      <h1>Leaderboards</h1>
      <p className="muted">Every rated game (public queues, rated tournaments) moves its players' ratings, one leaderboard per game.</p>
      {catalog.problem != null && <ProblemBox error={catalog.problem} onRetry={catalog.reload} />}
      <ul className="listing" data-testid="leaderboards">
        {catalog.games?.map((g) => (
          <li key={g.id} className="card">
            <Link href={`/leaderboard/${encodeURIComponent(g.id)}`} data-testid="leaderboard-link" data-game={g.id}>
              {g.name}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
