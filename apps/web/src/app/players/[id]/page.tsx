"use client";
import { fetchPlayer, fetchPlayerGames, type PlayerGame } from "@bang/client";
import Link from "next/link";
import { use, useEffect, useState } from "react";
import { GameSelect } from "@/components/GameSelect";
import { PlayerNames } from "@/components/PlayerNames";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { usePolled } from "@/hooks/useAdmin";
import { useCatalog } from "@/hooks/useCatalog";
import { gamePage } from "@/lib/lookup";
import { ordinalText, outcomeLabel } from "@/lib/player";
import { loadGuest } from "@/lib/storage";
import { pathParam } from "@/lib/path-param";

/** Games shown per page (more on demand). */
const PAGE = 20;
type Status = "" | PlayerGame["status"];

/**
 * A player's page: their name, their ratings per game (each a link to its leaderboard), and their games
 * newest first (running and over, of one game or all) with how each went for them, each with a way in:
 * your seat or watching while it runs, the replay once over (in your own view when it is you).
 */
export default function PlayerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = use(params);
  const id = pathParam(raw);
  const url = useServerUrl();
  const catalog = useCatalog();
  const [me, setMe] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("");
  const [game, setGame] = useState("");
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setMe(loadGuest(window.localStorage)?.player.id ?? null), []);
  const profile = usePolled(() => fetchPlayer(url, id), [url, id]);
  const games = usePolled(() => fetchPlayerGames(url, id, { status: status || undefined, game: game || undefined, limit }), [url, id, status, game, limit], 5_000);
  const nameOf = (g: string) => catalog.games?.find((c) => c.id === g)?.name ?? g;
  const isMe = me === id;

  if (profile.problem != null) {
    return (
      <main className="narrow">
        <ProblemBox error={profile.problem} onRetry={profile.reload} />
      </main>
    );
  }
  const p = profile.data;
  return (
    <main className="narrow">
      <h1 data-testid="player-name">
        {p?.name ?? "…"} {isMe && <span className="badge">you</span>}
      </h1>
      {p && (
        <p className="muted">
          Playing since {new Date(p.since).toLocaleDateString()} · {p.games.finished} finished, {p.games.running} running
        </p>
      )}
      <section className="card">
        <h2>Ratings</h2>
        {p && p.ratings.length === 0 && <p className="muted">No rated game yet: games from public queues and rated tournaments count.</p>}
        {p && p.ratings.length > 0 && (
          <table className="grid" data-testid="ratings">
            <thead>
              <tr>
                <th>Game</th>
                <th>Rating</th>
                <th>μ ± σ</th>
                <th>Rated games</th>
              </tr>
            </thead>
            <tbody>
              {p.ratings.map((r) => (
                <tr key={r.game} data-testid="rating" data-game={r.game}>
                  <td>
                    <Link href={`/leaderboard/${encodeURIComponent(r.game)}`}>{nameOf(r.game)}</Link>
                  </td>
                  <td>{ordinalText(r.ordinal)}</td>
                  <td>
                    {r.mu.toFixed(1)} ± {r.sigma.toFixed(1)}
                  </td>
                  <td>{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h2>Games</h2>
        <div className="row filters">
          <select value={status} onChange={(e) => setStatus(e.target.value as Status)} data-testid="filter-status" aria-label="status">
            <option value="">all games</option>
            <option value="running">running</option>
            <option value="finished">finished</option>
            <option value="abandoned">ended by an admin</option>
          </select>
          <GameSelect value={game} onChange={setGame} anyLabel="every game" />
        </div>
        {games.problem != null && <ProblemBox error={games.problem} onRetry={games.reload} />}
        {games.data && games.data.games.length === 0 && <p className="muted">No game here yet.</p>}
        <ul className="listing" data-testid="player-games">
          {games.data?.games.map((g) => (
            <li key={g.id} className={`card outcome-${g.outcome}`} data-testid="player-game" data-game-id={g.id} data-outcome={g.outcome}>
              <div className="listing-head">
                <b>{nameOf(g.game)}</b>
                <span className={`badge outcome-${g.outcome}`}>{outcomeLabel(g.outcome, g.winner?.team ?? null)}</span>
              </div>
              <small className="muted">{new Date(g.createdAt).toLocaleString()}</small>
              <PlayerNames seats={g.players} me={me} />
              <Link className="button secondary" href={gamePage(g.id, g.status === "running", isMe)} data-testid="open-game">
                {g.status === "running" ? (isMe ? "Back to the table" : "Watch") : "Replay"}
              </Link>
            </li>
          ))}
        </ul>
        {games.data && games.data.total > games.data.games.length && (
          <button type="button" className="secondary" onClick={() => setLimit((n) => n + PAGE)}>
            Show more
          </button>
        )}
      </section>
    </main>
  );
}
