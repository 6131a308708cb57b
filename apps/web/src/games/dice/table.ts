/**
 * Small reads of the dice game's view for the table (no state, no I/O): the viewer's own seat, the
 * distance the ring shows (R3.4), and each player's target in a 3-player game (R7.2).
 */
import { distance, THREE_PLAYER_TARGET, type PlayerView, type SeatView } from "@bang/game-dice";

/** The viewer's own seat, or null for a spectator. */
export function mySeat(view: PlayerView, me: string | null): SeatView | null {
  return view.players.find((p) => p.id === me) ?? null;
}

/** R3.4: the distance between two living players, null when either is out. */
export function seatDistance(view: PlayerView, from: string, to: string): number | null {
  const d = distance(view.players, from, to);
  return Number.isFinite(d) ? d : null;
}

/**
 * R7.2: in a 3-player game (roles public, R7.1), the player whom `seat` must eliminate (alive or not);
 * null in a larger game or for a role not shown.
 */
export function targetOf(view: PlayerView, seat: SeatView): SeatView | null {
  if (view.players.length !== 3 || !seat.role || seat.role === "sheriff") return null;
  const role = THREE_PLAYER_TARGET[seat.role];
  return view.players.find((p) => p.role === role) ?? null;
}
