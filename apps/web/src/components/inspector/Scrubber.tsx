"use client";
import type { TimelineEntry } from "@bang/client";
import { nextMark, previousMark, type Mark } from "@/lib/timeline";

/**
 * The inspector's controls: first / step back / step / last (live while running), a range over every
 * position 0..total, jumps to the previous and next entry of each of the game's marks (its UI names
 * them: an Indian attack, an elimination, the end...), and the export when `exportLog` is given.
 */
export function Scrubber(props: { entries: TimelineEntry[]; marks: readonly Mark[]; position: number; running: boolean; go: (at: number | null) => void; live: () => void; exportLog?: (() => void) | undefined }) {
  const { entries, marks, position, running, go, live, exportLog } = props;
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
        {marks.map((m) => (
          <span key={m.type} className="jump">
            <button type="button" onClick={() => go(previousMark(entries, position, m.type))} disabled={previousMark(entries, position, m.type) === null}>
              ◀
            </button>
            <button type="button" data-testid={`next-${m.type}`} onClick={() => go(nextMark(entries, position, m.type))} disabled={nextMark(entries, position, m.type) === null}>
              next {m.label} ▶
            </button>
          </span>
        ))}
        {exportLog && (
          <button type="button" data-testid="export" onClick={exportLog}>
            Export log (JSON for bang replay)
          </button>
        )}
      </div>
    </div>
  );
}
