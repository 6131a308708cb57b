"use client";
import { fetchBracket, fetchTournament } from "@bang/client";
import Link from "next/link";
import { use, useCallback } from "react";
import { AdminShell } from "@/components/AdminShell";
import { BracketView } from "@/components/BracketView";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { noBracketText } from "@/lib/bracket";
import { codeOf } from "@/lib/errors";

/**
 * One tournament, live (GET /api/tournaments/:id every 3 s): the standings, a duel tournament's bracket
 * (drawn by brackets-viewer, a click on a match opens its game), and every table by round with a link
 * to its game.
 */
export default function AdminTournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const ctx = useAdmin();
  const t = usePolled(() => fetchTournament(ctx.url, id), [ctx.url, id], 3_000);
  const duel = t.data?.mode === "duel" && t.data.status !== "created" && t.data.status !== "registration";
  // NO_BRACKET (not started yet) is no problem: the page says so.
  const bracket = usePolled(() => (duel ? fetchBracket(ctx.url, id).catch((e: unknown) => (codeOf(e) === "NO_BRACKET" ? null : Promise.reject(e))) : Promise.resolve(null)), [ctx.url, id, duel], 3_000);
  const players = t.data?.players;
  const nameOf = useCallback((playerId: string) => players?.find((p) => p.playerId === playerId)?.name, [players]);
  const name = (playerId: string) => nameOf(playerId) ?? playerId;
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
            {t.data.mode} · {t.data.format} · {t.data.status}
            {/* Rounds count only in the table format (then the final table); a bracket shows its own. */}
            {t.data.format === "table" && (t.data.currentRound > t.data.rounds ? " · final table" : ` · round ${t.data.currentRound}/${t.data.rounds}`)} · {t.data.players.length} players
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
          {t.data.mode === "duel" && <h2>Bracket</h2>}
          {t.data.mode === "duel" && bracket.problem != null && <ProblemBox error={bracket.problem} />}
          {t.data.mode === "duel" && bracket.data && <BracketView bracket={bracket.data} nameOf={nameOf} />}
          {t.data.mode === "duel" && !bracket.data && bracket.problem == null && (
            <p data-testid="no-bracket">{duel ? "Loading the bracket…" : noBracketText(t.data)}</p>
          )}
          {t.data.mode !== "duel" && (
            <p className="muted" data-testid="no-bracket">
              {noBracketText(t.data)}
            </p>
          )}
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
