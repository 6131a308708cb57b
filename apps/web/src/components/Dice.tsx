"use client";
import type { Face } from "@bang/engine";
import { FACE_LABEL, FACE_SYMBOL, toggleKeep } from "@/lib/table";

/**
 * The dice of the turn, one button each. While a reroll is legal a rerollable die toggles between kept
 * and rerolled (dynamite is never rerollable, R2.3 and R8.2); otherwise the dice only show. `before`
 * gives the faces the server rolled when `dice` is a preview (a duel's beer changes, R8.4): a die that
 * differs is marked "changed" with its rolled face.
 */
export function Dice(props: {
  dice: readonly Face[];
  before?: readonly Face[];
  /** Indexes of the dice a reroll may throw; empty when no reroll is legal. */
  rerollable: readonly number[];
  kept: readonly number[];
  rerolling: boolean;
  busy: boolean;
  onKeep: (kept: number[]) => void;
}) {
  const { dice, before, rerollable, kept, rerolling, busy, onKeep } = props;
  return (
    <div className="dice" data-testid="dice">
      {dice.map((f, i) => {
        const canKeep = rerollable.includes(i);
        const isKept = !canKeep || kept.includes(i);
        const was = before?.[i];
        const changed = was !== undefined && was !== f;
        return (
          <button
            key={i}
            type="button"
            className={`die face-${f}${isKept ? " kept" : ""}${changed ? " changed" : ""}`}
            data-testid="die"
            data-kept={isKept}
            data-face={f}
            disabled={!rerolling || !canKeep || busy}
            onClick={() => onKeep(toggleKeep(kept, i, rerollable))}
            title={canKeep ? (isKept ? "kept: click to reroll it" : "click to keep") : FACE_LABEL[f]}
          >
            <span className="symbol">{FACE_SYMBOL[f]}</span>
            <small>{FACE_LABEL[f]}</small>
            {rerolling && <small className="keep">{isKept ? "kept" : "reroll"}</small>}
            {changed && <small className="keep">was {FACE_LABEL[was]}</small>}
          </button>
        );
      })}
    </div>
  );
}
