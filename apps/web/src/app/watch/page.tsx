"use client";
import { fetchWatchableGames } from "@bang/client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { GameSelect } from "@/components/GameSelect";
import { PlayerNames } from "@/components/PlayerNames";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { WatchBox } from "@/components/WatchBox";
import { usePolled } from "@/hooks/useAdmin";
import { formatAge } from "@/lib/format";
import { loadGuest } from "@/lib/storage";

/** Games shown per page (more on demand). */
const PAGE = 24;

/**
 * The running games anyone may watch, of every game or one (GET /api/games/live, every 3 s): the game,
 * its players (each a link to their page), how long it has run, and a link to watch it; and the watch
 * box (a game id or a table code).
 */
export default function WatchListPage() {
  const url = useServerUrl();
  const [game, setGame] = useState("");
  const [limit, setLimit] = useState(PAGE);
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => setMe(loadGuest(window.localStorage)?.player.id ?? null), []);
  const live = usePolled(() => fetchWatchableGames(url, { game: game || undefined, limit }), [url, game, limit], 3_000);
  const games = live.data?.games ?? [];
  return (
    <main>
      <h1>Games to watch</h1>
      <div className="row filters">
        <label>
          Game <GameSelect value={game} onChange={setGame} anyLabel="every game" />
        </label>
        {live.data && <span className="muted" data-testid="live-total">{live.data.total === 1 ? "1 game running" : `${live.data.total} games running`}</span>}
      </div>
      {live.problem != null && <ProblemBox error={live.problem} onRetry={live.reload} />}
      {live.data && games.length === 0 && <p className="card">No game is running right now. <Link href="/play">Start one</Link>.</p>}
      <ul className="listing" data-testid="live-games">
        {games.map((g) => (
          <li key={g.id} className="card" data-testid="live-listing" data-game-id={g.id} data-game={g.game}>
            <div className="listing-head">
              <b>{g.name}</b>
              <span className="muted">running for {formatAge(g.ageSeconds)}</span>
            </div>
            <PlayerNames seats={g.players} me={me} />
            <div className="row">
              {g.spectatorsAllowed ? (
                <Link className="button" href={`/watch/${encodeURIComponent(g.id)}`} data-testid="watch-link">
                  Watch
                </Link>
              ) : (
                <span className="muted">No spectators</span>
              )}
              <code className="muted">{g.id.slice(0, 8)}</code>
            </div>
          </li>
        ))}
      </ul>
      {live.data && live.data.total > games.length && (
        <button type="button" className="secondary" onClick={() => setLimit((n) => n + PAGE)}>
          Show more
        </button>
      )}
      <div className="narrow-block">
        <WatchBox me={me} />
      </div>
    </main>
  );
}
