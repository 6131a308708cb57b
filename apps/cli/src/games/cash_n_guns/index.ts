/**
 * Ca$h 'n Guns (module `cash_n_guns` of @bang/game-cash-n-guns, RULES-cash-n-guns.md part F) in the
 * terminal: the round and its step, the Godfather and the tile, the loot, every seat with what the view
 * shows of this round's secret choices (`?` until revealed), the person's own bullets; menus of the
 * legal choices; how games ended, the winners' totals and the deaths of `bang simulate`.
 */
import { cashNGuns, type CngCommand, type CngEvent, type CngState, type CngView } from "@bang/game-cash-n-guns";
import type { GameUi } from "../../shell/game-ui.js";
import { describeEvents } from "./events.js";
import { describeWinner, rankingLines, renderTable } from "./format.js";
import { formatCommand } from "./move.js";
import { cngPrompt } from "./prompt.js";
import { CngTally } from "./stats.js";

/** The commands a person types (bang play --help, and `help` during a game). */
const HELP = `  a menu key                 the choice of that key in the menu shown (only legal choices are listed;
                             players by their seat number)
  Enter                      the heuristic bot's choice from your view
  click / bang               your secret bullet card (choose_bullet bang)
  aim p3                     hold up p3 (a seat number works too)
  order_change p3 / pass     the Godfather orders p3 to change target, or lets the aims stand
  retarget p4                the ordered player's new target
  stand / lie_down           your secret courage choice (courage lie_down)
  take painting / take new_godfather
                             your share: a loot card on the table, or the New Godfather tile`;

/** The winner (F7), to `me` whether they won, and the final ranking. */
function ending(view: CngView, me: string | null): string {
  if (!view.winner) return "The game is over.";
  const winner = `Winner: ${describeWinner(view)}.`;
  if (me === null) return winner;
  return [`${winner} ${view.winner.players.includes(me) ? "You win!" : "You lose."}`, ...rankingLines(view)].join("\n");
}

export const cashNGunsUi: GameUi<CngView, CngCommand, CngEvent, CngState> = {
  id: cashNGuns.id,
  name: cashNGuns.name,
  defaultSeats: 5,
  help: HELP,
  seats: (view) => view.players.map((p) => p.id),
  render: renderTable,
  describeEvents,
  formatCommand,
  prompt: cngPrompt,
  ending,
  tally: (seats) => new CngTally(seats),
};
