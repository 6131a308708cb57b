"use client";
import { useRef, useState, type CSSProperties, type ReactNode } from "react";
import type { Presence } from "@/games/ui";
import { Countdown } from "./Countdown";
import { ringLayout, ringOrder, towardCenter, type Cell } from "./layout";
import { peopleSeen, seatStatus, seatTimer, type SeatStatus } from "./presence";
import { ShotLines, type SeatLine } from "./ShotLines";
import { useNow } from "./useNow";
import "./table.css";

/** A seat as the ring needs it: the player's id, the name shown, and whether they are out of the game. */
export interface RingSeat {
  id: string;
  name: string;
  out?: boolean;
}

/** Where a seat is drawn and what the ring knows of it, for the game's drawing of the seat. */
export interface SeatPlace {
  cell: Cell;
  /** The direction of the table's centre from this seat, in cells (for tokens travelling in). */
  toCenter: { x: number; y: number };
  isViewer: boolean;
  /** The distance from the viewer (the game's function), null for the viewer, a spectator or no distance. */
  distance: number | null;
  toAct: boolean;
  status: SeatStatus;
}

/** What a SeatRing draws. */
export interface SeatRingProps {
  /** Every seat in seat order (clockwise); the ring rotates them so the viewer sits at the bottom. */
  seats: readonly RingSeat[];
  /** The seated player watching, or null (a spectator: seat 0 at the bottom). */
  viewer: string | null;
  /** The players the game waits for now: highlighted. */
  toAct: readonly string[];
  /** The shell's presence: away and replaced seats, connections, running timers. */
  presence: Presence;
  /** The game's distance between two seated players (null: none, e.g. out of the game). Shown on each seat from the viewer. */
  distance?: (from: string, to: string) => number | null;
  /** The game's drawing of one seat (name excluded: the ring writes it). */
  renderSeat: (seat: RingSeat, place: SeatPlace) => ReactNode;
  /** What the middle of the table shows (a pile, the dice). */
  center?: ReactNode;
  /** Lines from seat to seat, drawn once per `linesToken` and fading out (shots). */
  lines?: readonly SeatLine[];
  linesToken?: string | number;
  /** The accessible name of the table ("Table of 5 players"). */
  label: string;
  /** The persons seated, when the game knows them; else a seat is a person's once presence named it. */
  people?: readonly string[];
}

/** The badge of each presence status: short enough for a phone's seat. */
const STATUS_TEXT: Record<Exclude<SeatStatus, null>, string> = {
  away: "away: the bot plays",
  replaced: "the bot plays (admin)",
  offline: "disconnected",
};

/**
 * The seats around the table (layout.ts): the viewer at the bottom, each seat with its name, the
 * distance from the viewer, a highlight for the players to act, a countdown for each running timer, a
 * badge for an away, replaced or disconnected person, and the game's own drawing of the seat. Works
 * from a phone (390 px) to a desktop: the grid shrinks, the seats wrap their text.
 */
export function SeatRing(props: SeatRingProps) {
  const { seats, viewer, toAct, presence, distance, renderSeat, center, lines, linesToken, label } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState<readonly string[]>([]);
  const grown = peopleSeen(seen, presence);
  if (grown !== seen) setSeen(grown);
  const people = props.people ?? (presence.people.length > 0 ? presence.people : grown);
  const now = useNow(presence.timers.length > 0, 500);
  const ordered = ringOrder(seats, viewer);
  const layout = ringLayout(ordered.length);
  const seated = viewer !== null && seats.some((s) => s.id === viewer);
  const style = { "--kit-rows": layout.rows, "--kit-cols": layout.cols } as CSSProperties;
  return (
    <div ref={ref} className="kit-ring" style={style} role="group" aria-label={label} data-testid="seat-ring">
      <div className="kit-ring-felt" aria-hidden="true" style={{ gridRow: `1 / ${layout.rows + 1}`, gridColumn: `1 / ${layout.cols + 1}` }} />
      <div className="kit-ring-center" style={{ gridRow: `${layout.center.row} / span ${layout.center.rows}`, gridColumn: layout.center.col }}>
        {center}
      </div>
      {ordered.map((seat, i) => {
        const cell = layout.slots[i]!;
        const isViewer = seat.id === viewer;
        const d = seated && !isViewer && distance ? distance(viewer!, seat.id) : null;
        const acting = toAct.includes(seat.id);
        const status = seatStatus(presence, seat.id, people);
        const timer = seatTimer(presence, seat.id);
        const place: SeatPlace = { cell, toCenter: towardCenter(layout, cell), isViewer, distance: d !== null && Number.isFinite(d) ? d : null, toAct: acting, status };
        const cls = `kit-seat${isViewer ? " kit-seat-me" : ""}${acting ? " kit-seat-acting" : ""}${seat.out ? " kit-seat-out" : ""}${status ? ` kit-seat-${status}` : ""}`;
        return (
          <div key={seat.id} role="group" className={cls} style={{ gridRow: cell.row, gridColumn: cell.col }} aria-label={`${seat.name}${isViewer ? " (you)" : ""}`} data-seat-id={seat.id} data-testid="seat" data-player={seat.id} data-acting={acting} data-out={seat.out ?? false} data-status={status ?? ""}>
            <header className="kit-seat-head">
              <span className="kit-seat-name">
                {seat.name}
                {isViewer && <span className="kit-you"> (you)</span>}
              </span>
              {place.distance !== null && (
                <span className="kit-distance" title={`distance ${place.distance} from you`} data-testid="distance">
                  <span className="kit-sr">distance </span>↔{place.distance}
                </span>
              )}
              {timer && <Countdown timer={timer} now={now} label={`${seat.name}'s time`} />}
            </header>
            {acting && <span className="kit-badge kit-badge-act">to act</span>}
            {status && (
              <span className={`kit-badge kit-badge-${status}`} data-testid="presence-badge">
                {STATUS_TEXT[status]}
              </span>
            )}
            {renderSeat(seat, place)}
          </div>
        );
      })}
      {lines && linesToken !== undefined && <ShotLines root={ref} lines={lines} token={linesToken} />}
    </div>
  );
}
