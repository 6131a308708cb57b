"use client";
import { fetchLeaderboard } from "@bang/client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { use, useEffect, useState } from "react";
import { GameSelect } from "@/components/GameSelect";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { usePolled } from "@/hooks/useAdmin";
import { useCatalog } from "@/hooks/useCatalog";
import { ordinalText } from "@/lib/player";
import { loadGuest } from "@/lib/storage";
import { pathParam } from "@/lib/path-param";

/** Players shown (the API gives at most 500). */
const TOP = 100;

/**
 * One game's leaderboard (GET /api/ratings?game=): rank, player (a link to their page), rating (the
 * ordinal, mu - 3 sigma), mu and sigma, rated games. Another game is one choice away.
 */
export default function LeaderboardPage({ params }: { params: Promise<{ game: string }> }) {
  const { game: raw } = use(params);
  const game = pathParam(raw);
  const url = useServerUrl();
  const router = useRouter();
  const catalog = useCatalog();
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => setMe(loadGuest(window.localStorage)?.player.id ?? null), []);
  const board = usePolled(() => fetchLeaderboard(url, game, TOP), [url, game], 10_000);
  const name = catalog.games?.find((g) => g.id === game)?.name ?? game;
  return (
    <main className="narrow">
      <h1>Leaderboard: {name}</h1>
      <div className="row filters">
        <label>
          Game <GameSelect value={game} onChange={(g) => g && router.push(`/leaderboard/${encodeURIComponent(g)}`)} testId="leaderboard-game" />
        </label>
      </div>
      {board.problem != null && <ProblemBox error={board.problem} onRetry={board.reload} />}
      {board.data && board.data.length === 0 && <p className="card">No rated game of {name} yet: ratings come from public queues and rated tournaments.</p>}
      {board.data && board.data.length > 0 && (
        <div className="scroll">
          <table className="grid" data-testid="leaderboard">
            <thead>
              <tr>
                <th>#</th>
                <th>Player</th>
                <th>Rating</th>
                <th>μ</th>
                <th>σ</th>
                <th>Games</th>
              </tr>
            </thead>
            <tbody>
              {board.data.map((r, i) => (
                <tr key={r.playerId} data-testid="leader" data-player={r.playerId} className={r.playerId === me ? "me" : ""}>
                  <td>{i + 1}</td>
                  <td>
                    <Link href={`/players/${encodeURIComponent(r.playerId)}`}>{r.name ?? r.playerId}</Link>
                  </td>
                  <td>{ordinalText(r.ordinal)}</td>
                  <td>{r.mu.toFixed(1)}</td>
                  <td>{r.sigma.toFixed(1)}</td>
                  <td>{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
