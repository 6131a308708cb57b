"use client";
import type { CngView } from "@bang/game-cash-n-guns";
import { Help } from "@/components/table/Help";
import { SeatRing } from "@/components/table/SeatRing";
import type { SeatLine } from "@/components/table/ShotLines";
import type { Presence } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";
import { TILE_HELP } from "./help";
import type { Showdown } from "./reveal";
import { Seat, type SeatTap } from "./Seat";
import { STEP_WORDS } from "./table";

/**
 * Ca$h 'n Guns' table for every viewer: the gangsters around it (kit SeatRing: the viewer at the
 * bottom, the players the game waits for highlighted, each running timer), in the middle the round, the
 * step and the New Godfather tile (with its taker, when this page saw the take). `lines` are drawn when
 * aims or cards are revealed; `showdown` is the round's reveal as each seat shows it. The round's loot
 * is drawn below the controls (LootStrip).
 */
export function CngTable(props: {
  view: CngView;
  me: string | null;
  names: Names;
  presence: Presence;
  lines: readonly SeatLine[];
  linesToken: number;
  showdown: Showdown | null;
  tileTaker: string | null;
  seatTap: (id: string) => SeatTap | null;
}) {
  const { view, me, names, presence, lines, linesToken, showdown, tileTaker, seatTap } = props;
  const seats = view.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), out: !p.alive }));
  // The round's own showdown marks the seats; an older one is shown in its own panel only.
  const current = showdown && showdown.round === view.round && (view.phase === "sharing" || view.phase === "game_over") ? showdown : null;
  return (
    <section className="table cng-table" data-testid="table" data-state-id={view.stateId} data-phase={view.phase} data-round={view.round} aria-label="The table">
      <SeatRing
        seats={seats}
        viewer={me}
        toAct={view.waitingFor}
        presence={presence}
        label={`Table of ${view.players.length} gangsters`}
        lines={lines}
        linesToken={linesToken}
        renderSeat={(s) => {
          const seat = view.players.find((p) => p.id === s.id)!;
          const row = current?.rows.find((r) => r.player === s.id) ?? null;
          return <Seat view={view} seat={seat} me={me} names={names} row={row} wounded={row?.wounds ?? 0} tap={seatTap(s.id)} />;
        }}
        center={
          <div className="cng-center">
            <div className="cng-round-no" data-testid="round">
              Round {view.round}/8
            </div>
            <div className="cng-step" data-testid="step">
              {STEP_WORDS[view.phase]}
            </div>
            {view.phase !== "game_over" && (
              <Help term={<span className={`cng-tile cng-tile-${view.tile}`}>New Godfather: {view.tile === "available" ? "available" : `taken${tileTaker ? ` by ${nameOf(names, tileTaker)}` : ""}`}</span>} testId="tile">
                <b>The New Godfather tile</b>: {TILE_HELP.text} ({TILE_HELP.rule})
              </Help>
            )}
          </div>
        }
      />
    </section>
  );
}
