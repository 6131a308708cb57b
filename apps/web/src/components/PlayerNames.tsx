"use client";
import type { PublicSeat } from "@bang/client";
import Link from "next/link";

/** The players of a game: people link to their page (`me` in bold), bots are marked. */
export function PlayerNames({ seats, me }: { seats: readonly PublicSeat[]; me: string | null }) {
  return (
    <p className="players" data-testid="players">
      {seats.map((s, i) => (
        <span key={s.seat}>
          {i > 0 && ", "}
          {s.bot ? (
            <span className="muted">
              {s.name} <small>(bot)</small>
            </span>
          ) : (
            <Link href={`/players/${encodeURIComponent(s.id)}`} className={s.id === me ? "me" : ""}>
              {s.name}
            </Link>
          )}
        </span>
      ))}
    </p>
  );
}
