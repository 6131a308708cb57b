"use client";
import { RulesPanel } from "@/components/table/RulesPanel";
import { BULLET_HELP, COURAGE_HELP, LOOT_HELP, TILE_HELP } from "./help";

/** Ca$h 'n Guns' rules in short, written for this table from RULES-cash-n-guns.md part F (rule ids in brackets). */
export function CngRules() {
  return (
    <RulesPanel title="Rules in short">
      <h4>Your goal</h4>
      <p>Be the richest gangster alive after 8 rounds, or the last one alive (F7). Three wounds and you are dead (F4.5).</p>
      <h4>A round</h4>
      <ol>
        <li>8 loot cards are laid on the table (F3.2).</li>
        <li>Everyone loads a Click or a Bang! in secret; each card is used once (F3.3, F3.4).</li>
        <li>Everyone aims at another gangster at once; the aims are shown together (F3.5, F8.5). Too slow: you hold nobody up.</li>
        <li>The Godfather may order one gangster to aim at someone else (F3.6).</li>
        <li>Everyone chooses in secret to stand or lie down (F3.7).</li>
        <li>The cards fire at once. A card aimed at someone lying down, or held by someone lying down, is discarded face down and never shown (F4.1). Each Bang! that fires is a wound; a wounded gangster lies down (F4.2 to F4.4).</li>
        <li>The gangsters still standing take the loot one card at a time, from the Godfather clockwise, until it is gone (F5).</li>
      </ol>
      <h4>The cards and choices</h4>
      <ul>
        <li><b>Click</b>: {BULLET_HELP.click.text}</li>
        <li><b>Bang!</b>: {BULLET_HELP.bang.text}</li>
        <li><b>Stand</b>: {COURAGE_HELP.stand.text}</li>
        <li><b>Lie down</b>: {COURAGE_HELP.lie_down.text}</li>
        <li><b>New Godfather tile</b>: {TILE_HELP.text}</li>
      </ul>
      <h4>The loot</h4>
      <ul>
        <li><b>Bills</b>: {LOOT_HELP.bill.text}</li>
        <li><b>Diamonds</b>: {LOOT_HELP.diamond.text}</li>
        <li><b>Paintings</b>: {LOOT_HELP.painting.text}</li>
        <li><b>Clip</b>: {LOOT_HELP.clip.text}</li>
        <li><b>First aid kit</b>: {LOOT_HELP.first_aid_kit.text}</li>
      </ul>
      <p>Everyone&apos;s loot is public: tap a seat&apos;s loot to see its cards (F10.17). On a tie the richest with the most wounds wins (F7.7).</p>
    </RulesPanel>
  );
}
