/**
 * The duel (module `dice_duel` of @bang/game-dice-duel, RULES.md part D) in the terminal: both hideouts
 * as 2x4 grids side by side, ammo, the dice, your own secret pick only; one-line commands whose Enter
 * takes a suggestion; the win rates by seat and of the starter of `bang simulate`.
 */
import { diceDuel, type DuelCommand, type DuelEvent, type DuelState, type DuelView } from "@bang/game-dice-duel";
import type { GameUi } from "../../shell/game-ui.js";
import { describeDuelEvents, formatDuelCommand, renderDuel } from "./format.js";
import { DUEL_HELP, duelPrompt } from "./prompt.js";
import { DuelTally } from "./stats.js";

/** The winner (R8.10), and to `me` whether they won. */
function ending(view: DuelView, me: string | null): string {
  const winner = view.winner?.players[0];
  if (winner === undefined) return "The game is over.";
  return `Winner: ${winner} wins the duel.${me === null ? "" : winner === me ? " You win!" : " You lose."}`;
}

export const diceDuelUi: GameUi<DuelView, DuelCommand, DuelEvent, DuelState> = {
  id: diceDuel.id,
  name: diceDuel.name,
  defaultSeats: 2,
  oldThrowsField: "dice",
  help: DUEL_HELP,
  seats: (view) => view.players.map((p) => p.id),
  render: renderDuel,
  describeEvents: (events) => describeDuelEvents(events),
  formatCommand: formatDuelCommand,
  prompt: duelPrompt,
  ending,
  tally: (seats) => new DuelTally(seats),
};
