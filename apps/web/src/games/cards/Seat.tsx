"use client";
import { CHARACTER_LIFE, type SeatView } from "@bang/game-cards";
import { Help } from "@/components/table/Help";
import { Flash } from "@/components/table/motion";
import { CardHelp } from "./CardFace";
import type { SeatOffer } from "./controls";
import { CHARACTER_HELP, COLT_HELP, ROLE_HELP } from "./help";
import { blueCards, weaponLine } from "./table";
import { characterName, count } from "./words";

/** Life as bullets: one filled per life point, one empty per point lost, up to the maximum (E1.4). */
function Bullets({ life, max }: { life: number; max: number }) {
  const full = Math.max(0, Math.min(life, max));
  return (
    <span className="cards-bullets" aria-hidden="true">
      {"●".repeat(full)}
      <span className="cards-bullets-lost">{"○".repeat(Math.max(0, max - full))}</span>
    </span>
  );
}

/**
 * What one seat of the card game shows inside the ring: the character (its ability on tap), the role
 * when this view shows it (the sheriff's star is public, E1.3; others once eliminated), life as bullets
 * and a number, the hand's size (its cards only as `hand`: a hand the view holds and the controls do not
 * show, i.e. every hand in an admin's view, table.ts handOnSeat), the weapon
 * with its reach, the other cards in play (their effect on tap), and, while a card of the viewer's is
 * selected, the button that plays it on this seat.
 */
export function Seat({ seat, hand, name, offer, busy, onSend, onInput }: { seat: SeatView; hand: readonly string[] | null; name: string; offer: SeatOffer | null; busy: boolean; onSend: (s: NonNullable<SeatOffer["send"]>) => void; onInput: (o: SeatOffer) => void }) {
  const ch = CHARACTER_HELP[seat.character];
  const weapon = weaponLine(seat);
  const weaponCard = seat.inPlay.find((c) => c.startsWith(`${weapon.weapon}_`));
  const blue = blueCards(seat);
  return (
    <div className="cards-seat" data-testid="seat-body">
      <Help term={characterName(seat.character)} className="seat-character" testId="character">
        <b>{characterName(seat.character)}</b> ({CHARACTER_LIFE[seat.character]} life): {ch.text} ({ch.rule})
      </Help>
      <div className="cards-seat-role">
        {seat.role ? (
          <Help
            term={
              <span data-testid="role" data-role={seat.role} className={`role role-${seat.role}`}>
                {seat.role === "sheriff" && <span aria-hidden="true">★ </span>}
                {seat.role}
              </span>
            }
          >
            <b>{seat.role}</b>: {ROLE_HELP[seat.role].text} ({ROLE_HELP[seat.role].rule})
          </Help>
        ) : (
          <span data-testid="role" className="role hidden">
            secret role
          </span>
        )}
      </div>
      <div className="cards-seat-stats">
        <Flash value={seat.life}>
          <span data-testid="life" data-life={seat.life} title={`${seat.life} of ${seat.maxLife} life`}>
            <Bullets life={seat.life} max={seat.maxLife} /> {Math.max(0, seat.life)}/{seat.maxLife}
            <span className="kit-sr"> life</span>
          </span>
        </Flash>
        {seat.alive && (
          <Flash value={seat.handSize}>
            <span data-testid="hand-size" data-count={seat.handSize} title={`${count(seat.handSize, "card", "cards")} in hand`}>
              <span aria-hidden="true">🂠</span> {seat.handSize}
              <span className="kit-sr"> {seat.handSize === 1 ? "card" : "cards"} in hand</span>
            </span>
          </Flash>
        )}
      </div>
      {hand && hand.length > 0 && (
        <ul className="cards-inplay cards-seat-hand" data-testid="seat-hand" data-player={seat.id} aria-label={`${characterName(seat.character)}'s hand`}>
          {hand.map((c) => (
            <li key={c} data-testid="seat-hand-card" data-card={c}>
              <CardHelp card={c} small />
            </li>
          ))}
        </ul>
      )}
      {seat.alive && (
        <div className="cards-weapon" data-testid="weapon" data-weapon={weapon.weapon} data-reach={weapon.reach}>
          {weaponCard ? (
            <CardHelp card={weaponCard} small />
          ) : (
            <Help term={<span className="cards-colt">Colt .45</span>}>
              <b>Colt .45</b>: {COLT_HELP.text} ({COLT_HELP.rule})
            </Help>
          )}
          <span className="cards-reach" title={`reach ${weapon.reach}`}>
            reach {weapon.reach}
          </span>
        </div>
      )}
      {blue.length > 0 && (
        <ul className="cards-inplay" aria-label={`${characterName(seat.character)}'s cards in play`}>
          {blue.map((c) => (
            <li key={c} data-testid="in-play" data-card={c}>
              <CardHelp card={c} small />
            </li>
          ))}
        </ul>
      )}
      {!seat.alive && <span className="badge dead">eliminated</span>}
      {offer && (
        <div className="cards-seat-offer">
          {offer.send ? (
            <button type="button" className="cards-target" data-testid="seat-target" data-player={seat.id} data-send={offer.send.id} disabled={busy || offer.send.command === null} onClick={() => onSend(offer.send!)}>
              {offer.send.label}
            </button>
          ) : (
            <button type="button" className="kit-chip cards-target" aria-pressed={offer.chosen} data-testid="seat-target" data-player={seat.id} disabled={busy} onClick={() => onInput(offer)}>
              Choose {name}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

