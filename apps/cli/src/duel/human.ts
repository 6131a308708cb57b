/**
 * The person's seat in a duel (RULES.md part D): shows both hideouts from their own view, says what they
 * may do (from legalActions), and prompts until a command is accepted by `submit` (the engine locally,
 * or the server online).
 */
import { planResolve } from "@bang/bots";
import { legalActions, type DuelCommand, type DuelLegalActions, type DuelView, type PlayerId } from "@bang/engine";
import type { LineReader } from "../input.js";
import { cardName, formatDuelCommand, renderDuel } from "./format.js";
import { parseDuelCard, parseDuelMove } from "./move.js";

export interface DuelRefusal {
  ok: false;
  error: { code: string; message: string };
  stale?: boolean;
}
export type DuelSubmit<R extends { ok: true }> = (command: DuelCommand) => R | DuelRefusal | Promise<R | DuelRefusal>;
export type DuelHumanMove<R> = { result: R; command: DuelCommand } | "quit" | "eof" | "stale";

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
  table, help, quit
Cards: n0..n3 the near row, f0..f3 the far row (columns 0 to 3).`;

export class HumanDuelSeat {
  private shownStateId = -1;

  constructor(
    private readonly me: PlayerId,
    private readonly reader: LineReader,
    private readonly say: (text: string) => void,
  ) {}

  /** What Enter does: roll, stop, the suggested resolution, the first cards of an effect; none for a pick. */
  private suggestion(view: DuelView, legal: DuelLegalActions): DuelCommand | null {
    const by = this.me;
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

  private hint(view: DuelView, legal: DuelLegalActions): string {
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
        if (t.pairs > 0) lines.push(`  ${t.pairs} pair(s) of arrows restore a card in column ${t.repairable.join(" ") || "none"}`);
        lines.push(`Enter takes: ${formatDuelCommand(this.suggestion(view, legal)!)}`);
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

  showTable(view: DuelView): void {
    if (view.stateId === this.shownStateId) return;
    this.say(`\n${renderDuel(view, this.me)}`);
    this.shownStateId = view.stateId;
  }

  /** The person's move from their own view; a refusal prints `CODE: message` and asks again. */
  async humanMove<R extends { ok: true }>(view: DuelView, submit: DuelSubmit<R>): Promise<DuelHumanMove<R>> {
    const legal = legalActions(view, this.me);
    this.showTable(view);
    this.say(this.hint(view, legal));
    for (;;) {
      const line = await this.reader.ask(`${legal.kind}> `);
      if (line === null) return "eof";
      const text = line.trim();
      let command: DuelCommand;
      if (text === "") {
        const suggested = this.suggestion(view, legal);
        if (!suggested) {
          this.say("Type your card: pick sheriff, pick outlaw or pick renegade.");
          continue;
        }
        command = suggested;
      } else if (legal.kind === "pick" && parseDuelCard(text)) {
        command = { type: "pick", by: this.me, card: parseDuelCard(text)! };
      } else {
        const move = parseDuelMove(text, this.me);
        if (move.kind === "quit") return "quit";
        if (move.kind === "help") {
          this.say(DUEL_HELP);
          continue;
        }
        if (move.kind === "table") {
          this.say(`${renderDuel(view, this.me)}\n${this.hint(view, legal)}`);
          continue;
        }
        if (move.kind === "error") {
          this.say(`INVALID_COMMAND: ${move.message}`);
          continue;
        }
        if (move.kind !== "command") continue;
        command = move.command;
      }
      const result = await submit(command);
      if (result.ok) return { result, command };
      this.say(`${result.error.code}: ${result.error.message}`);
      if (result.stale) return "stale";
    }
  }

  gameOver(view: DuelView): void {
    const winner = view.winner!.players[0]!;
    this.say(`\n${renderDuel(view, this.me)}`);
    this.say(`\nWinner: ${winner}. ${winner === this.me ? "You win!" : "You lose."}`);
  }
}
