"use client";
import type { TimelineEntry } from "@bang/client";
import type { GameUi } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";
import { clock, marksOf } from "@/lib/timeline";

/**
 * Every log entry with its time, player, command, what the game's UI shows beside it (what chance drew
 * in it...) and its marks; the current one shows its events as the game's UI says them.
 */
export function TimelineList({ entries, position, names, go, ui }: { entries: TimelineEntry[]; position: number; names: Names; go: (at: number) => void; ui: GameUi }) {
  const Detail = ui.EntryDetail;
  return (
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
            {Detail && <Detail events={e.events} />}
            {marksOf(e, ui.marks).map((m) => (
              <span key={m.type} className={`badge mark-${m.type}`}>
                {m.label}
              </span>
            ))}
            {e.seq === position && (
              <ul className="events">
                {e.events.map((ev, i) => (
                  <li key={i}>{ui.describeEvent(ev, names)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
