"use client";
import { fetchBracket, fetchTournament } from "@bang/client";
import Link from "next/link";
import { use, useCallback } from "react";
import { AdminShell } from "@/components/AdminShell";
import { BracketView } from "@/components/BracketView";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { hasBracket, noBracketText } from "@/lib/bracket";
import { codeOf } from "@/lib/errors";

/**
 * One tournament of any game, live (GET /api/tournaments/:id every 3 s): the standings, the bracket of
 * a head-to-head format (drawn by brackets-viewer, a click on a match opens its game), and every table
 * by round with a link to its game.
 */
export default function AdminTournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const ctx = useAdmin();
  const t = usePolled(() => fetchTournament(ctx.url, id), [ctx.url, id], 3_000);
  const bracketed = t.data !== null && hasBracket(t.data);
  const started = bracketed && t.data?.status !== "created" && t.data?.status !== "registration";
  // NO_BRACKET (not started yet) is no problem: the page says so.
  const bracket = usePolled(() => (started ? fetchBracket(ctx.url, id).catch((e: unknown) => (codeOf(e) === "NO_BRACKET" ? null : Promise.reject(e))) : Promise.resolve(null)), [ctx.url, id, started], 3_000);
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
            {t.data.game} · {t.data.format} · {t.data.status}
            {/* Rounds count only in the table format (then the final table); a bracket shows its own. */}
            {t.data.format === "table" && (t.data.currentRound > t.data.rounds ? " · final table" : ` · round ${t.data.currentRound}/${t.data.rounds}`)} · {t.data.players.length} players
          </p>
          <h2>Standings</h2>
          <div className="scroll">
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
          </div>
          {bracketed && <h2>Bracket</h2>}
          {bracketed && bracket.problem != null && <ProblemBox error={bracket.problem} />}
          {bracketed && bracket.data && <BracketView bracket={bracket.data} nameOf={nameOf} />}
          {bracketed && !bracket.data && bracket.problem == null && (
            <p data-testid="no-bracket">{started ? "Loading the bracket…" : noBracketText(t.data)}</p>
          )}
          {!bracketed && (
            <p className="muted" data-testid="no-bracket">
              {noBracketText(t.data)}
            </p>
          )}
          <h2>Tables</h2>
          {t.data.tables.length === 0 && <p>No table yet: the first round starts when the organiser starts the tournament.</p>}
          <div className="scroll">
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
          </div>
        </>
      )}
    </AdminShell>
  );
}
