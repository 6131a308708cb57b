/**
 * Bang! The Dice Game (module `dice` of @bang/game-dice) in the terminal: the table with every seat's
 * character, life, arrows and the roles the viewer may see, the dice with their indexes, one-line
 * commands with Enter shortcuts, and the win rates by team and character of `bang simulate`.
 */
import { dice, type Command, type GameEvent, type GameState, type PlayerView } from "@bang/game-dice";
import type { GameUi } from "../../shell/game-ui.js";
import { describeEvents, describeWinner, formatCommand, renderTable } from "./format.js";
import { dicePrompt } from "./prompt.js";
import { Tally } from "./stats.js";

/** The commands a person types (bang play --help, and `help` during a game). */
const HELP = `  roll                       throw the five dice (Enter does it too)
  reroll 0 2 4               throw those dice again (dynamite is locked)
  stop                       keep the dice and resolve them (Enter does it too)
  resolve 1:p3 2:me          a target for every 1/2 die and a player for every beer, in one line;
                             add slab:BEER>SHOT (Slab the Killer), discard:p2,p4 (Kit Carlson).
                             Enter asks die by die, offering the legal targets.
  heal p3 / react 1          Sid Ketchum's heal, Bart Cassidy's arrows instead of life
  Players are named by id (p3), seat number (3) or "me".`;

/** The winner, and to `me` whether they won and every role (all shown at the end, R5.1). */
function ending(view: PlayerView, me: string | null): string {
  if (!view.winner) return "The game is over.";
  const winner = `Winner: ${describeWinner(view.winner)}.`;
  if (me === null) return winner;
  const roles = view.players.map((p) => `${p.id} ${p.role ?? "?"}`).join(", ");
  return `${winner} ${view.winner.players.includes(me) ? "You win!" : "You lose."}\nRoles: ${roles}`;
}

export const diceUi: GameUi<PlayerView, Command, GameEvent, GameState> = {
  id: dice.id,
  name: dice.name,
  defaultSeats: 5,
  oldThrowsField: "dice",
  help: HELP,
  seats: (view) => view.players.map((p) => p.id),
  render: renderTable,
  describeEvents: (events, view) => describeEvents(events, view.players),
  formatCommand,
  prompt: dicePrompt,
  ending,
  tally: (seats) => new Tally(seats),
};
