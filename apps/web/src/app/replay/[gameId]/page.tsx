"use client";
import { fetchReplay, fetchSeats, type Replay, type TimelineEntry } from "@bang/client";
import Link from "next/link";
import { use, useEffect, useMemo, useState } from "react";
import { GENERIC_UI, useGameUi } from "@/components/game/ui";
import { Scrubber } from "@/components/inspector/Scrubber";
import { TimelineList } from "@/components/inspector/TimelineList";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { NO_PRESENCE } from "@/games/ui";
import { usePolled } from "@/hooks/useAdmin";
import { mergeLog } from "@/hooks/useGame";
import { viewerLabel } from "@/lib/player";
import { loadGuest } from "@/lib/storage";
import { step } from "@/lib/timeline";
import { pathParam } from "@/lib/path-param";

/** The replay's entries as the inspector's controls read them. */
function timelineOf(replay: Replay): TimelineEntry[] {
  return replay.entries.map((e) => ({
    seq: e.seq,
    by: e.by,
    at: typeof e.at === "number" ? new Date(e.at).toISOString() : e.at,
    command: e.command as TimelineEntry["command"],
    events: e.events as TimelineEntry["events"],
  }));
}

/** How long the position must rest before the table at it is asked for, ms. */
const SETTLE_MS = 150;

/**
 * A game step by step, for players: the table after any entry (first, back, step, end, a slider, the
 * game's own jumps, a click on an entry), replayed by the server (GET /api/games/:id/replay) in this
 * browser's view: a player who sat in the game sees their own view (their token), anyone else a
 * spectator's. A running game's replay follows it; the live table is on its watch page.
 */
export default function ReplayPage({ params }: { params: Promise<{ gameId: string }> }) {
  const { gameId: raw } = use(params);
  const gameId = pathParam(raw);
  const url = useServerUrl();
  const [token, setToken] = useState<string | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [shown, setShown] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  useEffect(() => setToken(loadGuest(window.localStorage)?.token ?? ""), []);
  const seats = usePolled(() => fetchSeats(url, gameId), [url, gameId]);
  const running = seats.data?.status === "running";
  // The whole log (and the view at its end); again every 3 s while the game runs.
  const head = usePolled(() => (token === null ? Promise.resolve(null) : fetchReplay(url, token, gameId)), [url, gameId, token, running], running ? 3_000 : 0);
  const entries = useMemo(() => (head.data ? timelineOf(head.data) : []), [head.data]);
  const total = entries.length;
  const position = at === null ? total : Math.min(at, total);
  const names = useMemo(() => new Map((seats.data?.seats ?? []).map((s) => [s.id, s.name])), [seats.data]);

  useEffect(() => {
    if (token === null || !head.data) return;
    if (position === head.data.at) return setShown(head.data);
    // Asked once the position rests: a slider dragged across the log would otherwise ask for every
    // entry it passes, each counted in the client's replay budget (docs/server.md).
    let live = true;
    const timer = setTimeout(() => {
      fetchReplay(url, token, gameId, position)
        .then((r) => live && setShown(r))
        .catch((e: unknown) => live && setProblem(e));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, token, gameId, position, head.data]);

  const problemNow = seats.problem ?? head.problem ?? problem;
  const view = shown?.view ?? null;
  // The events up to the table shown: what a table rebuilds from them (a last round's showdown) is of that moment.
  const log = useMemo(() => (head.data && shown ? mergeLog([], head.data.entries.filter((e) => e.seq <= shown.at).map((e) => ({ seq: e.seq, by: e.by, events: e.events ?? [] }))) : []), [head.data, shown]);
  // The fallback only while the game's UI loads (with the first replay: rarely seen).
  const ui = useGameUi(head.data?.game) ?? GENERIC_UI;
  const me = view?.viewer.kind === "player" ? view.viewer.id : null;
  return (
    <main className="game" data-testid="replay" data-at={shown?.at ?? ""} data-viewer={view ? (me ? `player:${me}` : view.viewer.kind) : ""} data-state-id={view?.stateId ?? ""}>
      <header className="game-header">
        <span>
          Replay of game <code>{gameId.slice(0, 8)}</code>
        </span>
        {view && (
          <span className="badge" data-testid="viewer">
            {viewerLabel(view.viewer.kind)}
          </span>
        )}
        {running && (
          <Link href={`/watch/${encodeURIComponent(gameId)}`} data-testid="watch-live">
            Watch it live
          </Link>
        )}
      </header>
      {problemNow != null && <ProblemBox error={problemNow} />}
      {head.data && (
        <>
          <Scrubber
            entries={entries}
            marks={ui.marks}
            position={position}
            running={running}
            go={(n) => n !== null && setAt(step(n, 0, total))}
            live={() => setAt(null)}
          />
          <div className="game-grid">
            <div className="game-ui" data-testid="game" data-game={head.data.game}>
              {view && <ui.Table view={view} me={me} names={names} send={null} busy={false} presence={NO_PRESENCE} log={log} />}
            </div>
            <TimelineList entries={entries} position={position} names={names} go={(n) => setAt(n)} ui={ui} />
          </div>
        </>
      )}
      {!head.data && problemNow == null && <p>Loading the replay…</p>}
    </main>
  );
}
