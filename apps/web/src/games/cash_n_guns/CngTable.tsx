"use client";
import { NEW_GODFATHER, type CngView } from "@bang/game-cash-n-guns";
import { Help } from "@/components/table/Help";
import { SeatRing } from "@/components/table/SeatRing";
import type { SeatLine } from "@/components/table/ShotLines";
import type { Presence } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";
import type { CngWire } from "./controls";
import { LOOT_HELP, TILE_HELP } from "./help";
import { lootGroups, lootKind, lootName } from "./loot";
import { LootCard } from "./LootCard";
import type { Showdown } from "./reveal";
import { Seat, type SeatTap } from "./Seat";
import { shareOrder, STEP_WORDS } from "./table";

/**
 * Ca$h 'n Guns' table for every viewer: the gangsters around it (kit SeatRing: the viewer at the
 * bottom, the players the game waits for highlighted, each running timer), in the middle the round, the
 * step and the New Godfather tile; below it the round's loot (each card a button when it is the
 * viewer's share: `take`) and, while sharing, the share order (F5.2). `lines` are drawn when aims or
 * cards are revealed; `showdown` is the round's reveal as each seat shows it.
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
  take: ((card: string) => { command: CngWire; label: string } | null) | null;
  send: ((c: CngWire) => void) | null;
  busy: boolean;
}) {
  const { view, me, names, presence, lines, linesToken, showdown, tileTaker, seatTap, take, send, busy } = props;
  const seats = view.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), out: !p.alive }));
  // The round's own showdown marks the seats; an older one is shown in its own panel only.
  const current = showdown && showdown.round === view.round && (view.phase === "sharing" || view.phase === "game_over") ? showdown : null;
  const order = shareOrder(view);
  const button = (card: string) => {
    const t = take?.(card);
    return t && send ? { onTake: () => send(t.command), label: t.label } : null;
  };
  const tile = button(NEW_GODFATHER);
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
      {view.phase !== "game_over" && (
        <div className="cng-loot" data-testid="table-loot" aria-label="Loot on the table" role="group">
          <h3 className="cng-loot-title">
            Loot on the table <span className="cng-muted">({view.table.length} {view.table.length === 1 ? "card" : "cards"})</span>
          </h3>
          <div className="cng-cards">
            {view.table.length === 0 && <span className="cng-muted">none left</span>}
            {lootGroups(view.table).map(({ card, count }) => {
              const b = button(card);
              return b ? <LootCard key={card} card={card} count={count} label={b.label} onTake={b.onTake} disabled={busy} /> : <LootCard key={card} card={card} count={count} label={`${count} × ${lootName(card).replace(/^an? /, "")}`} />;
            })}
            {tile && <LootCard card={NEW_GODFATHER} label={tile.label} onTake={tile.onTake} disabled={busy} />}
          </div>
          <p className="cng-loot-help">
            {[...new Set(view.table.map(lootKind))].map((k) => (
              <Help key={k} term={k.replace(/_/g, " ")} className="cng-kind-help">
                {LOOT_HELP[k].text} ({LOOT_HELP[k].rule})
              </Help>
            ))}
          </p>
          {order.length > 0 && (
            <p className="cng-share-order" data-testid="share-order">
              Shares:{" "}
              {order.map((id, i) => (
                <span key={id} className={id === view.turn ? "cng-share-now" : undefined} data-player={id} data-now={id === view.turn}>
                  {i > 0 && " → "}
                  {id === me ? "you" : nameOf(names, id)}
                </span>
              ))}
              {order.length > 1 ? ", round and round until the loot is gone." : " takes everything."}
            </p>
          )}
          {view.phase === "sharing" && order.length === 0 && <p className="cng-muted">Nobody can take a share.</p>}
        </div>
      )}
    </section>
  );
}
