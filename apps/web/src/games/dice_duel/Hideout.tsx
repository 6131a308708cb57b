"use client";
import type { CardRef, Hideout as HideoutCards, Row } from "@bang/game-dice-duel";
import { Help } from "@/components/table/Help";
import { animClass, Flash, useChange } from "@/components/table/motion";
import { DieFace } from "../dice/DieFace";
import { ROW_RULE } from "./help";

/** Per card of a hideout: may it be clicked now, is it selected (effect choice), and the click. */
export interface CardMarks {
  clickable?: (card: CardRef) => boolean;
  selected?: (card: CardRef) => boolean;
  onClick?: (card: CardRef) => void;
}

type CardState = "up" | "down" | "hit" | "restored";
const SYMBOL: Record<CardState, string> = { up: "▮", down: "·", hit: "✕", restored: "✚" };
const WORDS: Record<CardState, string> = { up: "standing", down: "destroyed", hit: "to destroy", restored: "to restore" };

/**
 * One card. On the acting duellist's page (`interactive`) it is a button, enabled only when a click does
 * something now (it stays the same element, so the page keeps its place for the keyboard); elsewhere it
 * is a picture. It flashes when it falls or stands again.
 */
function Card({ side, row, column, state, interactive, clickable, selected, onClick }: { side: string; row: Row; column: number; state: CardState; interactive: boolean; clickable: boolean; selected: boolean; onClick: () => void }) {
  const standing = state === "up" || state === "restored";
  const change = useChange(standing);
  const cls = `hcard ${state}${selected ? " selected" : ""}${clickable ? " clickable" : ""}${animClass("kit-flash", change.n)} kit-flash-${standing ? "up" : "down"}`;
  const label = `${row} row, column ${column + 1}: ${WORDS[state]}${selected ? ", chosen" : ""}`;
  const data = { "data-testid": "card", "data-side": side, "data-row": row, "data-column": column, "data-state": state };
  return interactive ? (
    <button type="button" className={cls} aria-label={label} aria-pressed={selected || undefined} disabled={!clickable} onClick={onClick} {...data}>
      <span aria-hidden="true">{SYMBOL[state]}</span>
    </button>
  ) : (
    <span className={cls} role="img" aria-label={label} {...data}>
      <span aria-hidden="true">{SYMBOL[state]}</span>
    </span>
  );
}

/**
 * One hideout as a 2x4 grid (R8.1): the `near` row faces the opponent, so the opponent's hideout is
 * drawn far row first and the viewer's near row first; each row says which die hits it (R8.7). `preview`
 * is the hideout after the draft being built (cards it would destroy or restore are marked); clicks go
 * to `marks.onClick`.
 */
export function Hideout(props: { side: "mine" | "theirs"; cards: HideoutCards; preview?: HideoutCards; ammo: number; marks?: CardMarks; busy?: boolean }) {
  const { side, cards, preview, ammo, marks, busy } = props;
  const rows: Row[] = side === "theirs" ? ["far", "near"] : ["near", "far"];
  const standing = cards.near.filter(Boolean).length + cards.far.filter(Boolean).length;
  return (
    <div className="hideout" data-testid={`hideout-${side}`} data-cards={standing} data-ammo={ammo}>
      <div className="hideout-head">
        <Flash value={standing}>
          <span data-testid="cards">{standing}/8 cards</span>
        </Flash>
        <Flash value={ammo}>
          <span data-testid="ammo">{ammo} ammo</span>
        </Flash>
      </div>
      {rows.map((row) => (
        <div key={row} className="hideout-row">
          <Help term={<span className="row-label"><DieFace face={ROW_RULE[row].face} size={18} decorative /> {row}</span>} className="row-help">
            The {ROW_RULE[row].text} (paying 1 ammo per shot, R8.7).
          </Help>
          {cards[row].map((up, column) => {
            const card = { row, column };
            const after = preview ? preview[row][column] : up;
            const state: CardState = after !== up ? (after ? "restored" : "hit") : up ? "up" : "down";
            return (
              <Card key={column} side={side} row={row} column={column} state={state} interactive={marks?.onClick !== undefined} clickable={!busy && (marks?.clickable?.(card) ?? false)} selected={marks?.selected?.(card) ?? false} onClick={() => marks?.onClick?.(card)} />
            );
          })}
        </div>
      ))}
    </div>
  );
}
