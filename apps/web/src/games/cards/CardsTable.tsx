"use client";
import type { PlayerView } from "@bang/game-cards";
import type { Presence } from "@/games/ui";
import { SeatRing } from "@/components/table/SeatRing";
import type { SeatLine } from "@/components/table/ShotLines";
import { nameOf, namesOf, type Names } from "@/lib/names";
import { CardHelp } from "./CardFace";
import type { SeatOffer } from "./controls";
import { Seat } from "./Seat";
import { discardTop, handOnSeat, pendingCards, seatDistance, waitWords } from "./table";

/**
 * The card game's table for every viewer: the seats around the oval (kit SeatRing: the viewer at the
 * bottom, distances from them, E4), and in the middle the draw pile's size, the discard pile's top
 * card (public, E2.4), whose turn it is and what the game waits for, and the cards the General Store
 * or Lucky Duke turned up. `offers` are the seats the viewer's selected card can go to. A hand the view
 * holds and the controls do not show (an admin's view: every hand) is shown on its seat.
 */
export function CardsTable({ view, me, playing, names, presence, offers, busy, lines, onSend, onInput }: {
  view: PlayerView;
  me: string | null;
  /** The seated player plays from this page: their hand is in the controls, not on their seat. */
  playing: boolean;
  names: Names;
  presence: Presence;
  offers: readonly SeatOffer[];
  busy: boolean;
  lines: readonly SeatLine[];
  onSend: (s: NonNullable<SeatOffer["send"]>) => void;
  onInput: (o: SeatOffer) => void;
}) {
  const seats = view.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), out: !p.alive }));
  const top = discardTop(view);
  const shown = pendingCards(view);
  const wait = waitWords(view, names, me);
  return (
    <section className="table cards-table" data-testid="table" data-state-id={view.stateId} data-phase={view.phase} aria-label="The table">
      <SeatRing
        seats={seats}
        viewer={me}
        toAct={view.waitingFor}
        presence={presence}
        distance={(a, b) => seatDistance(view, a, b)}
        label={`Table of ${view.players.length} players`}
        lines={lines}
        linesToken={view.stateId}
        renderSeat={(s) => <Seat seat={view.players.find((p) => p.id === s.id)!} hand={handOnSeat(view.players.find((p) => p.id === s.id)!, me, playing)} name={s.name} offer={offers.find((o) => o.player === s.id) ?? null} busy={busy} onSend={onSend} onInput={onInput} />}
        center={
          <div className="cards-center">
            <div className="cards-piles">
              <span className="cards-deck" data-testid="deck" data-count={view.deckSize} title="cards in the draw pile">
                <span className="cards-back" aria-hidden="true">
                  🂠
                </span>
                <span>
                  <b>{view.deckSize}</b>
                  <span className="kit-sr"> {view.deckSize === 1 ? "card" : "cards"} in the draw pile</span>
                </span>
              </span>
              <span className="cards-discard" data-testid="discard-top" data-card={top ?? ""}>
                {top ? <CardHelp card={top} small /> : <span className="cards-empty">no discard</span>}
                <span className="kit-sr"> on top of the discard pile</span>
              </span>
            </div>
            <div className="turn-line" data-testid="turn-line">
              Turn {view.turnNumber}: {nameOf(names, view.turn)}
            </div>
            {wait && (
              <div className="cards-wait" data-testid="wait">
                {wait}
              </div>
            )}
            {shown.length > 0 && (
              <ul className="cards-shown" aria-label={view.pending?.kind === "store" ? "The General Store" : "Lucky Duke's cards"} data-testid="shown-cards">
                {shown.map((c) => (
                  <li key={c}>
                    <CardHelp card={c} small />
                  </li>
                ))}
              </ul>
            )}
          </div>
        }
      />
      {view.winner && (
        <div className="winner" data-testid="winner" role="status">
          Winner: <b>{view.winner.team}</b> ({namesOf(names, view.winner.players)})
        </div>
      )}
    </section>
  );
}
