"use client";
import { endGame, fetchReplay, fetchTimeline, replaceByBot, type Replay } from "@bang/client";
import { use, useEffect, useMemo, useState } from "react";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { Table } from "@/components/Table";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { FACE_SYMBOL, describeEvent, nameOf } from "@/lib/table";
import { clock, exportLog, marksOf, nextMark, previousMark, rollsOf, step, type Mark } from "@/lib/timeline";

const MARK_LABEL: Record<Mark, string> = { indianAttack: "Indian attack", eliminated: "elimination", gameOver: "end" };

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
          <div className="scrubber card" data-testid="scrubber">
            <div className="row">
              <button type="button" data-testid="first" onClick={() => go(0)} disabled={position === 0}>
                |◀
              </button>
              <button type="button" data-testid="back" onClick={() => go(position - 1)} disabled={position === 0}>
                ◀ Step back
              </button>
              <span data-testid="position">
                {position} / {total}
              </span>
              <button type="button" data-testid="forward" onClick={() => go(position + 1)} disabled={position >= total}>
                Step ▶
              </button>
              <button
                type="button"
                data-testid="last"
                onClick={() => {
                  setFollow(true);
                  setAt(null);
                }}
              >
                {running ? "Live ▶|" : "End ▶|"}
              </button>
            </div>
            <input type="range" min={0} max={total} value={position} data-testid="range" onChange={(e) => go(Number(e.target.value))} aria-label="position in the log" />
            <div className="row">
              {(["indianAttack", "eliminated", "gameOver"] as const).map((m) => (
                <span key={m} className="jump">
                  <button type="button" onClick={() => go(previousMark(entries, position, m))} disabled={previousMark(entries, position, m) === null}>
                    ◀
                  </button>
                  <button type="button" data-testid={`next-${m}`} onClick={() => go(nextMark(entries, position, m))} disabled={nextMark(entries, position, m) === null}>
                    next {MARK_LABEL[m]} ▶
                  </button>
                </span>
              ))}
              <button type="button" data-testid="export" onClick={download}>
                Export log (JSON for bang replay)
              </button>
            </div>
          </div>
          <div className="game-grid">
            <div>{replayed && <Table view={replayed.view} me={null} names={names} />}</div>
            <section className="timeline" data-testid="timeline">
              <h3>Timeline</h3>
              <ol>
                <li className={position === 0 ? "current" : ""} onClick={() => go(0)}>
                  <small>#0</small> setup
                </li>
                {entries.map((e) => (
                  <li key={e.seq} className={e.seq === position ? "current" : ""} onClick={() => go(e.seq)} data-testid="entry" data-seq={e.seq}>
                    <small>
                      #{e.seq} {clock(e.at)}
                    </small>{" "}
                    <b>{nameOf(names, e.by)}</b> {e.command.type}
                    {rollsOf(e).map((r, i) => (
                      <span key={i} className="mini-dice" title={r.dice.join(", ")}>
                        {r.dice.map((f, j) => (
                          <span key={j} className={r.thrown.includes(j) ? "thrown" : ""}>
                            {FACE_SYMBOL[f]}
                          </span>
                        ))}
                      </span>
                    ))}
                    {marksOf(e).map((m) => (
                      <span key={m} className={`badge mark-${m}`}>
                        {MARK_LABEL[m]}
                      </span>
                    ))}
                    {e.seq === position && (
                      <ul className="events">
                        {e.events.map((ev, i) => (
                          <li key={i}>{describeEvent(ev, names)}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      )}
    </AdminShell>
  );
}
