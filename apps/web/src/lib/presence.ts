/**
 * A running game's presence (`GET /api/admin/games/:id/presence`) as the admin's game page shows it
 * (plain functions, no I/O): each seat's line, and the `presence` a game's table takes.
 */
import type { GamePresence } from "@bang/client";
import type { Presence } from "@/games/ui";

type SeatPresence = GamePresence["seats"][number];

/**
 * The table's presence from the server's, read at `receivedAt` (this browser's `Date.now()`, ms):
 * each timer ends `remainingMs` after it; a seat given to the bot is away and replaced.
 */
export function tablePresence(p: GamePresence, receivedAt: number): Presence {
  return {
    away: p.seats.filter((s) => s.away).map((s) => s.id),
    replaced: p.seats.filter((s) => s.replaced).map((s) => s.id),
    connected: p.seats.filter((s) => s.connected).map((s) => s.id),
    people: p.seats.filter((s) => !s.bot).map((s) => s.id),
    timers: p.seats.filter((s) => s.remainingMs !== null).map((s) => ({ playerId: s.id, endsAt: receivedAt + s.remainingMs! })),
    turnMs: p.turnMs,
  };
}

/** A seat's connection in words: a bot seat, given to the bot, or connected / not, and whether the bot plays for the person now. */
export function seatStatus(seat: SeatPresence): string {
  if (seat.bot) return `bot (${seat.bot})`;
  if (seat.replaced) return `given to the bot${seat.connected ? " · still connected" : ""}`;
  const link = seat.connected ? "connected" : "disconnected";
  return seat.away ? `${link} · away: the bot plays for them` : link;
}

/** Time left on a timer ending at `endsAt` as of `now` (ms): "42 s", "3 min 05 s"; "—" without a timer. */
export function timeLeft(endsAt: number | null, now: number): string {
  if (endsAt === null) return "—";
  const s = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}
