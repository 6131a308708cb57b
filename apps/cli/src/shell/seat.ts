/**
 * The person's seat in `bang play` and `bang queue`, for any game: shows the table from their own view,
 * prints the game's hint, and prompts until a command is accepted. What a line means is the game's
 * (its face's `prompt`); the words help, table and quit are the shell's. Who accepts is the caller's
 * `submit`: the module's rules in a local game, the server in a game played over the network.
 */
import type { CommandBase, PlayerId, Refusal, ViewBase } from "@bang/game-core";
import type { AnyGameUi, PromptIo, Reading } from "./game-ui.js";
import type { LineReader } from "./input.js";

/** A command refused by the rules or the server, with its stable code. */
export interface Rejection {
  ok: false;
  error: Refusal;
  /** The game moved on since the view the person answered (a server's turn timer played for them). */
  stale?: boolean;
}

/** Plays a command: its result once accepted, or the refusal. */
export type Submit<R extends { ok: true }> = (command: CommandBase) => R | Rejection | Promise<R | Rejection>;

/**
 * The person's later views while they are prompted (a game on a server moves on by itself: its turn
 * timers, the other players, a reconnect): subscribes `listener`, returns the unsubscribe.
 */
export type ViewUpdates = (listener: (view: ViewBase) => void) => () => void;

/**
 * What the person did: a command accepted (with the result `submit` gave), quit, end of input, or
 * "stale": the game moved on under the prompt (a refusal said so, or a later view no longer fits it),
 * after which the caller asks again from a fresh view.
 */
export type HumanMove<R> = { result: R; command: CommandBase } | "quit" | "eof" | "stale";

/** The shell's own words at every prompt, whatever the game. */
const WORDS: Readonly<Record<string, "help" | "table" | "quit">> = { help: "help", "?": "help", table: "table", t: "table", quit: "quit", q: "quit", exit: "quit" };

/** help, table or quit (with their short forms), or null for a line the game reads. */
export function shellWord(line: string): "help" | "table" | "quit" | null {
  return WORDS[line.trim().toLowerCase()] ?? null;
}

/** The commands of a game as `help` prints them: the game's, then the shell's. */
export function commandList(ui: AnyGameUi): string {
  return `${ui.help}\n  table, help, quit          show the table again, this list, leave the game`;
}

/** Why a question was abandoned: a later view no longer fits the open prompt. */
class MovedOn extends Error {}

/** The person at the terminal, playing seat `me` of a game shown by `ui`. */
export class HumanSeat {
  private shownStateId = -1;

  constructor(
    private readonly me: PlayerId,
    private readonly ui: AnyGameUi,
    private readonly reader: LineReader,
    private readonly say: (text: string) => void,
  ) {}

  /** Shows the table as the person sees it (their own view), unless it was shown in this very state. */
  showTable(view: ViewBase): void {
    if (view.stateId === this.shownStateId) return;
    this.say(`\n${this.ui.render(view)}`);
    this.shownStateId = view.stateId;
  }

  /**
   * The person's move from their own `view`: shows the table when it changed, prompts until `submit`
   * accepts a command. A refusal prints `CODE: message` and asks again (or returns "stale").
   *
   * `updates` brings the views that come while the person is prompted. A later view still fits the
   * prompt when the game waits for the person with the same prompt (label and hint): the question
   * stays open, and its answer is read from that view. Otherwise the game moved on (the person's timer
   * ran out and the server acted for them, the other players' moves asked something else): the open
   * question is abandoned, "stale" returned, and the person is told when they now wait for others.
   */
  async humanMove<R extends { ok: true }>(view: ViewBase, submit: Submit<R>, updates?: ViewUpdates): Promise<HumanMove<R>> {
    let current = view;
    let turn = this.ui.prompt(view, this.me);
    const moved = new AbortController();
    let movedTo: ViewBase | null = null;
    const unsubscribe = updates?.((next) => {
      if (movedTo !== null || next.stateId === current.stateId) return;
      const fresh = next.waitingFor.includes(this.me) ? this.ui.prompt(next, this.me) : null;
      if (fresh && fresh.label === turn.label && fresh.hint === turn.hint) {
        current = next;
        turn = fresh;
        return;
      }
      movedTo = next;
      moved.abort(new MovedOn(`the game moved on to state ${next.stateId}`));
    });
    const io: PromptIo = { ask: (prompt) => this.reader.ask(prompt, moved.signal), say: this.say };
    /** Leaves the abandoned prompt; says whom the game waits for when it no longer waits for the person. */
    const stale = (): "stale" => {
      const others = movedTo?.waitingFor.filter((id) => id !== this.me) ?? [];
      this.say(movedTo && !movedTo.waitingFor.includes(this.me) && others.length > 0 ? `The game moved on: it waits for ${others.join(", ")}.` : "The game moved on.");
      return "stale";
    };
    try {
      this.showTable(view);
      if (turn.hint) this.say(turn.hint);
      for (;;) {
        if (moved.signal.aborted) return stale();
        let reading: Reading<CommandBase>;
        try {
          const line = await io.ask(`${turn.label}> `);
          if (line === null) return "eof";
          const text = line.trim();
          const word = shellWord(text);
          if (word === "quit") return "quit";
          if (word === "help") {
            this.say(commandList(this.ui));
            continue;
          }
          if (word === "table") {
            this.say(`${this.ui.render(current)}\n${turn.hint}`);
            continue;
          }
          reading = await turn.read(text, io);
        } catch (error) {
          if (error instanceof MovedOn) return stale();
          throw error;
        }
        if (reading === null) return "eof";
        if ("note" in reading) {
          this.say(reading.note);
          continue;
        }
        if ("refusal" in reading) {
          this.say(`${reading.refusal.code}: ${reading.refusal.message}`);
          continue;
        }
        const result = await submit(reading.command);
        if (result.ok) return { result, command: reading.command };
        this.say(`${result.error.code}: ${result.error.message}`);
        if (result.stale) return "stale";
      }
    } finally {
      unsubscribe?.();
    }
  }

  /** Shows a finished game from the person's view, and how it ended for them. */
  gameOver(view: ViewBase): void {
    this.say(`\n${this.ui.render(view)}`);
    this.say(`\n${this.ui.ending(view, this.me)}`);
  }
}
