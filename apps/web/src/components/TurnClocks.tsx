"use client";
import { Countdown } from "@/components/table/Countdown";
import { useNow } from "@/components/table/useNow";
import type { Presence } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";

/**
 * Every timer the server runs for this game, above the table, for a game whose table does not draw its
 * seats' timers (the generic fallback): whose it is ("You" for the viewer's own) and the kit's
 * countdown. Nothing while no timer runs.
 */
export function TurnClocks({ presence, names, me }: { presence: Presence; names: Names; me: string | null }) {
  const now = useNow(presence.timers.length > 0, 500);
  if (presence.timers.length === 0) return null;
  return (
    <ul className="turn-clocks" data-testid="turn-clocks" aria-label="Time left to act">
      {presence.timers.map((t) => {
        const who = t.playerId === me ? "You" : nameOf(names, t.playerId);
        return (
          <li key={t.playerId} className="turn-clock" data-testid="turn-clock" data-player={t.playerId}>
            <span className="turn-clock-who">{who}</span>
            <Countdown timer={{ endsAt: t.endsAt, totalMs: presence.turnMs }} label={who === "You" ? "Your time" : `${who}'s time`} now={now} />
          </li>
        );
      })}
    </ul>
  );
}
