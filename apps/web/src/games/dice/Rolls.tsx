"use client";
import type { GameEvent } from "@/games/ui";
import { DieFace } from "./DieFace";
import { FACE_LABEL, rollsOf } from "./faces";

/** The inspector's view of a log entry's rolls: the dice after each throw, the thrown ones marked. */
export function Rolls({ events }: { events: readonly GameEvent[] }) {
  return rollsOf(events).map((r, i) => (
    <span key={i} className="mini-dice" role="img" aria-label={`Roll: ${r.dice.map((f, j) => `${FACE_LABEL[f]}${r.thrown.includes(j) ? " (thrown)" : ""}`).join(", ")}`}>
      {r.dice.map((f, j) => (
        <span key={j} className={r.thrown.includes(j) ? "thrown" : "still"}>
          <DieFace face={f} size={18} decorative />
        </span>
      ))}
    </span>
  ));
}
