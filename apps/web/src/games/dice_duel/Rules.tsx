"use client";
import { DUEL_CARDS, FACES } from "@bang/game-dice-duel";
import { RulesPanel } from "@/components/table/RulesPanel";
import { DieFace } from "../dice/DieFace";
import { FACE_LABEL } from "../dice/faces";
import { DUEL_CARD_HELP, DUEL_FACE_HELP } from "./help";

/** The duel's rules in short, written for this table from RULES.md part D (rule ids in brackets). */
export function DuelRules() {
  return (
    <RulesPanel title="Duel rules in short">
      <h4>Goal</h4>
      <p>Each of you defends a hideout of 8 cards in two rows of 4: the near row faces the opponent, the far row is behind it. Whoever loses all 8 cards first loses (R8.1, R8.10). You start with 3 ammo.</p>
      <h4>Your turn</h4>
      <ul>
        <li>Roll the five dice, reroll any of them up to twice more, or stop; dynamite is locked and three of them explode (R8.2).</li>
        <li>Each beer may turn another die to any face before anything resolves (R8.4).</li>
        <li>Then, in order: the dynamite (you lose one of your cards), a molotov, shots, arrows, a duel (R8.6).</li>
        <li>
          <b>Rows:</b> a <DieFace face="1" size={18} decorative /> 1 hits the opponent&apos;s near row, a <DieFace face="2" size={18} decorative /> 2 their far row, for 1 ammo each; with no ammo or no card left in that row the die does nothing (R8.7).
        </li>
      </ul>
      <h4>The faces</h4>
      <ul className="face-list">
        {FACES.map((f) => (
          <li key={f}>
            <DieFace face={f} size={24} decorative /> <b>{FACE_LABEL[f]}</b>: {DUEL_FACE_HELP[f].text} ({DUEL_FACE_HELP[f].rule})
          </li>
        ))}
      </ul>
      <h4>The duel</h4>
      <p>Both pick a card in secret; only the starter&apos;s card can take effect, unless the other card blocks it; equal cards play again (R8.9).</p>
      <ul>
        {DUEL_CARDS.map((c) => (
          <li key={c}>
            <b>{c}</b>: {DUEL_CARD_HELP[c].text}
          </li>
        ))}
      </ul>
    </RulesPanel>
  );
}
