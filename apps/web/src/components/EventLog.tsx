"use client";
import { useEffect, useRef } from "react";
import type { GameUi } from "@/games/ui";
import type { LoggedEvent } from "@/hooks/useGame";
import { groupByTurn } from "@/lib/log";
import type { Names } from "@/lib/names";

/**
 * The game's events, oldest first, grouped under each turn's heading (the game's `turnStart`), each as
 * its game's UI says it (a JSON line for a game without one). The whole history is there from the
 * start (the shell fetches it on open); the box keeps the newest line in sight as events arrive.
 */
export function EventLog({
  log,
  names,
  ui,
  whole,
}: {
  log: readonly LoggedEvent[];
  names: Names;
  ui: Pick<GameUi, "describeEvent" | "turnStart" | "openingTurn">;
  /** The log holds every entry since the game's first (its history arrived, or the page saw the game start). */
  whole?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);
  const turns = groupByTurn(
    log,
    (e) => ui.turnStart?.(e, names) ?? null,
    (e) => ui.openingTurn?.(e, names) ?? null,
    whole,
  );
  return (
    <section className="log" data-testid="event-log" aria-labelledby="event-log-title">
      <h3 id="event-log-title">What happened</h3>
      {log.length === 0 && <p className="muted">Nothing yet: events appear here as they happen.</p>}
      <div className="log-scroll" ref={box} tabIndex={0} aria-label="Game log, oldest first">
        {turns.map((turn) => (
          <section key={turn.key} className="log-turn" data-testid="log-turn">
            {turn.heading !== null && <h4 data-seq={turn.seq ?? undefined}>{turn.heading}</h4>}
            <ol>
              {turn.lines.map((l) => (
                <li key={l.key} data-seq={l.seq}>
                  {ui.describeEvent(l.event, names)}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
