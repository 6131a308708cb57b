"use client";
import { CHARACTER_LIFE, type PlayerView, type SeatView } from "@bang/game-dice";
import { Help } from "@/components/table/Help";
import { Flash, Travel, useRises } from "@/components/table/motion";
import type { SeatPlace } from "@/components/table/SeatRing";
import { nameOf, type Names } from "@/lib/names";
import { CHARACTER_HELP, characterName, ROLE_HELP, threePlayerRoleHelp } from "./help";
import { targetOf } from "./table";

/**
 * What one seat of the dice game shows inside the ring: the character (its ability on tap, hover or
 * focus), the role when this view shows it (R1.2; every role with 3 players, R7.1, and each player's
 * target, R7.2), life and arrows (they flash when they change; a new arrow flies in from the pile).
 */
export function Seat({ view, seat, place, names }: { view: PlayerView; seat: SeatView; place: SeatPlace; names: Names }) {
  const arrivals = useRises(seat.arrows);
  const target = targetOf(view, seat);
  const roleHelp = seat.role && (view.players.length === 3 && seat.role !== "sheriff" ? threePlayerRoleHelp(seat.role) : ROLE_HELP[seat.role]);
  const ch = CHARACTER_HELP[seat.character];
  return (
    <div className="dice-seat">
      <Help term={characterName(seat.character)} className="seat-character" testId="character">
        <b>{characterName(seat.character)}</b> ({CHARACTER_LIFE[seat.character]} life): {ch.text} ({ch.rule})
      </Help>
      <div className="seat-role">
        {seat.role && roleHelp ? (
          <Help
            term={
              <span data-testid="role">
                <span className={`role role-${seat.role}`}>{seat.role}</span>
              </span>
            }
          >
            <b>{seat.role}</b>: {roleHelp.text} ({roleHelp.rule})
          </Help>
        ) : (
          <span data-testid="role">
            <span className="role hidden">secret role</span>
          </span>
        )}
      </div>
      {target && (
        <div className="seat-target" data-testid="seat-target">
          target: <b>{nameOf(names, target.id)}</b>
          {!target.alive && " (out)"}
        </div>
      )}
      <div className="seat-stats">
        <Flash value={seat.life}>
          <span title="life" data-testid="life" data-life={seat.life}>
            <span aria-hidden="true">♥</span> {seat.life}/{seat.maxLife}
          </span>
          <span className="kit-sr"> life</span>
        </Flash>
        <Flash value={seat.arrows}>
          <Travel token={arrivals} from={place.toCenter} unit="5rem">
            <span title="arrows" data-testid="arrows" data-arrows={seat.arrows}>
              <span aria-hidden="true">➶</span> {seat.arrows}
            </span>
            <span className="kit-sr"> {seat.arrows === 1 ? "arrow" : "arrows"}</span>
          </Travel>
        </Flash>
      </div>
      {!seat.alive && <span className="badge dead">eliminated</span>}
    </div>
  );
}
