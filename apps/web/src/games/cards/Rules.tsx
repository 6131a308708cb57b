"use client";
import { KINDS } from "@bang/game-cards";
import { RulesPanel } from "@/components/table/RulesPanel";
import { CARD_HELP } from "./help";
import { KIND_NAME } from "./words";

/** The card game's rules in short, written for this table from RULES-cards.md part E (rule ids in brackets). */
export function CardsRules() {
  return (
    <RulesPanel title="Rules in short">
      <h4>Your goal</h4>
      <p>
        Roles are secret except the sheriff&apos;s (E1.3). The sheriff and the deputies win when every outlaw and renegade is out; the outlaws win when the sheriff falls; a renegade wins only as
        the last one left (E9).
      </p>
      <h4>Your turn</h4>
      <ul>
        <li>First any Dynamite, then any Jail in front of you is checked with a “draw!” (E3.1).</li>
        <li>Draw 2 cards (E3.2).</li>
        <li>Play any cards you like, one at a time; only one BANG! per turn, one card of a kind in play, one weapon (E3.3).</li>
        <li>End your turn: if you hold more cards than your life, discard the excess (E3.4).</li>
      </ul>
      <h4>Distance and reach</h4>
      <p>
        The number on each seat is its distance from you: the fewest seats between you either way, counting only players still in, changed by Mustang and Scope (E4.1, E4.2). A BANG! reaches as far
        as your weapon (the Colt .45 reaches 1), a Panic! only distance 1 (E4.3, E4.4).
      </p>
      <h4>Out of your turn</h4>
      <p>Answer a shot with Missed! (or a Barrel&apos;s “draw!”), a Duel or Indians! with a BANG!, and at 0 life drink a Beer to stay in (E3.6, E7.4). Your countdown shows how long you have.</p>
      <h4>The cards</h4>
      <ul className="cards-rules-list">
        {KINDS.map((k) => (
          <li key={k}>
            <b>{KIND_NAME[k]}</b>: {CARD_HELP[k].text} ({CARD_HELP[k].rule})
          </li>
        ))}
      </ul>
      <p>Tap a character&apos;s name or a card on the table for what it does.</p>
    </RulesPanel>
  );
}
