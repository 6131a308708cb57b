"use client";
import type { LoggedEvent } from "@/hooks/useGame";
import type { DuelEvent, GameEvent } from "@bang/engine";
import { describeDuelEvent } from "@/lib/duel";
import { describeEvent, type Names } from "@/lib/table";

/** The game's events, newest first; `mode` says how to read them (a duel's events are RULES.md part D's). */
export function EventLog({ log, names, mode = "classic" }: { log: LoggedEvent[]; names: Names; mode?: "classic" | "duel" }) {
  return (
    <section className="log" data-testid="event-log">
      <h3>Events</h3>
      {log.length === 0 && <p className="muted">Nothing yet since you opened the table: events appear as they happen.</p>}
      <ol reversed>
        {[...log].reverse().slice(0, 200).map((l, i) => (
          <li key={`${l.seq}-${i}`}>
            <small>#{l.seq}</small> {mode === "duel" ? describeDuelEvent(l.event as DuelEvent, names) : describeEvent(l.event as GameEvent, names)}
          </li>
        ))}
      </ol>
    </section>
  );
}
