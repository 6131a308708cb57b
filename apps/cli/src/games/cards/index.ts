/**
 * Bang! the card game (module `cards` of @bang/game-cards, RULES-cards.md part E) in the terminal: every
 * seat's character, the roles the viewer may see, life, hand size, reach, distance and cards in play;
 * the viewer's own hand, lettered; a numbered menu of the legal moves (Enter takes the heuristic bot's);
 * the wins by team and character of `bang simulate`.
 */
import { cards, type Command, type GameEvent, type GameState, type PlayerView } from "@bang/game-cards";
import type { GameUi } from "../../shell/game-ui.js";
import { describeEvents } from "./events.js";
import { describeWinner, rankingLines, renderTable } from "./format.js";
import { formatCommand } from "./move.js";
import { cardsPrompt } from "./prompt.js";
import { CardsTally } from "./stats.js";

/** The commands a person types (bang play --help, and `help` during a game). */
const HELP = `  1, 2, ...                  the move of that number in the menu shown (only legal moves are listed)
  Enter                      the suggested move (the heuristic bot's choice from your view)
  draw [discard|PLAYER]      phase 1 (Pedro Ramirez from the discard pile, Jesse Jones from a hand)
  play CARD [PLAYER] [CARD]  phase 2: play bang p3, play panic p3 volcanic_10s, play missed p3 as bang
  respond CARD / barrel [barrel|jourdonnais] / pass
                             answer a shot, a Duel, Indians! or a last resort (pass takes the loss)
  keep CARD CARD / choose CARD / pick CARD
                             Kit Carlson's two cards, Lucky Duke's "draw!", the General Store's card
  ability CARD CARD          Sid Ketchum: discard two cards to regain 1 life
  discard CARD...            phase 3: the excess over your life
  end                        end phase 2
  Cards: an id (bang_7d), the letter of your hand (a, b, ...) or a kind (bang: the first one).
  Players: an id (p3), a seat number (3) or "me".`;

/** The winner, to `me` whether they won and every role (shown at the end, E1.3), and the ranking. */
function ending(view: PlayerView, me: string | null): string {
  if (!view.winner) return "The game is over.";
  const winner = `Winner: ${describeWinner(view.winner)}.`;
  if (me === null) return winner;
  const roles = view.players.map((p) => `${p.id} ${p.role ?? "?"}`).join(", ");
  return [`${winner} ${view.winner.players.includes(me) ? "You win!" : "You lose."}`, `Roles: ${roles}`, ...rankingLines(view)].join("\n");
}

export const cardsUi: GameUi<PlayerView, Command, GameEvent, GameState> = {
  id: cards.id,
  name: cards.name,
  defaultSeats: 5,
  help: HELP,
  seats: (view) => view.players.map((p) => p.id),
  render: renderTable,
  describeEvents,
  formatCommand,
  prompt: cardsPrompt,
  ending,
  tally: () => new CardsTally(),
};
