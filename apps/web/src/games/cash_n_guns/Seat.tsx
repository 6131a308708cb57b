"use client";
import type { CngSeatView, CngView } from "@bang/game-cash-n-guns";
import { Help } from "@/components/table/Help";
import { Flash } from "@/components/table/motion";
import { nameOf, type Names } from "@/lib/names";
import { GODFATHER_HELP, WOUNDS_HELP } from "./help";
import { dollars, lootSummary } from "./loot";
import type { ShotRow } from "./reveal";
import { roundLine } from "./seatline";
import { choiceMark } from "./table";

/**
 * A tap on this seat offered by the controls: its verb ("Aim at", "Order"), whether it is the one
 * chosen, the tap, and on the chosen seat the button that confirms (sends) the choice, so a phone needs
 * no scrolling between the tap and the confirm.
 */
export interface SeatTap {
  verb: string;
  chosen: boolean;
  disabled: boolean;
  onTap: () => void;
  confirm: { label: string; send: () => void } | null;
}

/** F4.5: wounds as three marks, filled for each wound. */
function WoundMarks({ wounds }: { wounds: number }) {
  const shown = Math.min(3, wounds);
  return (
    <span className="cng-wounds" data-testid="wounds" data-wounds={wounds}>
      <span aria-hidden="true">
        {"●".repeat(shown)}
        {"○".repeat(3 - shown)}
      </span>
      <span className="kit-sr">{wounds === 1 ? "1 wound" : `${wounds} wounds`} of 3</span>
    </span>
  );
}

/**
 * One gangster's seat inside the ring: the Godfather's badge (what he may do on tap), wounds 0 to 3,
 * the loot collected (F10.17: public; its cards on tap), the round as far as
 * this viewer may know it (roundLine), lying down or dead, and the tap the controls offer on this seat.
 */
export function Seat({ view, seat, me, names, row, wounded, tap }: { view: CngView; seat: CngSeatView; me: string | null; names: Names; row: ShotRow | null; wounded: number; tap: SeatTap | null }) {
  const isMe = seat.id === me;
  const loot = lootSummary(seat.loot);
  const lines = roundLine(view, seat, isMe, row, names);
  const godfather = view.godfather === seat.id;
  return (
    <div className="cng-seat" data-testid="cng-seat" data-player={seat.id} data-godfather={godfather} data-mark={choiceMark(view, seat) ?? ""} data-status={seat.status}>
      {godfather && (
        <Help term={<span className="cng-godfather">★ Godfather</span>} testId="godfather">
          <b>The Godfather</b>: {GODFATHER_HELP.text} ({GODFATHER_HELP.rule})
        </Help>
      )}
      <div className="cng-seat-stats">
        <Flash value={seat.wounds}>
          <Help term={<WoundMarks wounds={seat.wounds} />} className="cng-wounds-help">
            <b>Wounds</b>: {WOUNDS_HELP.text} ({WOUNDS_HELP.rule})
          </Help>
        </Flash>
        <Flash value={loot.count} className="cng-loot-flash">
          <Help term={<span data-testid="loot" data-count={loot.count} data-worth={loot.worth}>{loot.count === 0 ? "no loot" : `${dollars(loot.worth)} · ${loot.count}`}</span>} className="cng-loot-help">
            <b>{nameOf(names, seat.id)}&apos;s loot</b> ({loot.count} {loot.count === 1 ? "card" : "cards"}, worth {dollars(loot.worth)} before the diamond bonus): {loot.list}.
          </Help>
        </Flash>
      </div>
      {lines.length > 0 && (
        <ul className="cng-round" data-testid="round-line">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      {wounded > 0 && (
        <span className="kit-badge cng-badge-hit" data-testid="hit">
          hit: +{wounded} {wounded === 1 ? "wound" : "wounds"}
        </span>
      )}
      {seat.alive && seat.status === "lying_down" && <span className="kit-badge cng-badge-down">lying down</span>}
      {!seat.alive && <span className="kit-badge cng-badge-dead">dead</span>}
      {tap && (
        <button type="button" className="kit-chip cng-seat-tap" aria-pressed={tap.chosen} disabled={tap.disabled} onClick={tap.onTap} data-testid="seat-tap" data-player={seat.id} aria-label={`${tap.verb} ${nameOf(names, seat.id)}`}>
          {tap.verb}
        </button>
      )}
      {tap?.chosen && tap.confirm && (
        <button type="button" className="cng-seat-confirm" disabled={tap.disabled} onClick={tap.confirm.send} data-testid="seat-confirm" data-player={seat.id}>
          {tap.confirm.label}
        </button>
      )}
    </div>
  );
}
