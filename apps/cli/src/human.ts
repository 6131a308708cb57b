/**
 * The person's seat in `bang play`: shows the table from their own playerView, says what they may do
 * (from legalActions), and prompts until a command is accepted. Who accepts is the caller's `submit`:
 * the engine in a local game, the server in a game played over the network.
 */
import { legalActions, type Command, type LegalActions, type PlayerId, type PlayerView } from "@bang/engine";
import { columns, describeWinner, formatCommand, renderTable } from "./format.js";
import type { LineReader } from "./input.js";
import { parseMove, playerNamed } from "./move.js";

/** A command refused by the engine or the server, with its stable code. */
export interface Refusal {
  ok: false;
  error: { code: string; message: string };
  /** The game moved on since the view the person answered (a server's turn timer played for them). */
  stale?: boolean;
}

/** Plays a command: its result once accepted, or the refusal. */
export type Submit<R extends { ok: true }> = (command: Command) => R | Refusal | Promise<R | Refusal>;

/**
 * What the person did: a command accepted (with the result `submit` gave), quit, end of input, or
 * "stale": a refusal because the game moved on, after which the caller asks again from a fresh view.
 */
export type HumanMove<R> = { result: R; command: Command } | "quit" | "eof" | "stale";

/** The person at the terminal, playing seat `me`. */
export class HumanSeat {
  private shownStateId = -1;

  constructor(
    private readonly me: PlayerId,
    private readonly reader: LineReader,
    private readonly say: (text: string) => void,
    /** The list of commands, printed on `help`. */
    private readonly help: string,
  ) {}

  /** The hint above the prompt: what the person may do now, with the legal choices. */
  private hint(view: PlayerView, legal: LegalActions): string {
    switch (legal.kind) {
      case "roll":
        return "Your move: roll (or Enter) throws the five dice.";
      case "reroll":
        return `Your move: reroll DICE (any of ${legal.rerollable.join(" ")}; ${legal.rollsLeft} roll${legal.rollsLeft === 1 ? "" : "s"} left), or stop (or Enter) to keep these dice.`;
      case "heal":
        return `Your move: Sid Ketchum gives 1 life to a player: heal PLAYER (${legal.targets.join(", ")}; Enter heals you).`;
      case "react":
        return `You are hit: take up to ${legal.max} arrow${legal.max === 1 ? "" : "s"} instead of life: react N (Enter takes none).`;
      case "resolve": {
        const rows = [
          ...legal.shots.map((s) => [`die ${s.die} (${view.dice[s.die]})`, `shoots ${s.targets.join(", ")}`]),
          ...legal.beers.map((b) => [`die ${b.die} (beer)`, `gives 1 life to ${b.targets.join(", ")}`]),
        ];
        if (legal.slab) rows.push(["slab:BEER>SHOT", `Slab the Killer: give up beer die ${legal.slab.beers.join("/")} to double shot die ${legal.slab.shots.join("/")}`]);
        if (legal.arrowDiscards) {
          const holders = legal.arrowDiscards.players.map((p) => `${p.id} (${p.arrows})`).join(", ") || "nobody holds one";
          rows.push(["discard:ID,...", `Kit Carlson: up to ${legal.arrowDiscards.max} players return an arrow: ${holders}`]);
        }
        const example = formatCommand(this.defaultResolution(legal));
        return [`Your move: resolve. Every 1/2 die needs a target and every beer a player:`, ...columns(rows), `Type e.g. \`${example}\`, or Enter to choose die by die.`].join("\n");
      }
      case "none":
        return "";
    }
  }

  /** The resolution Enter would suggest: the first target of every shot, every beer for yourself. */
  private defaultResolution(legal: Extract<LegalActions, { kind: "resolve" }>): Extract<Command, { type: "resolve" }> {
    return {
      type: "resolve",
      by: this.me,
      shots: legal.shots.map((s) => ({ die: s.die, target: s.targets[0]! })),
      beers: legal.beers.map((b) => ({ die: b.die, target: b.targets.includes(this.me) ? this.me : b.targets[0]! })),
    };
  }

  /**
   * Asks for one player among `choices`, offered with their seat numbers; the answer is a seat number,
   * an id or `me`, Enter takes `fallback`. Null at end of input.
   */
  private async askPlayer(prompt: string, view: PlayerView, choices: PlayerId[], fallback: PlayerId): Promise<PlayerId | null> {
    const offered = choices.map((id) => `${view.players.findIndex((p) => p.id === id) + 1}) ${id}`).join("  ");
    for (;;) {
      const line = await this.reader.ask(`${prompt} ${offered} [${fallback}]> `);
      if (line === null) return null;
      const id = line.trim() === "" ? fallback : playerNamed(line, view, this.me);
      if (choices.includes(id)) return id;
      this.say(`INVALID_TARGET: "${line.trim()}" is not one of ${choices.join(", ")}`);
    }
  }

