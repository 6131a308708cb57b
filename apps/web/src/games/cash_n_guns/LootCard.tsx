"use client";
import { NEW_GODFATHER, type LootCard as Loot } from "@bang/game-cash-n-guns";
import { lootFace, lootKind, lootName } from "./loot";

/**
 * One loot card (or the New Godfather tile) as its face shows on the table, coloured by kind, `count`
 * of them: a button when it can be taken now (`onTake`; its accessible name is "Take" and the face,
 * then the card's full name), else a plain card with its full name for screen readers.
 */
export function LootCard({ card, count = 1, onTake, disabled }: { card: Loot | typeof NEW_GODFATHER; count?: number; onTake?: (() => void) | undefined; disabled?: boolean }) {
  const kind = card === NEW_GODFATHER ? "tile" : lootKind(card);
  const full = card === NEW_GODFATHER ? "the tile: Godfather from the next round" : `${count > 1 ? `${count} × ` : ""}${lootName(card).replace(/^an? /, "")}`;
  const face = (
    <>
      <span className="cng-card-face">{lootFace(card)}</span>
      {count > 1 && <span className="cng-card-count"> ×{count}</span>}
      <span className="kit-sr"> ({full})</span>
    </>
  );
  const cls = `cng-card cng-card-${kind}`;
  return onTake ? (
    <button type="button" className={`${cls} cng-card-take`} onClick={onTake} disabled={disabled} data-testid="take" data-card={card}>
      <span className="kit-sr">Take </span>
      {face}
    </button>
  ) : (
    <span className={cls} data-testid="loot-card" data-card={card} data-count={count}>
      {face}
    </span>
  );
}
