/**
 * What the card game's table animates from one view to the next (plain functions): a line from the
 * player who opened an answer window (a shot, a Duel, Indians!) to the player who must answer. Views
 * carry no events, so the lines are read from the pending step; they only decorate.
 */
import type { PlayerView } from "@bang/game-cards";
import type { SeatLine } from "../../components/table/ShotLines";

/** E7.1, E5.9, E5.10: the line of a newly opened answer window in `next` (none when it was already open in `prev`). */
export function windowLines(prev: PlayerView | null, next: PlayerView): SeatLine[] {
  const p = next.pending;
  if (!p || p.by === null || p.by === p.player || (p.kind !== "shot" && p.kind !== "duel" && p.kind !== "indians")) return [];
  const q = prev?.pending;
  if (prev && next.stateId <= prev.stateId) return [];
  if (q && q.kind === p.kind && q.player === p.player && q.by === p.by) return [];
  return [{ from: p.by, to: p.player, kind: p.kind === "shot" ? "shot" : "cards-duel" }];
}
