"use client";
import type { Face } from "@bang/game-dice";
import { Help } from "@/components/table/Help";
import { Tumble } from "@/components/table/motion";
import { DieFace } from "./DieFace";
import { FACE_LABEL } from "./faces";

/** What a face means in the game being played (the dice game's or the duel's), with its rule ids. */
export type FaceMeaning = (face: Face) => { text: string; rule: string };

/**
 * A row of dice (the dice game's, and the duel's: the same five dice, R8.2). A die whose `keeps` entry
 * is a boolean is a toggle button (kept or thrown by the next reroll) with a "?" beside it for its
 * meaning; any other die is itself the help button (its meaning on tap, hover or focus): no die is a
 * button that does nothing. `tokens[i]` changes each time die `i` is thrown (it tumbles); `before`
 * marks dice a preview changed (the duel's beer changes, R8.4).
 */
export function Dice(props: {
  dice: readonly Face[];
  meaning: FaceMeaning;
  keeps?: readonly (boolean | null)[];
  onKeep?: (die: number) => void;
  busy?: boolean;
  tokens?: readonly (string | number)[];
  before?: readonly Face[];
  size?: number;
  label?: string;
  testId?: string;
}) {
  const { dice, meaning, keeps, onKeep, busy = false, tokens, before, size = 48, label = "Dice", testId = "dice" } = props;
  return (
    <ul className="dice" aria-label={label} data-testid={testId}>
      {dice.map((f, i) => {
        const kept = keeps?.[i];
        const was = before?.[i];
        const changed = was !== undefined && was !== f;
        const m = meaning(f);
        const explain = `${FACE_LABEL[f]}: ${m.text} (${m.rule})`;
        return (
          <li key={i} className={`die-slot${changed ? " changed" : ""}`} data-face={f}>
            <Tumble token={tokens?.[i] ?? 0}>
              {typeof kept === "boolean" ? (
                <button
                  type="button"
                  className={`die-toggle${kept ? " kept" : ""}`}
                  aria-pressed={kept}
                  data-testid="die"
                  data-kept={kept}
                  data-face={f}
                  disabled={busy || !onKeep}
                  onClick={() => onKeep?.(i)}
                >
                  <DieFace face={f} size={size} decorative />
                  <span className="kit-sr">
                    Die {i + 1}, {FACE_LABEL[f]}:{" "}
                  </span>
                  <span className="die-caption">{kept ? "kept" : "reroll"}</span>
                </button>
              ) : (
                <Help term={<DieFace face={f} size={size} decorative />} label={`Die ${i + 1}: ${FACE_LABEL[f]}${kept === null ? ", locked" : ""}`} testId="die-face" className="die-help">
                  {explain}
                </Help>
              )}
            </Tumble>
            {typeof kept === "boolean" && (
              <Help term="?" label={`What ${FACE_LABEL[f]} does`} className="die-info">
                {explain}
              </Help>
            )}
            {kept === null && <span className="die-caption">locked</span>}
            {changed && <span className="die-caption">was {FACE_LABEL[was]}</span>}
          </li>
        );
      })}
    </ul>
  );
}
