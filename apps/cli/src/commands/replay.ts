import { emitKeypressEvents } from "node:readline";
import { parseArgs } from "node:util";
import { ReplayError, replaySteps, type AnyGameModule, type GameLog, type ReplayedStep, type StateBase, type EventBase, type Viewer } from "@bang/game-core";
import { gameUi } from "../games/registry.js";
import { EXIT, intOption, parseCommandLine, UsageError } from "../args.js";
import type { AnyGameUi } from "../shell/game-ui.js";
import { LogFileError, readGameLog } from "../shell/gamelog.js";

export const usage = `Usage: bang replay FILE [options]

Replays a game log (GameLog JSON { game, setup, entries }, as bang play --save and bang simulate
--save-dir write; older files, whose setup.mode is a game's earlier name, are read too) with the
game's rules and shows each entry's command, what happened, and the table after it as an admin
sees it (every secret shown). On a terminal it steps through the log: Enter = next, b = back,
q = quit. Otherwise (or with --all) it prints every entry. Entries are numbered from 0. A log that
does not replay is named with the index and the error code of its first bad entry (exit code 2).

Options:
  --step N     print only the state after entry N
  --all        print every entry and the state after it
  --json       print states as JSON (the full state after entry N, or every entry with --all)
  -h, --help   show this help`;

const ADMIN: Viewer = { kind: "admin" };

/** A log replayed by its game's module: steps[0] after setup, steps[i + 1] (state and events) after entry i. */
class Replayed {
  readonly ui: AnyGameUi;

  constructor(
    readonly module: AnyGameModule,
    readonly log: GameLog,
    readonly steps: ReplayedStep<StateBase, EventBase>[],
  ) {
    this.ui = gameUi(module.id);
  }

  /** The full state after entry i (-1: after setup). */
  state(i: number): StateBase {
    return this.steps[i + 1]!.state;
  }

  /** The text shown for entry i (-1: the table before the first entry). */
  frame(i: number): string {
    const { state, events } = this.steps[i + 1]!;
    const view = this.module.view(state, ADMIN);
    const total = this.log.entries.length;
    const lines: string[] = [];
    if (i < 0) {
      lines.push(`== start: ${this.module.name}, ${this.log.setup.players.length} players, seed ${this.log.setup.seed ?? 0}, ${total} entries ==`);
    } else {
      const command = this.log.entries[i]!.command;
      lines.push(`== entry ${i} of ${total - 1}: ${command.by} ${this.ui.formatCommand(command)} ==`);
      lines.push(...this.ui.describeEvents(this.module.viewEvent({ command, events, state }, ADMIN).events, view));
    }
    lines.push(this.ui.render(view));
    return lines.join("\n");
  }

  /** The last line: the winner, or where the log stops. */
  ending(): string {
    const last = this.state(this.log.entries.length - 1);
    if (this.module.result(last) === null) return `The log ends at turn ${this.module.summary(last).turn}, before the game is over.`;
    return this.ui.ending(this.module.view(last, ADMIN), null);
  }
}

/** Steps through the log on a terminal, one key at a time. */
async function stepThrough(replayed: Replayed): Promise<void> {
  const input = process.stdin;
  emitKeypressEvents(input);
  input.setRawMode(true);
  input.resume();
  const last = replayed.log.entries.length - 1;
  let i = -1;
  try {
    for (;;) {
      process.stdout.write(`\x1b[2J\x1b[H${replayed.frame(i)}\n`);
      if (i === last) process.stdout.write(`${replayed.ending()}\n`);
      process.stdout.write(`[Enter] next  [b] back  [q] quit  (${i + 1}/${last + 1})`);
      const key = await new Promise<{ name?: string; ctrl?: boolean; sequence?: string }>((resolve) => input.once("keypress", (_s, k) => resolve(k ?? {})));
      if (key.name === "q" || key.name === "escape" || (key.ctrl && key.name === "c")) break;
      if (key.name === "b" || key.name === "left" || key.name === "up") i = Math.max(-1, i - 1);
      else if (key.name === "return" || key.name === "enter" || key.name === "space" || key.name === "right" || key.name === "down" || key.name === "n") i = Math.min(last, i + 1);
    }
  } finally {
    input.setRawMode(false);
    input.pause();
    process.stdout.write("\n");
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        step: { type: "string" },
        all: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("give the game log FILE to replay");
  if (extra.length > 0) throw new UsageError(`one FILE at a time, got also "${extra[0]}"`);
  if (values.step !== undefined && values.all) throw new UsageError("--step and --all: choose one");

  let replayed: Replayed;
  try {
    const { module, log } = readGameLog(file);
    replayed = new Replayed(module, log, replaySteps(module, log));
  } catch (e) {
    if (e instanceof ReplayError) {
      const where = e.entry < 0 ? "the setup is refused" : `entry ${e.entry} does not replay`;
      process.stderr.write(`${file}: corrupt log: ${where} (${e.code}): ${e.message}\n`);
    } else if (e instanceof LogFileError) {
      process.stderr.write(`${file}: ${e.message}\n`);
    } else {
      process.stderr.write(`${file}: the log could not be replayed: ${(e as Error).message}\n`);
    }
    return EXIT.invalid;
  }

  const { entries } = replayed.log;
  const out = (text: string) => process.stdout.write(`${text}\n`);
  if (values.step !== undefined) {
    if (entries.length === 0) throw new UsageError(`--step: the log has no entries`);
    const n = intOption("step", values.step, 0, 0, entries.length - 1);
    out(values.json ? JSON.stringify(replayed.state(n), null, 2) : replayed.frame(n));
    return EXIT.ok;
  }
  if (values.json) {
    out(JSON.stringify(entries.map((entry, i) => ({ entry: i, command: entry.command, state: replayed.state(i) })), null, 2));
    return EXIT.ok;
  }
  if (!values.all && process.stdin.isTTY && process.stdout.isTTY) {
    await stepThrough(replayed);
    return EXIT.ok;
  }
  for (let i = -1; i < entries.length; i++) out(`${replayed.frame(i)}\n`);
  out(replayed.ending());
  return EXIT.ok;
}
