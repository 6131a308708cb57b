/**
 * What a seat of Ca$h 'n Guns says of its round, in words, as one viewer may know it (pure, for the
 * seat of Seat.tsx): the chosen mark in a secret step, never what (F8.4 to F8.7), except to whoever may
 * see the choice: its author (in the second person), and an admin (the inspector and the admin's live
 * view show every choice as it was made); the revealed aim (F8.5), the order (F8.6), the revealed card or
 * "face down" and the courage (F8.8), lying down and dead.
 */
import type { CngSeatView, CngView } from "@bang/game-cash-n-guns";
import { nameOf, type Names } from "../../lib/names";
import { BULLET_WORDS } from "./controls";
import type { ShotRow } from "./reveal";
import { aimOf, aimsRevealed, choiceMark } from "./table";

/**
 * The lines of `seat` in `view`: `isMe` when the seat is the viewer's own; `row` is its part in the
 * round's showdown once the cards took effect (null before).
 */
export function roundLine(view: CngView, seat: CngSeatView, isMe: boolean, row: ShotRow | null, names: Names): string[] {
  const n = (id: string) => nameOf(names, id);
  const out: string[] = [];
  if (!seat.alive) return out;
  // The view holds this seat's choices as made: the viewer's own, or every seat's in an admin's view.
  const knows = isMe || view.viewer.kind === "admin";
  const who = isMe ? "you " : "";
  const loaded = knows && seat.bullet && seat.bullet !== "hidden" ? `loaded ${BULLET_WORDS[seat.bullet]}` : null;
  const mark = choiceMark(view, seat);
  const aim = aimOf(seat);
  if (view.phase === "bullet_choice") {
    if (loaded) out.push(loaded);
    else if (mark) out.push(mark === "chosen" ? "✓ card loaded" : "choosing a card…");
    return out;
  }
  if (view.phase === "hold_up") {
    if (loaded) out.push(loaded);
    if (knows && aim) out.push(`${who}aim${isMe ? "" : "s"} at ${n(aim)}`);
    else if (mark) out.push(mark === "chosen" ? "✓ has aimed" : "aiming…");
    return out;
  }
  if (row) {
    // After the cards took effect: the aim and what became of the card (F4.1, F4.2).
    const card = row.card === "face_down" ? `face down${row.own ? ` (${isMe ? "your " : ""}${BULLET_WORDS[row.own]})` : ""}` : row.card ? BULLET_WORDS[row.card] : null;
    if (row.courage === "lie_down") out.push("lay down");
    if (row.target) out.push(`→ ${n(row.target)}${card ? `: ${card}` : ""}`);
    else out.push(`held nobody up${card ? ` (${card})` : ""}`);
    return out;
  }
  if (aimsRevealed(view) || aim) out.push(aim ? `→ ${n(aim)}` : "holds nobody up");
  if (view.order?.player === seat.id) out.push(aim === view.order.previous ? "ordered to change target" : `ordered: was → ${n(view.order.previous)}`);
  if (view.phase === "courage") {
    if (knows && seat.courage && seat.courage !== "hidden") out.push(seat.courage === "stand" ? `${who}stand${isMe ? "" : "s"}` : `${who}lie${isMe ? "" : "s"} down`);
    else if (mark) out.push(mark === "chosen" ? "✓ has chosen" : "choosing…");
  }
  if (loaded) out.push(loaded);
  return out;
}
