"use client";
import type { LoggedEvent } from "@/hooks/useGame";
import { describeEvent, type Names } from "@/lib/table";

/** The game's events, newest first. */
export function EventLog({ log, names }: { log: LoggedEvent[]; names: Names }) {
  return (
    <section className="log" data-testid="event-log">
      <h3>Events</h3>
      {log.length === 0 && <p className="muted">Nothing yet since you opened the table: events appear as they happen.</p>}
      <ol reversed>
        {[...log].reverse().slice(0, 200).map((l, i) => (
          <li key={`${l.seq}-${i}`}>
            <small>#{l.seq}</small> {describeEvent(l.event, names)}
          </li>
        ))}
      </ol>
    </section>
  );
}
