"use client";
import { endGame, fetchPlayerView, fetchPresence, fetchReplay, fetchTimeline, replaceByBot, type GameSeat, type TimelineEntry } from "@bang/client";
import type { GameView } from "@bang/protocol";
import { use, useEffect, useMemo, useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { GENERIC_UI, useGameUi } from "@/components/game/ui";
import { NO_PRESENCE, type LoggedEvent } from "@/games/ui";
import { RawState } from "@/components/inspector/RawState";
import { Scrubber } from "@/components/inspector/Scrubber";
import { SeatsPanel } from "@/components/inspector/SeatsPanel";
import { TimelineList } from "@/components/inspector/TimelineList";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { codeOf } from "@/lib/errors";
import { tablePresence } from "@/lib/presence";
import { exportLog, step } from "@/lib/timeline";
import { pathParam } from "@/lib/path-param";

/** The table shown: whose view it is (null: the admin's, every secret), and the entries as that player knew them. */
interface Shown {
  as: string | null;
  at: number;
  view: GameView;
  /** Entries 1..at as the player saw them; null for the admin (the timeline's own). */
  entries: TimelineEntry[] | null;
}

/**
 * One game for an admin, whatever the game: the table as the admin's view shows it (every secret),
 * live while the game runs, or as one player saw it ("view as": their own view at that point, the
 * others' secrets hidden); each seat's connection, away status and timer (read on the node that runs
 * the game), with the button that gives a seat to the bot; end the game; the inspector: every log
 * entry with its time, player and what the game's UI shows of it, a scrubber and step buttons showing
 * the table after any entry (replayed by the server from the log), jumps to the game's marks, the log
 * as JSON for `bang replay`, and the raw state as JSON. The table and the sentences are the game's UI
 * (or the generic fallback).
 */
export default function AdminGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = use(params);
  const gameId = pathParam(raw);
  const ctx = useAdmin();
  const timeline = usePolled(() => ctx.call((url, token) => fetchTimeline(url, token, gameId)), [gameId, ctx.admin], 2_000);
  const entries = timeline.data?.entries ?? [];
  const total = entries.length;
  const running = timeline.data?.status === "running";
  // A game over has no presence (GAME_NOT_FOUND): nothing to show, no problem.
  const presence = usePolled(
    () => (running ? ctx.call((url, token) => fetchPresence(url, token, gameId)).then((p) => ({ p, at: Date.now() }), (e: unknown) => (codeOf(e) === "GAME_NOT_FOUND" ? null : Promise.reject(e))) : Promise.resolve(null)),
    [gameId, running, ctx.admin],
    2_000,
  );
  const [at, setAt] = useState<number | null>(null);
  const [follow, setFollow] = useState(true);
  const [as, setAs] = useState("");
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [viewProblem, setViewProblem] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const position = follow || at === null ? total : Math.min(at, total);
  const names = useMemo(() => new Map((timeline.data?.seats ?? []).map((s) => [s.id, s.name])), [timeline.data]);
  // The events up to the table shown, as its viewer knew them: what a table rebuilds from them (a last round's showdown).
  const log = useMemo((): LoggedEvent[] => (shown ? (shown.entries ?? timeline.data?.entries ?? []).filter((e) => e.seq <= shown.at).flatMap((e) => e.events.map((event) => ({ seq: e.seq, by: e.by, event }))) : []), [shown, timeline.data]);
  // The fallback only while the game's UI loads (with the timeline: rarely seen).
  const ui = useGameUi(timeline.data?.game) ?? GENERIC_UI;

  useEffect(() => {
    if (!timeline.data) return;
    let live = true;
    const times = new Map(timeline.data.entries.map((e) => [e.seq, e.at]));
    const load = as
      ? ctx.call((url, token) => fetchPlayerView(url, token, gameId, as, position)).then((v): Shown => ({ as, at: v.at, view: v.view, entries: v.entries.map((e) => ({ ...e, at: times.get(e.seq) ?? null })) }))
      : ctx.call((url, token) => fetchReplay(url, token, gameId, position)).then((r): Shown => ({ as: null, at: r.at, view: r.view, entries: null }));
    load
      .then((s) => {
        if (!live) return;
        setShown(s);
        setViewProblem(null);
      })
      .catch((e: unknown) => live && setViewProblem(e));
    return () => {
      live = false;
    };
  }, [position, gameId, timeline.data, ctx, as]);

  const go = (next: number | null) => {
    if (next === null) return;
    setFollow(false);
    setAt(step(next, 0, total));
  };
  const act = async (what: string, f: (url: string, token: string) => Promise<void>) => {
    setProblem(null);
    try {
      await ctx.call(f);
      setNotice(what);
      timeline.reload();
      presence.reload();
    } catch (e) {
      setProblem(e);
    }
  };
  const giveToBot = (s: GameSeat) => void act(`${s.name} is now played by the bot.`, (u, t) => replaceByBot(u, t, gameId, s.id));
  const download = () => {
    if (!timeline.data) return;
    const blob = new Blob([exportLog(timeline.data.log)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `game-${gameId}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  // Seats and timers are of now: the table shows them only at the live end of a running game.
  const tableShowsNow = running && position === total && presence.data;

  return (
    <AdminShell ctx={ctx}>
      <h1>
        Game <code>{gameId.slice(0, 8)}</code> {timeline.data && <span className={`badge status-${timeline.data.status}`} data-testid="game-status">{timeline.data.status}</span>}
      </h1>
      {timeline.problem != null && <ProblemBox error={timeline.problem} onRetry={timeline.reload} />}
      {problem != null && <ProblemBox error={problem} />}
      {viewProblem != null && <ProblemBox error={viewProblem} />}
      {presence.problem != null && <ProblemBox error={presence.problem} onRetry={presence.reload} />}
      {notice && <p className="notice">{notice}</p>}
      {timeline.data && (
        <>
          {running && (
            <div className="card row" data-testid="admin-actions">
              <button
                type="button"
                className="danger"
                data-testid="end-game"
                onClick={() => window.confirm("End this game for everyone, without a winner?") && void act("The game was ended.", (u, t) => endGame(u, t, gameId))}
              >
                End the game
              </button>
            </div>
          )}
          <Scrubber
            entries={entries}
            marks={ui.marks}
            position={position}
            running={running}
            go={go}
            live={() => {
              setFollow(true);
              setAt(null);
            }}
            exportLog={download}
          />
          <div className="card row view-as">
            <label>
              View as
              <select data-testid="view-as" value={as} onChange={(e) => setAs(e.target.value)}>
                <option value="">the admin (every secret)</option>
                {timeline.data.seats.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                    {s.bot ? " (bot)" : ""}
                  </option>
                ))}
              </select>
            </label>
            {as && <span className="muted">{names.get(as) ?? as}&apos;s own view after entry {position}: the others&apos; secrets stay hidden, as the game shows them to this player.</span>}
          </div>
          <div className="game-grid">
            <div className="game-ui" data-testid="game" data-game={timeline.data.game} data-view-as={shown?.as ?? ""} data-at={shown?.at ?? ""}>
              {shown && (
                <ui.Table view={shown.view} me={shown.as} names={names} send={null} busy={false} presence={tableShowsNow ? tablePresence(presence.data!.p, presence.data!.at) : NO_PRESENCE} log={log} />
              )}
            </div>
            <TimelineList entries={shown?.entries ?? entries} position={position} names={names} go={go} ui={ui} />
          </div>
          <SeatsPanel seats={timeline.data.seats} presence={presence.data?.p ?? null} receivedAt={presence.data?.at ?? 0} running={running} giveToBot={giveToBot} />
          <RawState ctx={ctx} gameId={gameId} position={position} />
        </>
      )}
    </AdminShell>
  );
}
