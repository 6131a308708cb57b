"use client";
import { fetchBracket, fetchTournament } from "@bang/client";
import Link from "next/link";
import { use, useCallback, useEffect, useState } from "react";
import { BracketView } from "@/components/BracketView";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { usePolled } from "@/hooks/useAdmin";
import { useCatalog } from "@/hooks/useCatalog";
import { hasBracket, noBracketText } from "@/lib/bracket";
import { codeOf } from "@/lib/errors";
import { gamePage } from "@/lib/lookup";
import { myTournament, type MyTournament } from "@/lib/player";
import { loadGuest } from "@/lib/storage";
import { pathParam } from "@/lib/path-param";

/** What the viewer's box says of their place in the tournament. */
function MyPlace({ mine, nameOf }: { mine: MyTournament; nameOf: (playerId: string) => string | undefined }) {
  switch (mine.kind) {
    case "out":
      return null;
    case "registered":
      return <p className="notice" data-testid="my-next">You are registered{mine.checkedIn ? " and checked in" : ""}: your first table comes when the organiser starts the tournament.</p>;
    case "table":
      return (
        <p className="notice" data-testid="my-next" data-game-id={mine.gameId}>
          Your next game: {mine.label}, with {mine.others.map((p) => nameOf(p) ?? "a bot").join(", ")}.{" "}
          <Link className="button" href={`/play/${encodeURIComponent(mine.gameId)}`} data-testid="my-table">
            Play it
          </Link>
        </p>
      );
    case "waiting":
      return <p className="notice" data-testid="my-next">Your last game is over: your next one starts when the round ends.</p>;
    case "done":
      return <p className="notice" data-testid="my-next">{mine.place ? `Your tournament is over: place ${mine.place}.` : "Your tournament is over."}</p>;
  }
}

/**
 * A tournament for players, live (every 3 s): status, the viewer's next table or match (a link to play
 * it), the standings, the bracket of a head-to-head format (a match opens its game to watch), and every
 * table by round (watch it while it runs, replay it once over).
 */
export default function TournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = use(params);
  const id = pathParam(raw);
  const url = useServerUrl();
  const catalog = useCatalog();
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => setMe(loadGuest(window.localStorage)?.player.id ?? null), []);
  const t = usePolled(() => fetchTournament(url, id), [url, id], 3_000);
  const bracketed = t.data !== null && hasBracket(t.data);
  const started = bracketed && t.data?.status !== "created" && t.data?.status !== "registration";
  const bracket = usePolled(() => (started ? fetchBracket(url, id).catch((e: unknown) => (codeOf(e) === "NO_BRACKET" ? null : Promise.reject(e))) : Promise.resolve(null)), [url, id, started], 3_000);
  const players = t.data?.players;
  const nameOf = useCallback((playerId: string) => players?.find((p) => p.playerId === playerId)?.name, [players]);
  const watchOrReplay = useCallback((gameId: string) => gamePage(gameId, t.data?.tables.find((x) => x.gameId === gameId)?.result == null, false), [t.data]);
  if (t.problem != null && !t.data) {
    return (
      <main className="narrow">
        <ProblemBox error={t.problem} onRetry={t.reload} />
      </main>
    );
  }
  if (!t.data) return <main>Loading the tournament…</main>;
  const data = t.data;
  const gameName = catalog.games?.find((g) => g.id === data.game)?.name ?? data.game;
  return (
    <main>
      <p>
        <Link href="/tournaments">← Tournaments</Link>
      </p>
      <h1>{data.name}</h1>
      <p data-testid="tournament-status">
        {gameName} · {data.format.replaceAll("_", " ")} · {data.status}
        {data.format === "table" && data.status === "running" && (data.currentRound > data.rounds ? " · final table" : ` · round ${data.currentRound}/${data.rounds}`)} · {data.players.length} players
      </p>
      <MyPlace mine={myTournament(data, me)} nameOf={nameOf} />
      <h2>Standings</h2>
      <div className="scroll">
        <table className="grid" data-testid="standings">
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Points</th>
              <th>Wins</th>
              <th>Games</th>
            </tr>
          </thead>
          <tbody>
            {data.standings.map((s) => (
              <tr key={s.playerId} data-testid="standing" className={s.playerId === me ? "me" : ""}>
                <td>{s.place}</td>
                <td>
                  <Link href={`/players/${encodeURIComponent(s.playerId)}`}>{s.name}</Link>
                </td>
                <td>{s.points}</td>
                <td>{s.wins}</td>
                <td>{s.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bracketed && <h2>Bracket</h2>}
      {bracketed && bracket.problem != null && <ProblemBox error={bracket.problem} />}
      {bracketed && bracket.data && <BracketView bracket={bracket.data} nameOf={nameOf} gameHref={watchOrReplay} />}
      {bracketed && !bracket.data && bracket.problem == null && <p data-testid="no-bracket">{started ? "Loading the bracket…" : noBracketText(data)}</p>}
      <h2>Tables</h2>
      {data.tables.length === 0 && <p className="muted">No table yet: the first round starts when the organiser starts the tournament.</p>}
      <ul className="listing" data-testid="tournament-tables">
        {data.tables.map((table) => (
          <li key={table.gameId} className="card" data-testid="tournament-table">
            <div className="listing-head">
              <b>{table.final ? "Final table" : data.format === "table" ? `Round ${table.round}, table ${table.tableNo}` : `Match ${table.tableNo}`}</b>
              <span className="badge">{table.result ? `${table.result.winners.map((w) => nameOf(w) ?? "a bot").join(", ") || table.result.team} won` : "playing"}</span>
            </div>
            <p className="players">{table.seats.map((s) => nameOf(s) ?? "bot").join(", ")}</p>
            <Link href={watchOrReplay(table.gameId)}>{table.result ? "Replay" : "Watch"}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
