/**
 * The person's decisions in Ca$h 'n Guns: a menu of the legal choices only (the module's
 * `legalActions` on their own view): bullets and courage numbered, players keyed by their seat number,
 * the loot numbered with the New Godfather tile; typed commands too; Enter takes the choice of the
 * module's heuristic bot from the same view. The hint depends on the person's own choices only, so it
 * stays the same while the others make their secret choices (the prompt stays open, F8.4 to F8.7).
 */
import { createHeuristicBot, legalActions, NEW_GODFATHER, type CngCommand, type CngLegalActions, type CngView, type PlayerId } from "@bang/game-cash-n-guns";
import type { Reading, TurnPrompt } from "../../shell/game-ui.js";
import { lootWord } from "./format.js";
import { formatCommand, parseMove, playerNamed } from "./move.js";

/** One menu entry: the key typed, the command, what it says. */
interface Item {
  key: string;
  command: CngCommand;
  text: string;
}

const seatOf = (view: CngView, id: PlayerId) => String(view.players.findIndex((p) => p.id === id) + 1);

/** The menu of `legal`, with its label and the question it answers. */
function menuOf(view: CngView, legal: CngLegalActions, by: PlayerId): { label: string; question: string; items: Item[] } {
  const numbered = (commands: CngCommand[]) => commands.map((command, i) => ({ key: String(i + 1), command, text: formatCommand(command).split(" ").slice(1).join(" ") }));
  const players = (ids: PlayerId[], command: (id: PlayerId) => CngCommand) => ids.map((id) => ({ key: seatOf(view, id), command: command(id), text: id }));
  switch (legal.kind) {
    case "choose_bullet":
      return { label: "bullet", question: "Choose your bullet card in secret (F3.3)", items: numbered(legal.cards.map((card) => ({ type: "choose_bullet", by, card }))) };
    case "aim":
      return { label: "aim", question: "Hold up a player: aim at (seat number)", items: players(legal.targets, (target) => ({ type: "aim", by, target })) };
    case "privilege":
      return {
        label: "privilege",
        question: "Godfather's privilege: order a player to change target (seat number), or 0 to pass",
        items: [{ key: "0", command: { type: "pass", by }, text: "pass" }, ...players(legal.players, (player) => ({ type: "order_change", by, player }))],
      };
    case "retarget": {
      const was = view.order?.previous;
      return { label: "retarget", question: `The Godfather orders you to change target${was ? ` (not ${was})` : ""}: aim at (seat number)`, items: players(legal.targets, (target) => ({ type: "retarget", by, target })) };
    }
    case "courage":
      return { label: "courage", question: "Courage, in secret: stand (shoot and share) or lie down (safe, no share)", items: numbered(legal.choices.map((choice) => ({ type: "courage", by, choice }))) };
    case "take":
      // Each card in words with its value (F1.3), as the table prints it.
      return { label: "take", question: `Your share: take one loot card${legal.cards.includes(NEW_GODFATHER) ? " or the New Godfather tile" : ""}`, items: numbered(legal.cards.map((card) => ({ type: "take", by, card }))).map((i) => ({ ...i, text: lootWord((i.command as Extract<CngCommand, { type: "take" }>).card) })) };
    case "none":
      return { label: "wait", question: "", items: [] };
  }
}

/** The move Enter makes: the module's heuristic bot's, from the same view (seeded by the state). */
export function suggestion(view: CngView, me: PlayerId): CngCommand {
  return createHeuristicBot(view.stateId).choose(view, me);
}

/** The prompt of `me`'s next decision, from their own view. */
export function cngPrompt(view: CngView, me: PlayerId): TurnPrompt<CngCommand> {
  const legal = legalActions(view, me);
  const { label, question, items } = menuOf(view, legal, me);
  const menu = items.map((i) => `${i.key}) ${i.text}`).join("  ");
  return {
    hint: `${question}: ${menu}\nType a key or a command; Enter lets the heuristic bot choose for you.`,
    label,
    read(line): Reading<CngCommand> {
      if (line === "") return { command: suggestion(view, me) };
      const item = items.find((i) => i.key === line.toLowerCase());
      if (item) return { command: item.command };
      if (/^\d+$/.test(line)) return { refusal: { code: "INVALID_COMMAND", message: `${line} is not in the menu (${items.map((i) => i.key).join(", ")})` } };
      // A bare player id answers the question about a player.
      const player = /\s/.test(line) ? null : playerNamed(line, view);
      const byPlayer = player === null ? undefined : items.find((i) => i.text === player);
      if (byPlayer) return { command: byPlayer.command };
      return parseMove(line, view, me);
    },
  };
}
