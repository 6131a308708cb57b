"use client";
import type { TimelineEntry } from "@bang/client";
import { MARKS, nextMark, previousMark, type Mark } from "@/lib/timeline";

export const MARK_LABEL: Record<Mark, string> = { indianAttack: "Indian attack", eliminated: "elimination", gameOver: "end" };

/**
 * The inspector's controls: first / step back / step / last (live while running), a range over every
 * position 0..total, jumps to the previous and next Indian attack, elimination and end, and the export.
 */
export function Scrubber(props: { entries: TimelineEntry[]; position: number; running: boolean; go: (at: number | null) => void; live: () => void; exportLog: () => void }) {
  const { entries, position, running, go, live, exportLog } = props;
  const total = entries.length;
  return (
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
        <button type="button" data-testid="last" onClick={live}>
          {running ? "Live ▶|" : "End ▶|"}
        </button>
      </div>
      <input type="range" min={0} max={total} value={position} data-testid="range" onChange={(e) => go(Number(e.target.value))} aria-label="position in the log" />
      <div className="row">
        {MARKS.map((m) => (
          <span key={m} className="jump">
            <button type="button" onClick={() => go(previousMark(entries, position, m))} disabled={previousMark(entries, position, m) === null}>
              ◀
            </button>
            <button type="button" data-testid={`next-${m}`} onClick={() => go(nextMark(entries, position, m))} disabled={nextMark(entries, position, m) === null}>
              next {MARK_LABEL[m]} ▶
            </button>
          </span>
        ))}
        <button type="button" data-testid="export" onClick={exportLog}>
          Export log (JSON for bang replay)
        </button>
      </div>
    </div>
  );
}
