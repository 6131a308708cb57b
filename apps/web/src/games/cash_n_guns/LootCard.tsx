"use client";
import { NEW_GODFATHER, type LootCard as Loot } from "@bang/game-cash-n-guns";
import { lootFace, lootKind } from "./loot";

/**
 * One loot card (or the New Godfather tile) as its face shows on the table, coloured by kind: a button
 * when it can be taken now (`onTake`, with `label` as its accessible name), else a plain card. `count`
 * shows how many of that card lie there.
 */
export function LootCard({ card, count = 1, label, onTake, disabled, taken }: { card: Loot | typeof NEW_GODFATHER; count?: number; label: string; onTake?: () => void; disabled?: boolean; taken?: boolean }) {
  const kind = card === NEW_GODFATHER ? "tile" : lootKind(card);
  const face = (
    <>
      <span className="cng-card-face">{lootFace(card)}</span>
      {count > 1 && <span className="cng-card-count"> ×{count}</span>}
      {taken && <span className="cng-card-count"> (taken)</span>}
    </>
  );
  const cls = `cng-card cng-card-${kind}${taken ? " cng-card-taken" : ""}`;
  return onTake ? (
    <button type="button" className={`${cls} cng-card-take`} onClick={onTake} disabled={disabled} aria-label={label} data-testid="take" data-card={card}>
      {face}
    </button>
  ) : (
    <span className={cls} data-testid="loot-card" data-card={card} data-count={count} title={label}>
      {face}
      <span className="kit-sr"> ({label})</span>
    </span>
  );
}
