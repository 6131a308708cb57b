import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { DEFAULT_THINK_JITTER, MAX_THINK_MS, runLoad, type LoadSummary } from "@bang/bots";
import { BOT_KINDS, type BotKind } from "@bang/game-core";
import { choiceOption, EXIT, fractionOption, intOption, parseCommandLine, SEED_MAX, SEED_MIN, UsageError } from "../args.js";
import { GAME_FLAGS, gameOption, gameOptionsHelp, localGame, seatsOption } from "../shell/game-option.js";
import { columns } from "../shell/text.js";

export const usage = `Usage: bang bots --server URL --tables N [options]

Plays tables of bot clients on a game server over WebSocket, each game to its end, the way people
would: every seat played by a client is a guest with its own connection, choosing from its own view
only; the server's bots take the other seats. Prints the games finished, the commands, commands per
second and the latency of each command (from sending it to its event and ack). Exit code 1 if a game
failed. With --duration it is a load generator: --concurrent tables at a time, new ones started until
the time is up.

Options:
  --server URL       the server (http://host:port)
  --tables N         tables to play (with --duration: the default of --concurrent)
${gameOptionsHelp(19)}
  --players P        seats per table, within the game's range (default: the game's usual table)
  --humans H         seats per table played by clients, 1 to P (default P); the rest are the server's bots
  --concurrent C     tables played at once (default N: all of them)
  --duration S       keep starting tables for S seconds, then let the running ones finish
  --think-ms MS      each client pauses MS on average before each decision, like a person: each
                     pause is drawn between 1-J and 1+J times MS (--think-jitter J), seeded
                     (default 0)
  --think-jitter J   how much each pause varies: between 1-J and 1+J times MS, J from 0 (every
                     pause exactly MS) to 1 (default 0.5)
  --bots KIND        heuristic or random, for the clients and the server's bots (default heuristic)
  --seed S           table i's clients play with bots seeded S+8i+seat (default 1); the deals are the server's
  --json             print the summary as JSON
  -h, --help         show this help`;

const ms = (value: number | null) => (value === null ? "-" : `${value.toFixed(1)} ms`);

/** The summary for people; `game` names the game played. */
export function renderLoad(s: LoadSummary, game: string): string {
  const lines = [
    `Played ${s.tables} table${s.tables === 1 ? "" : "s"} of ${game} on ${s.url}: ${s.players} seats, ${s.humans} bot client${s.humans === 1 ? "" : "s"} and ${s.players - s.humans} server bot${s.players - s.humans === 1 ? "" : "s"} each, ${s.botKind} bots, ${s.concurrent} at a time${s.durationMs === null ? "" : ` for ${(s.durationMs / 1000).toFixed(0)} s`}.`,
    "",
    ...columns(
      [
        ["Games finished", String(s.finished)],
        ["Games failed", String(s.failed)],
        ["Commands (clients)", String(s.commands)],
        ["Commands (all seats)", String(s.gameCommands)],
        ["Commands per second", s.commandsPerSecond.toFixed(1)],
        ["Games per second", s.gamesPerSecond.toFixed(2)],
        ["Latency p50", ms(s.latencyMs.p50)],
        ["Latency p90", ms(s.latencyMs.p90)],
        ["Latency p99", ms(s.latencyMs.p99)],
        ["Latency max", ms(s.latencyMs.max)],
        ["Elapsed", `${(s.elapsedMs / 1000).toFixed(1)} s`],
      ],
      "",
    ),
  ];
  if (s.errors.length > 0) lines.push("", "Errors:", ...s.errors.map((e) => `  ${e.code} x${e.count}: ${e.message}`));
  return lines.join("\n");
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        server: { type: "string" },
        ...GAME_FLAGS,
        tables: { type: "string" },
        players: { type: "string" },
        humans: { type: "string" },
        concurrent: { type: "string" },
        duration: { type: "string" },
        "think-ms": { type: "string" },
        "think-jitter": { type: "string" },
        bots: { type: "string" },
        seed: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
      strict: true,
    }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  if (values.server === undefined) throw new UsageError("--server: the server's URL is required (http://host:port)");
  try {
    const url = new URL(values.server);
    if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) throw new Error("protocol");
  } catch {
    throw new UsageError(`--server: expected a URL such as http://localhost:8080, got "${values.server}"`);
  }
  if (values.tables === undefined && values.duration === undefined) throw new UsageError("--tables: how many tables to play is required (or --duration)");
  const tables = values.tables === undefined ? undefined : intOption("tables", values.tables, 1, 1, 1_000_000);
  const game = localGame(gameOption(values));
  const players = seatsOption(values.players, game);
  const humans = intOption("humans", values.humans, players, 1, players);
  const concurrent = intOption("concurrent", values.concurrent, tables ?? 1, 1, 10_000);
  const duration = values.duration === undefined ? undefined : intOption("duration", values.duration, 0, 1, 86_400);
  const thinkMs = intOption("think-ms", values["think-ms"], 0, 0, MAX_THINK_MS);
  const thinkJitter = fractionOption("think-jitter", values["think-jitter"], DEFAULT_THINK_JITTER);
  const botKind: BotKind = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
  const seed = intOption("seed", values.seed, 1, SEED_MIN, SEED_MAX);

  const bar =
    process.stdout.isTTY && !values.json && tables !== undefined && duration === undefined
      ? new SingleBar({ stream: process.stdout, clearOnComplete: true, format: "{bar} {value}/{total} tables | {eta}s left" })
      : null;
  bar?.start(tables ?? 0, 0);
  let summary: LoadSummary;
  try {
    summary = await runLoad({
      url: values.server,
      game: game.module.id,
      ...(tables === undefined ? {} : { tables }),
      concurrent,
      ...(duration === undefined ? {} : { durationMs: duration * 1000 }),
      players,
      humans,
      botKind,
      seed,
      thinkMs,
      thinkJitter,
      onTable: (outcome) => {
        bar?.increment();
        if (!outcome.ok && !values.json) process.stderr.write(`bang bots: table ${outcome.index + 1} (seed ${outcome.seed}) failed: ${outcome.code}: ${outcome.message}\n`);
      },
    });
  } finally {
    bar?.stop();
  }
  process.stdout.write(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderLoad(summary, game.module.name)}\n`);
  return summary.failed > 0 || summary.finished === 0 ? EXIT.failed : EXIT.ok;
}
