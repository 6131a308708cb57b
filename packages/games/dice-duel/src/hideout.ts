/** Pure helpers on a hideout (R8.1): 2 rows of 4 cards, each standing or destroyed. */
import { COLUMNS, ROWS, type CardRef, type Hideout, type Row } from "./types.js";

/** A full hideout: all 8 cards standing (R8.1). */
export function fullHideout(): Hideout {
  return { near: [true, true, true, true], far: [true, true, true, true] };
}

/** A copy of a hideout (for drafts). */
export function copyHideout(h: Hideout): Hideout {
  return { near: h.near.slice(), far: h.far.slice() };
}

/** Is `ref` a card address: row `near`/`far` and an integer column 0..3? */
export function isCardRef(ref: unknown): ref is CardRef {
  if (ref === null || typeof ref !== "object") return false;
  const { row, column } = ref as CardRef;
  return (ROWS as readonly unknown[]).includes(row) && Number.isInteger(column) && column >= 0 && column < COLUMNS;
}

/** Cards still standing, 0..8. */
export function standing(h: Hideout): number {
  let n = 0;
  for (const row of ROWS) for (const up of h[row]) if (up) n++;
  return n;
}

/** Cards standing in one row, 0..4. */
export function standingInRow(h: Hideout, row: Row): number {
  return h[row].filter(Boolean).length;
}

/** R8.10: all 8 cards destroyed. */
export function allDestroyed(h: Hideout): boolean {
  return standing(h) === 0;
}

/** Every card address with the given state (`true`: standing), near row first, columns ascending. */
export function cardsWhere(h: Hideout, up: boolean): CardRef[] {
  const out: CardRef[] = [];
  for (const row of ROWS) h[row].forEach((v, column) => v === up && out.push({ row, column }));
  return out;
}

/** R8.8: columns where arrows can restore a card: one card destroyed, one still standing. */
export function repairableColumns(h: Hideout): number[] {
  const out: number[] = [];
  for (let c = 0; c < COLUMNS; c++) if (h.near[c] !== h.far[c]) out.push(c);
  return out;
}

/** The destroyed card of a repairable column (R8.8). */
export function destroyedInColumn(h: Hideout, column: number): Row {
  return h.near[column] ? "far" : "near";
}
