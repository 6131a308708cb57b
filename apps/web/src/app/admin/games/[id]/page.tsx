"use client";
import { endGame, fetchReplay, fetchTimeline, replaceByBot, type Replay } from "@bang/client";
import { use, useEffect, useMemo, useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { Table } from "@/components/Table";
import { DuelTable } from "@/components/duel/DuelTable";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { Scrubber } from "@/components/inspector/Scrubber";
import { TimelineList } from "@/components/inspector/TimelineList";
import { exportLog, step } from "@/lib/timeline";

/**
 * One game for an admin: the table with every role, live while the game runs; end it or give a seat
 * to the bot; and the inspector: every log entry with its time, player and dice, a scrubber and step
 * buttons showing the table after any entry (replayed by the server from the log), jumps to the next
 * Indian attack, elimination or end, and the log as JSON for `bang replay`.
 */
export default function AdminGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = use(params);
  const gameId = decodeURIComponent(raw);
  const ctx = useAdmin();
  const timeline = usePolled(() => ctx.call((url, token) => fetchTimeline(url, token, gameId)), [gameId, ctx.admin], 2_000);
  const entries = timeline.data?.entries ?? [];
  const total = entries.length;
  const running = timeline.data?.status === "running";
  const [at, setAt] = useState<number | null>(null);
  const [follow, setFollow] = useState(true);
  const [replayed, setReplayed] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const position = follow || at === null ? total : Math.min(at, total);
  const names = useMemo(() => new Map((timeline.data?.seats ?? []).map((s) => [s.id, s.name])), [timeline.data]);

  useEffect(() => {
    if (!timeline.data) return;
    let live = true;
    ctx
      .call((url, token) => fetchReplay(url, token, gameId, position))
      .then((r) => live && setReplayed(r))
      .catch((e: unknown) => live && setProblem(e));
    return () => {
      live = false;
    };
  }, [position, gameId, timeline.data, ctx]);

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
    } catch (e) {
      setProblem(e);
    }
  };
  const download = () => {
    if (!timeline.data) return;
    const blob = new Blob([exportLog(timeline.data.log)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `game-${gameId}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <AdminShell ctx={ctx}>
      <h1>
        Game <code>{gameId.slice(0, 8)}</code> {timeline.data && <span className={`badge status-${timeline.data.status}`} data-testid="game-status">{timeline.data.status}</span>}
      </h1>
      {timeline.problem != null && <ProblemBox error={timeline.problem} onRetry={timeline.reload} />}
      {problem != null && <ProblemBox error={problem} />}
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
              {timeline.data.seats
                .filter((s) => !s.bot)
                .map((s) => (
                  <button key={s.id} type="button" data-testid="replace-bot" onClick={() => void act(`${s.name} is now played by the bot.`, (u, t) => replaceByBot(u, t, gameId, s.id))}>
                    Bot for {s.name}
                  </button>
                ))}
            </div>
          )}
          <Scrubber
            entries={entries}
            position={position}
            running={running}
            go={go}
            live={() => {
              setFollow(true);
              setAt(null);
            }}
            exportLog={download}
          />
          <div className="game-grid">
            <div>{replayed && (replayed.view.mode === "classic" ? <Table view={replayed.view} me={null} names={names} /> : <DuelTable view={replayed.view} me={null} names={names} />)}</div>
            <TimelineList entries={entries} position={position} names={names} go={go} mode={replayed?.view.mode} />
          </div>
        </>
      )}
    </AdminShell>
  );
}
