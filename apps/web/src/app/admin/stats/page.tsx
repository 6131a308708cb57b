"use client";
import { fetchStatistics, type Statistics } from "@bang/client";
import { useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { GameSelect } from "@/components/GameSelect";
import { ProblemBox } from "@/components/ProblemBox";
import { useAllGameUis } from "@/components/game/ui";
import { hasGameUi } from "@/games/registry";
import { ActivityChart, FacetChart, LengthChart } from "@/components/StatsCharts";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { useCatalog } from "@/hooks/useCatalog";
import { humanize, percent } from "@/lib/format";
import { coverageLines, coverageSummary } from "@/lib/stats";

type FacetRows = Statistics["byFacet"][number]["rows"];


/**
 * The finished games of every game (by default) or of one: what they cover per game (games counted,
 * left out, wins by team), win rates by each game's facets (its module says which: what each seat was
 * dealt...), one chart and one table per facet, game length and activity over time (recharts, every
 * axis labelled).
 */
export default function StatsPage() {
  const ctx = useAdmin();
  const catalog = useCatalog();
  const uis = useAllGameUis();
  /** A game's teams as its UI lists them; undefined for a game without a UI folder (its teams are shown as they come). */
  const teamsOf = (id: string) => (hasGameUi(id) ? (uis(id).teams ?? null) : undefined);
  const [game, setGame] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { data, problem } = usePolled(() => ctx.call((url, token) => fetchStatistics(url, token, { game, from, to })), [game, from, to, ctx.admin]);
  const nameOf = (id: string) => data?.covers.find((c) => c.game === id)?.name ?? catalog.games?.find((g) => g.id === id)?.name ?? id;
  const several = data !== null && data.covers.length > 1;
  return (
    <AdminShell ctx={ctx}>
      <h1>Statistics</h1>
      <div className="filters row">
        <GameSelect value={game} onChange={setGame} anyLabel="every game" />
        <label>
          from <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          to <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {problem != null && <ProblemBox error={problem} />}
      {data && (
        <div className="charts" data-testid="stats" data-game={data.game ?? ""}>
          <p data-testid="stats-summary">
            <b data-testid="stats-games">{data.games}</b> {coverageSummary(data, data.game ? nameOf(data.game) : null)} · {data.length.averageCommands.toFixed(0)} commands and{" "}
            {data.length.averageMinutes.toFixed(1)} minutes on average
          </p>
          <div className="scroll">
            <table className="grid" data-testid="stats-covers">
              <thead>
                <tr>
                  <th>Game</th>
                  <th>Finished games counted</th>
                  <th>Left out</th>
                  <th>Wins by team</th>
                </tr>
              </thead>
              <tbody>
                {coverageLines(data, teamsOf).map((c) => (
                  <tr key={c.game} data-testid="stats-cover" data-game={c.game}>
                    <td>{c.name}</td>
                    <td data-testid="cover-games">{c.games}</td>
                    <td title="no winner stored, a setup that no longer deals, or a game this server has no module of">{c.skipped}</td>
                    <td>{c.wins || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.byFacet.map(({ game: g, facet, rows }) => (
            <FacetChart key={`${g}/${facet}`} facet={facet} game={several ? nameOf(g) : null} rows={rows} />
          ))}
          <LengthChart buckets={data.length.buckets} />
          <ActivityChart activity={data.activity} />
          {data.byFacet.map(({ game: g, facet, rows }) => (
            <FacetTable key={`${g}/${facet}`} facet={facet} game={several ? nameOf(g) : null} rows={rows} />
          ))}
        </div>
      )}
    </AdminShell>
  );
}

/** Win rates by one facet of a game as a table: played, won, rate (in its own scroll box on a phone). */
function FacetTable({ facet, game, rows }: { facet: string; game: string | null; rows: FacetRows }) {
  return (
    <div className="scroll">
      <table className="grid" data-testid="facet-table" data-facet={facet}>
        {game && <caption>{game}</caption>}
        <thead>
          <tr>
            <th>{humanize(facet)}</th>
            <th>Played</th>
            <th>Won</th>
            <th>Rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{humanize(r.key)}</td>
              <td>{r.played}</td>
              <td>{r.won}</td>
              <td>{percent(r.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
