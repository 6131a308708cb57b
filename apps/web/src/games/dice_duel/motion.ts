/** What moved between two duel views, for the table's animations: a line from the shooter when the opponent lost cards (R8.5 to R8.9). */
import type { DuelView } from "@bang/game-dice-duel";
import type { SeatLine } from "../../components/table/ShotLines";

/** A line from the active player of `prev` to the opponent when the opponent has fewer cards in `next`; nothing for a step back. */
export function duelLines(prev: DuelView | null, next: DuelView): SeatLine[] {
  if (!prev || next.stateId <= prev.stateId) return [];
  const shooter = prev.turn;
  const target = prev.players.find((p) => p.id !== shooter);
  const after = next.players.find((p) => p.id === target?.id);
  return target && after && after.cards < target.cards ? [{ from: shooter, to: target.id, kind: "shot" }] : [];
}
