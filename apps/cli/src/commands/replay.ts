import { emitKeypressEvents } from "node:readline";
import { parseArgs } from "node:util";
import {
  applyCommand,
  forcedSource,
  playerView,
  replay,
  ReplayError,
  seededSource,
  type AnyGameEvent,
  type AnyGameState,
  type Command,
  type DuelCommand,
  type DuelEvent,
  type GameEvent,
  type GameLog,
} from "@bang/engine";
import { describeDuelEvents, formatDuelCommand, renderDuel } from "../duel/format.js";
import { EXIT, intOption, parseCommandLine, UsageError } from "../args.js";
import { describeEvents, describeWinner, formatCommand, renderTable } from "../format.js";
import { LogFileError, readGameLog } from "../gamelog.js";

export const usage = `Usage: bang replay FILE [options]

Replays a game log (GameLog JSON, as bang play --save and bang simulate --save-dir write) with the
engine and shows each entry's command, what happened, and the table after it with every role.
On a terminal it steps through the log: Enter = next, b = back, q = quit. Otherwise (or with --all)
it prints every entry. Entries are numbered from 0. A log that does not replay is named with the
index and the error code of its first bad entry (exit code 2).

Options:
  --step N     print only the state after entry N
  --all        print every entry and the state after it
  --json       print states as JSON (the full state after entry N, or every entry with --all)
  -h, --help   show this help`;

/** A log replayed: its states (states[0] after setup, states[i + 1] after entry i), of either mode. */
class Replayed {
  constructor(
    readonly log: GameLog,
    readonly states: AnyGameState[],
  ) {}

  /** The events of entry i, recomputed from the state before it (replay keeps only states). */
  events(i: number): AnyGameEvent[] {
    const entry = this.log.entries[i]!;
    const result = applyCommand(this.states[i]!, entry.command, entry.dice ? forcedSource(entry.dice) : seededSource);
    return result.ok ? result.events : [];
  }

  /** The text shown for entry i (-1: the table before the first entry); a duel shows both hideouts. */
  frame(i: number): string {
    const state = this.states[i + 1]!;
    const total = this.log.entries.length;
    const lines: string[] = [];
    const duel = state.mode === "duel";
    if (i < 0) {
      lines.push(`== start: ${duel ? "duel, " : ""}${state.players.length} players, seed ${this.log.setup.seed ?? 0}, ${total} entries ==`);
    } else {
      const command = this.log.entries[i]!.command;
      const text = duel ? formatDuelCommand(command as DuelCommand) : formatCommand(command as Command);
      lines.push(`== entry ${i} of ${total - 1}: ${command.by} ${text} ==`);
      if (state.mode === "duel") lines.push(...describeDuelEvents(this.events(i) as DuelEvent[]));
      else lines.push(...describeEvents(this.events(i) as GameEvent[], state.players));
    }
    lines.push(state.mode === "duel" ? renderDuel(playerView(state, { kind: "admin" }), null) : renderTable(playerView(state, { kind: "admin" })));
    return lines.join("\n");
  }

  /** The last line: the winner, or where the log stops. */
  ending(): string {
    const last = this.states[this.states.length - 1]!;
    if (!last.winner) return `The log ends at turn ${last.turnNumber}, before the game is over.`;
    return last.mode === "duel" ? `Winner: ${last.winner.players[0]} wins the duel.` : `Winner: ${describeWinner(last.winner)}.`;
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
    const log = readGameLog(file);
    replayed = new Replayed(log, replay(log));
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
    out(values.json ? JSON.stringify(replayed.states[n + 1], null, 2) : replayed.frame(n));
    return EXIT.ok;
  }
  if (values.json) {
    out(JSON.stringify(entries.map((entry, i) => ({ entry: i, command: entry.command, state: replayed.states[i + 1] })), null, 2));
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
