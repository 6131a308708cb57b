"use client";
import { fetchHistory, type HistoryFilter } from "@bang/client";
import Link from "next/link";
import { useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { GameSelect } from "@/components/GameSelect";
import { ProblemBox } from "@/components/ProblemBox";
import { useAllGameUis } from "@/components/game/ui";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { winnerText } from "@/lib/history";

/**
 * Stored games with filters: status, dates (UTC days), game, winner team (the chosen game's teams are
 * offered when its UI knows them; any team can be typed), player.
 */
export default function HistoryPage() {
  const ctx = useAdmin();
  const uiOf = useAllGameUis();
  const [filter, setFilter] = useState<HistoryFilter>({ status: "finished" });
  const [page, setPage] = useState(0);
  const { data, problem } = usePolled(() => ctx.call((url, token) => fetchHistory(url, token, { ...filter, limit: 50, offset: page * 50 })), [filter, page, ctx.admin]);
  const set = (k: keyof HistoryFilter, v: string) => {
    setPage(0);
    setFilter((f) => ({ ...f, [k]: v || undefined }));
  };
  return (
    <AdminShell ctx={ctx}>
      <h1>History</h1>
      <div className="filters row">
        <select value={filter.status ?? "finished"} onChange={(e) => set("status", e.target.value)}>
          <option value="finished">finished</option>
          <option value="abandoned">abandoned</option>
          <option value="running">running</option>
        </select>
        <label>
          from <input type="date" value={filter.from ?? ""} onChange={(e) => set("from", e.target.value)} />
        </label>
        <label>
          to <input type="date" value={filter.to ?? ""} onChange={(e) => set("to", e.target.value)} />
        </label>
        <GameSelect value={filter.game ?? ""} onChange={(g) => set("game", g)} anyLabel="every game" />
        <input placeholder="winner team" list="winner-teams" value={filter.winner ?? ""} onChange={(e) => set("winner", e.target.value)} data-testid="filter-winner" />
        <datalist id="winner-teams">
          {(uiOf(filter.game).teams ?? []).map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <input placeholder="player" value={filter.player ?? ""} onChange={(e) => set("player", e.target.value)} data-testid="filter-player" />
      </div>
      {problem != null && <ProblemBox error={problem} />}
      {data && (
        <>
          <p data-testid="history-total">{data.total} games</p>
          <div className="scroll">
            <table className="grid" data-testid="history">
              <thead>
                <tr>
                  <th>Game</th>
                  <th>Created</th>
                  <th>Players</th>
                  <th>Winner</th>
                  <th>Commands</th>
                </tr>
              </thead>
              <tbody>
                {data.games.map((g) => (
                  <tr key={g.id} data-testid="history-game" data-game={g.id}>
                    <td>
                      <Link href={`/admin/games/${g.id}`}>{g.id.slice(0, 8)}</Link> <small>{g.game}</small>
                    </td>
                    <td>{g.createdAt.slice(0, 16).replace("T", " ")}</td>
                    <td>{g.players.map((p) => p.name).join(", ")}</td>
                    <td data-testid="history-winner" title={g.winner ? `team: ${g.winner.team}` : undefined}>
                      {winnerText(g.winner, uiOf(g.game).teams)}
                    </td>
                    <td>{g.lastSeq}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              ◀ newer
            </button>
            <button type="button" disabled={(page + 1) * 50 >= data.total} onClick={() => setPage(page + 1)}>
              older ▶
            </button>
          </div>
        </>
      )}
    </AdminShell>
  );
}
