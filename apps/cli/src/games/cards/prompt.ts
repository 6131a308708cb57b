/**
 * The person's decisions in the card game: a numbered menu of every legal command (the module's
 * `legalActions` on their own view, so only legal moves are offered), the two families the rules list
 * by shape (phase 3's discard, Sid Ketchum's ability) as typed commands over the lettered hand, and
 * Enter: the move the module's heuristic bot would make from the same view.
 */
import { createHeuristicBot, kindOf, legalActions, type Command, type LegalActions, type PlayerId, type PlayerView } from "@bang/game-cards";
import type { Reading, TurnPrompt } from "../../shell/game-ui.js";
import { columns } from "../../shell/text.js";
import { lettered } from "./format.js";
import { formatCommand, parseMove } from "./move.js";

/** The prompt's word for the decision the game waits on. */
function labelOf(view: PlayerView, legal: LegalActions): string {
  switch (view.phase) {
    case "response":
      return view.pending?.kind ?? "answer";
    case "choice":
      return view.pending?.kind === "lucky" ? "choose" : "keep";
    case "generalStore":
      return "pick";
    default:
      return legal.discard ? "discard" : view.phase;
  }
}

/** Why a menu command does what it does, where the command alone does not say it. */
function note(c: Command, view: PlayerView): string {
  switch (c.type) {
    case "play": {
      const kind = kindOf(c.card);
      if ((kind === "panic" || kind === "cat_balou") && c.target) {
        const verb = kind === "panic" ? "take" : "discard";
        return c.targetCard ? `${verb} ${c.targetCard} from ${c.target}'s cards in play` : `${verb} a random card from ${c.target}'s hand`;
      }
      if (kind === "jail") return `put ${c.target} in jail`;
      return "";
    }
    case "draw":
      return c.from === "discard" ? "the first card from the discard pile (pedro_ramirez)" : c.from && c.from !== "deck" ? `the first card from ${c.from}'s hand (jesse_jones)` : "draw two cards";
    case "pass":
      if (view.pending?.kind === "shot") return "take the hit: lose 1 life";
      if (view.pending?.kind === "dying") return "no last resort: you are eliminated";
      return "discard no BANG!: lose 1 life";
    case "end":
      return "end phase 2";
    default:
      return "";
  }
}

/** The move Enter makes: the module's heuristic bot's, from the same view (seeded by the state, so it stays put). */
export function suggestion(view: PlayerView, me: PlayerId): Command {
  return createHeuristicBot(view.stateId).choose(view, me);
}

/** The hint: the menu, the typed families, and what Enter does. */
function hint(view: PlayerView, legal: LegalActions, menu: Command[], suggested: Command | null): string {
  const mine = view.players.find((p) => p.id === view.waitingFor[0]);
  const lines = [`Your move${view.phase === "play" ? " (phase 2)" : ""}:`];
  lines.push(...columns(menu.map((c, i) => [`${String(i + 1).padStart(2)})`, formatCommand(c), note(c, view)])));
  if (legal.discard) lines.push(`  discard exactly ${legal.discard.count} of your cards: discard LETTER... (your hand: ${lettered(mine?.hand ?? [])})`);
  if (legal.ability) lines.push("  ability LETTER LETTER: sid_ketchum discards 2 cards of his hand to regain 1 life");
  if (suggested) lines.push(`Type a number or a command; Enter: ${formatCommand(suggested)} (suggested).`);
  return lines.join("\n");
}

/** The prompt of `me`'s next decision in the card game, from their own view. */
export function cardsPrompt(view: PlayerView, me: PlayerId): TurnPrompt<Command> {
  const legal = legalActions(view, me);
  const menu: Command[] = legal.commands.map((c) => ({ ...c, by: me }) as Command);
  const suggested = legal.commands.length > 0 || legal.discard ? suggestion(view, me) : null;
  return {
    hint: hint(view, legal, menu, suggested),
    label: labelOf(view, legal),
    read(line): Reading<Command> {
      if (line === "") return suggested ? { command: suggested } : { note: "The game does not wait for you." };
      if (/^\d+$/.test(line)) {
        const chosen = menu[Number(line) - 1];
        return chosen ? { command: chosen } : { refusal: { code: "INVALID_COMMAND", message: `no item ${line} in the menu (1 to ${menu.length})` } };
      }
      return parseMove(line, view, me);
    },
  };
}
