"use client";
import { FACES } from "@bang/game-dice";
import { RulesPanel } from "@/components/table/RulesPanel";
import { DieFace } from "./DieFace";
import { FACE_LABEL } from "./faces";
import { FACE_HELP } from "./help";

/** The dice game's rules in short, written for this table from RULES.md parts A to C (rule ids in brackets). */
export function DiceRules() {
  return (
    <RulesPanel title="Rules in short">
      <h4>Your goal</h4>
      <p>
        Roles are secret except the sheriff&apos;s (R1.2). The sheriff and the deputies win when every outlaw and renegade is out; the outlaws win when the sheriff falls; a renegade wins only as the
        last one standing (R6). With 3 players the roles are public and each has a target to eliminate personally (R7).
      </p>
      <h4>Your turn</h4>
      <ul>
        <li>Roll the five dice, then reroll any of them up to two more times, or stop (R2.1, R2.2).</li>
        <li>Dynamite is locked; three of them end your rolling and cost you 1 life (R2.3, R2.6).</li>
        <li>Each arrow rolled takes an arrow from the pile at once; the last one brings an Indian attack: 1 life per arrow held, then all arrows go back (R2.4, R4).</li>
        <li>Then the dice resolve: shots, beers, then the Gatling (R3). Every shot and beer must be given a target (R3.9).</li>
      </ul>
      <h4>Distance</h4>
      <p>The fewest seats between two players either way round, counting only players still in; the number on each seat is its distance from you (R3.4). With 2 or 3 players alive a 2 counts as a 1 (R3.5).</p>
      <h4>The faces</h4>
      <ul className="face-list">
        {FACES.map((f) => (
          <li key={f}>
            <DieFace face={f} size={24} decorative /> <b>{FACE_LABEL[f]}</b>: {FACE_HELP[f].text} ({FACE_HELP[f].rule})
          </li>
        ))}
      </ul>
      <p>Tap a character&apos;s name on the table for its ability.</p>
    </RulesPanel>
  );
}
