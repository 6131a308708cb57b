/**
 * The person's decisions in a duel (RULES.md part D): what they may do now (from the duel's legal
 * actions on their own view), what Enter does (the suggestion: roll, stop, a planned resolution, the
 * first cards of an effect; a secret pick has none), and a bare card name at the pick.
 */
import { duelLegalActions, planResolve, type DuelCommand, type DuelLegalActions, type DuelView, type PlayerId } from "@bang/game-dice-duel";
import type { Reading, TurnPrompt } from "../../shell/game-ui.js";
import { cardName, formatDuelCommand } from "./format.js";
import { parseDuelCard, parseDuelMove } from "./move.js";

/** The commands of a duel, printed by `help`. */
export const DUEL_HELP = `  roll                       throw the five dice (Enter does it too)
  reroll 0 2 4               throw those dice again (dynamite is locked); gatling faces give ammo
  stop                       keep the dice (Enter does it too)
  resolve [change:B>D=FACE] [dynamite:n0] [shot:D@COL] [repair:COL]
                             a beer die B turns die D into FACE; the explosion takes your card n0;
                             a 1 (near row) or 2 (far row) die D shoots the opponent's card in COL;
                             a pair of arrows restores your card in COL. Enter takes the suggestion.
  pick sheriff|outlaw|renegade (s/o/r)   your secret duel card
  effect n1 f2               the cards your sheriff restores or your outlaw destroys
  Cards: n0..n3 the near row, f0..f3 the far row (columns 0 to 3).`;

/** What Enter does: roll, stop, the suggested resolution, the first cards of an effect; none for a pick. */
function suggestion(view: DuelView, legal: DuelLegalActions, by: PlayerId): DuelCommand | null {
  switch (legal.kind) {
    case "roll":
      return { type: "roll", by };
    case "reroll":
      return { type: "stop", by };
    case "resolve":
      return planResolve(view, by, [], (items) => items[0]!);
    case "effect":
      return { type: "effect", by, cards: legal.cards.slice(0, legal.count) };
    default:
      return null;
  }
}

function hint(legal: DuelLegalActions, suggested: DuelCommand | null): string {
  switch (legal.kind) {
    case "roll":
      return "Your move: roll (or Enter) throws the five dice.";
    case "reroll":
      return `Your move: reroll DICE (any of ${legal.rerollable.join(" ")}; ${legal.rollsLeft} roll${legal.rollsLeft === 1 ? "" : "s"} left), or stop (or Enter).`;
    case "resolve": {
      const t = legal.targets;
      const lines = ["Your move: resolve."];
      if (legal.beers.length > 0) lines.push(`  beer dice ${legal.beers.join(" ")}: each may change another die (change:B>D=FACE)`);
      if (t.dynamite) lines.push(`  the dynamite exploded: name one of your cards (dynamite:CARD)`);
      if (t.molotov) lines.push(`  molotov: the opponent's ${t.molotov} row burns`);
      for (const s of t.shots) lines.push(`  die ${s.die} shoots the ${s.row} row, columns ${s.columns.join(" ") || "none left"} (${t.ammo} ammo)`);
      // R8.8: each pair restores one of the player's destroyed cards, in a column where one still stands.
      const pairs = `${t.pairs} pair${t.pairs === 1 ? "" : "s"} of arrows`;
      if (t.pairs > 0) lines.push(t.repairable.length > 0 ? `  ${pairs}: each restores one of your destroyed cards, in column ${t.repairable.join(" or ")}` : `  ${pairs}: no destroyed card of yours to restore`);
      lines.push(`Enter takes: ${formatDuelCommand(suggested!)}`);
      return lines.join("\n");
    }
    case "pick":
      return "Duel! pick sheriff, outlaw or renegade (s/o/r). Nobody sees your card before both picked.";
    case "effect":
      return `Your ${legal.card} takes ${legal.count} cards among ${legal.cards.map(cardName).join(" ")}: effect CARD CARD (Enter takes the first).`;
    case "none":
      return "";
  }
}

/** The prompt of `me`'s next decision in a duel, from their own view. */
export function duelPrompt(view: DuelView, me: PlayerId): TurnPrompt<DuelCommand> {
  const legal = duelLegalActions(view, me);
  const suggested = suggestion(view, legal, me);
  return {
    hint: hint(legal, suggested),
    label: legal.kind,
    read(line): Reading<DuelCommand> {
      if (line === "") return suggested ? { command: suggested } : { note: "Type your card: pick sheriff, pick outlaw or pick renegade." };
      const card = legal.kind === "pick" ? parseDuelCard(line) : null;
      return card ? { command: { type: "pick", by: me, card } } : parseDuelMove(line, me);
    },
  };
}
