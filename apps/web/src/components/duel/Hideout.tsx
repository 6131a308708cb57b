"use client";
import type { CardRef, Hideout as HideoutCards, Row } from "@bang/engine";

/** Per card of a hideout: may it be clicked now, is it selected (effect choice), does the draft change it. */
export interface CardMarks {
  clickable?: (card: CardRef) => boolean;
  selected?: (card: CardRef) => boolean;
  onClick?: (card: CardRef) => void;
}

/**
 * One hideout as a 2x4 grid (R8.1): the `near` row faces the opponent, so the opponent's hideout is
 * drawn far row first and the viewer's near row first. `preview` is the hideout after the draft being
 * built (cards it would destroy or restore are marked); clicks go to `marks.onClick`.
 */
export function Hideout(props: { side: "mine" | "theirs"; title: string; cards: HideoutCards; preview?: HideoutCards; ammo: number; active: boolean; marks?: CardMarks; busy?: boolean }) {
  const { side, title, cards, preview, ammo, active, marks, busy } = props;
  const rows: Row[] = side === "theirs" ? ["far", "near"] : ["near", "far"];
  const standing = cards.near.filter(Boolean).length + cards.far.filter(Boolean).length;
  return (
    <section className={`hideout${active ? " turn" : ""}`} data-testid={`hideout-${side}`} data-cards={standing} data-ammo={ammo}>
      <div className="hideout-head">
        <b>{title}</b>
        <span data-testid="cards">🂠 {standing}/8</span>
        <span data-testid="ammo">⁍ {ammo} ammo</span>
      </div>
      {rows.map((row) => (
        <div key={row} className="hideout-row">
          <small className="row-label">{row}</small>
          {cards[row].map((up, column) => {
            const card = { row, column };
            const after = preview ? preview[row][column] : up;
            const clickable = !busy && (marks?.clickable?.(card) ?? false);
            const selected = marks?.selected?.(card) ?? false;
            const state = after !== up ? (after ? "restored" : "hit") : up ? "up" : "down";
            return (
              <button
                key={column}
                type="button"
                className={`hcard ${state}${selected ? " selected" : ""}${clickable ? " clickable" : ""}`}
                data-testid="card"
                data-side={side}
                data-row={row}
                data-column={column}
                data-state={state}
                disabled={!clickable}
                onClick={() => marks?.onClick?.(card)}
                title={`${row} row, column ${column + 1}: ${state}`}
              >
                {state === "up" ? "▮" : state === "down" ? "·" : state === "hit" ? "✕" : "✚"}
              </button>
            );
          })}
        </div>
      ))}
    </section>
  );
}
