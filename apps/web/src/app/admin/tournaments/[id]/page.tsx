"use client";
import { fetchTournament } from "@bang/client";
import Link from "next/link";
import { use } from "react";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";

/** One tournament, live (GET /api/tournaments/:id every 3 s): the standings, and every table by round with a link to its game. */
export default function AdminTournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const ctx = useAdmin();
  const t = usePolled(() => fetchTournament(ctx.url, id), [ctx.url, id], 3_000);
  const name = (playerId: string) => t.data?.players.find((p) => p.playerId === playerId)?.name ?? playerId;
  return (
    <AdminShell ctx={ctx}>
      <p>
        <Link href="/admin/tournaments">← Tournaments</Link>
      </p>
      {t.problem != null && <ProblemBox error={t.problem} />}
      {t.data && (
        <>
          <h1>{t.data.name}</h1>
          <p data-testid="tournament-status">
            {t.data.mode} · {t.data.format} · {t.data.status} · round {t.data.currentRound}/{t.data.rounds} · {t.data.players.length} players
          </p>
          <h2>Standings</h2>
          <table className="grid" data-testid="standings">
            <thead>
              <tr>
                <th>#</th>
                <th>Player</th>
                <th>Points</th>
                <th>Final</th>
                <th>Wins</th>
                <th>Games</th>
                <th>Seed</th>
              </tr>
            </thead>
            <tbody>
              {t.data.standings.map((s) => (
                <tr key={s.playerId} data-testid="standing">
                  <td>{s.place}</td>
                  <td>{s.name}</td>
                  <td>{s.points}</td>
                  <td>{s.finalPoints ?? "—"}</td>
                  <td>{s.wins}</td>
                  <td>{s.games}</td>
                  <td>{s.seed ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Tables</h2>
          {t.data.tables.length === 0 && <p>No table yet: the first round starts when the organiser starts the tournament.</p>}
          <table className="grid" data-testid="tournament-tables">
            <tbody>
              {t.data.tables.map((table) => (
                <tr key={table.gameId} data-testid="tournament-table">
                  <td>{table.final ? "final" : `round ${table.round}`}</td>
                  <td>table {table.tableNo}</td>
                  <td>{table.seats.map(name).join(", ")}</td>
                  <td>{table.result ? `${table.result.team} win` : "playing"}</td>
                  <td>
                    <Link href={`/admin/games/${table.gameId}`}>game</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </AdminShell>
  );
}