  /** Enter at the resolve prompt: Slab's double, then a target per die, then Kit's discards. */
  private async askResolution(view: PlayerView, legal: Extract<LegalActions, { kind: "resolve" }>): Promise<Command | null> {
    const command = this.defaultResolution(legal);
    if (legal.slab) {
      for (;;) {
        const line = await this.reader.ask(`Slab the Killer: double a shot? BEER>SHOT (beer ${legal.slab.beers.join("/")}, shot ${legal.slab.shots.join("/")}), Enter for no> `);
        if (line === null) return null;
        const m = /^\s*(\d)\s*[>,\s/]\s*(\d)\s*$/.exec(line);
        if (line.trim() === "" || /^\s*no?\s*$/i.test(line)) break;
        if (m) {
          command.slab = { beer: Number(m[1]), shot: Number(m[2]) };
          break;
        }
        this.say("INVALID_COMMAND: write the beer die and the shot die, e.g. 2>1");
      }
    }
    for (const [k, shot] of legal.shots.entries()) {
      const target = await this.askPlayer(`die ${shot.die} (${view.dice[shot.die]}) shoots`, view, shot.targets, shot.targets[0]!);
      if (target === null) return null;
      command.shots[k]!.target = target;
    }
    command.beers = [];
    for (const beer of legal.beers) {
      if (command.slab?.beer === beer.die) continue;
      const fallback = beer.targets.includes(this.me) ? this.me : beer.targets[0]!;
      const target = await this.askPlayer(`die ${beer.die} (beer) gives 1 life to`, view, beer.targets, fallback);
      if (target === null) return null;
      command.beers.push({ die: beer.die, target });
    }
    if (legal.arrowDiscards && legal.arrowDiscards.players.length > 0) {
      const holders = legal.arrowDiscards.players.map((p) => p.id);
      const line = await this.reader.ask(`Kit Carlson: up to ${legal.arrowDiscards.max} of ${holders.join(", ")} return an arrow (ids, Enter for none)> `);
      if (line === null) return null;
      const ids = line.split(/[\s,]+/).filter((t) => t.length > 0);
      if (ids.length > 0) command.arrowDiscards = ids.map((t) => playerNamed(t, view, this.me));
    }
    return command;
  }

  /** What Enter does at the main prompt, or a bare answer to a heal / react question. */
  private shortcut(text: string, view: PlayerView, legal: LegalActions): Command | "ask" | null {
    const by = this.me;
    if (text === "") {
      switch (legal.kind) {
        case "roll":
          return { type: "roll", by };
        case "reroll":
          return { type: "stop", by };
        case "heal":
          return { type: "heal", by, target: by };
        case "react":
          return { type: "react", by, arrows: 0 };
        case "resolve":
          return "ask";
        case "none":
          return null;
      }
    }
    if (legal.kind === "react" && /^\d+$/.test(text)) return { type: "react", by, arrows: Number(text) };
    if (legal.kind === "heal" && !/\s/.test(text)) {
      const target = playerNamed(text, view, by);
      if (view.players.some((p) => p.id === target)) return { type: "heal", by, target };
    }
    return null;
  }

  /** Shows the table as the person sees it (their own view), unless it was shown in this very state. */
  showTable(view: PlayerView): void {
    if (view.stateId === this.shownStateId) return;
    this.say(`\n${renderTable(view)}`);
    this.shownStateId = view.stateId;
  }

  /**
   * The person's move from their own `view`: shows the table when it changed, prompts until `submit`
   * accepts a command. A refusal prints `CODE: message` and asks again (or returns "stale").
   */
  async humanMove<R extends { ok: true }>(view: PlayerView, submit: Submit<R>): Promise<HumanMove<R>> {
    const legal = legalActions(view, this.me);
    this.showTable(view);
    this.say(this.hint(view, legal));
    for (;;) {
      const line = await this.reader.ask(`${legal.kind}> `);
      if (line === null) return "eof";
      const text = line.trim();
      const shortcut = this.shortcut(text, view, legal);
      let command: Command;
      if (shortcut === "ask") {
        const chosen = await this.askResolution(view, legal as Extract<LegalActions, { kind: "resolve" }>);
        if (chosen === null) return "eof";
        command = chosen;
      } else if (shortcut !== null) {
        command = shortcut;
      } else {
        const move = parseMove(text, view, this.me);
        if (move.kind === "quit") return "quit";
        if (move.kind === "help") {
          this.say(this.help);
          continue;
        }
        if (move.kind === "table") {
          this.say(`${renderTable(view)}\n${this.hint(view, legal)}`);
          continue;
        }
        if (move.kind === "error") {
          this.say(`${move.error.code}: ${move.error.message}`);
          continue;
        }
        command = move.command;
      }
      const result = await submit(command);
      if (result.ok) return { result, command };
      this.say(`${result.error.code}: ${result.error.message}`);
      if (result.stale) return "stale";
    }
  }

  /** Shows a finished game from the person's view: the winner and every role. */
  gameOver(view: PlayerView): void {
    const winner = view.winner!;
    this.say(`\n${renderTable(view)}`);
    this.say(`\nWinner: ${describeWinner(winner)}. ${winner.players.includes(this.me) ? "You win!" : "You lose."}`);
    this.say(`Roles: ${view.players.map((p) => `${p.id} ${p.role ?? "?"}`).join(", ")}`);
  }
}
