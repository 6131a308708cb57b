"use client";
import type { TimelineEntry } from "@bang/client";
import type { DuelEvent, GameEvent } from "@bang/engine";
import { describeDuelEvent } from "@/lib/duel";
import { describeEvent, FACE_SYMBOL, nameOf, type Names } from "@/lib/table";
import { clock, marksOf, rollsOf } from "@/lib/timeline";
import { MARK_LABEL } from "./Scrubber";

/** Every log entry with its time, player, command, the dice of each roll and its marks; the current one shows its events. */
export function TimelineList({ entries, position, names, go, mode = "classic" }: { entries: TimelineEntry[]; position: number; names: Names; go: (at: number) => void; mode?: "classic" | "duel" }) {
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
                  <li key={i}>{mode === "duel" ? describeDuelEvent(ev as DuelEvent, names) : describeEvent(ev as GameEvent, names)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
