"use client";
import { fetchLiveGames } from "@bang/client";
import Link from "next/link";
import { useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { GameSelect } from "@/components/GameSelect";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { formatAge, missingNodesNotice } from "@/lib/format";

/**
 * Running games of every game: the game, players (with the status line their game gives each seat),
 * node, turn, who the game waits for, age; filter by game, search by player; refreshed every 2 s.
 */
export default function LiveGamesPage() {
  const ctx = useAdmin();
  const [player, setPlayer] = useState("");
  const [game, setGame] = useState("");
  const { data: live, problem } = usePolled(() => ctx.call((url, token) => fetchLiveGames(url, token, { player: player.trim(), game })), [player, game, ctx.admin], 2_000);
  const data = live?.games;
  const notice = live ? missingNodesNotice(live.missingNodes) : null;
  return (
    <AdminShell ctx={ctx}>
      <h1>Live games</h1>
      <div className="filters row">
        <input data-testid="search-player" placeholder="Search by player" value={player} onChange={(e) => setPlayer(e.target.value)} />
        <GameSelect value={game} onChange={setGame} anyLabel="Every game" />
      </div>
      {problem != null && <ProblemBox error={problem} />}
      {notice && (
        <p className="warning" role="status" data-testid="missing-nodes">
          {notice}
        </p>
      )}
      {data && data.length === 0 && <p data-testid="no-games">No running game{player ? ` with a player matching “${player}”` : ""}.</p>}
      {data && data.length > 0 && (
        <div className="scroll">
          <table className="grid" data-testid="live-games">
            <thead>
              <tr>
                <th>Id</th>
                <th>Game</th>
                <th>Players</th>
                <th>Node</th>
                <th>Turn</th>
                <th>Age</th>
              </tr>
            </thead>
            <tbody>
              {data.map((g) => (
                <tr key={g.id} data-testid="live-game" data-game={g.id}>
                  <td>
                    <Link href={`/admin/games/${g.id}`}>{g.id.slice(0, 8)}</Link>
                    {g.tableCode && <small> · {g.tableCode}</small>}
                  </td>
                  <td>{g.game}</td>
                  <td>
                    {g.players.map((p) => (
                      <span key={p.id} className={`chip${p.out ? " dead" : ""}`} title={p.status}>
                        {p.name}
                        {p.bot ? " (bot)" : p.replaced ? " (replaced by the bot)" : ""} · {p.status}
                      </span>
                    ))}
                  </td>
                  <td>{g.node}</td>
                  <td>
                    {g.turnNumber} · {g.phase} · waiting for {g.waitingFor.join(", ") || "nobody"}
                  </td>
                  <td>{formatAge(g.ageSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
