#!/usr/bin/env node
/**
 * The `bang` command: one small module per subcommand in ./commands, loaded only when it runs. Every
 * subcommand returns its exit code; a UsageError is one line on stderr and exit code 2.
 */
import { EXIT, UsageError } from "./args.js";

/** What every subcommand module exports. */
export interface CommandModule {
  usage: string;
  run(argv: string[]): Promise<number>;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  scenario: { summary: "run rule scenario files and check their expectations", load: () => import("./commands/scenario.js") },
  simulate: { summary: "play many bot games and print their figures (win rates...)", load: () => import("./commands/simulate.js") },
  play: { summary: "play a game in the terminal against bots, locally or on a server", load: () => import("./commands/play.js") },
  bots: { summary: "play tables of bot clients on a server; load-test it", load: () => import("./commands/bots.js") },
  replay: { summary: "replay a saved game log entry by entry", load: () => import("./commands/replay.js") },
  queue: { summary: "join a public matchmaking queue on a server and play the game found", load: () => import("./commands/queue.js") },
  tournament: { summary: "print a tournament's standings from a server", load: () => import("./commands/tournament.js") },
  admin: { summary: "create an admin account of the dashboard (admin create --name NAME)", load: () => import("./commands/admin.js") },
};

const USAGE = `Usage: bang <command> [options]

The games of the Bang! game server from the command line: play them in a terminal, alone against
bots or on a server, simulate bot games, replay saved games, run rule scenarios, load-test a server.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(12)}${c.summary}`)
  .join("\n")}

Run \`bang <command> --help\` for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return EXIT.invalid;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const topic = rest[0] === undefined ? undefined : COMMANDS[rest[0]];
    process.stdout.write(`${topic ? (await topic.load()).usage : USAGE}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return usageError("bang", `unknown command "${name}" (one of ${Object.keys(COMMANDS).join(", ")}); see bang --help`);
  try {
    return await (await command.load()).run(rest);
  } catch (e) {
    if (e instanceof UsageError) return usageError(`bang ${name}`, `${e.message} (see bang ${name} --help)`);
    throw e;
  }
}

function usageError(who: string, message: string): number {
  process.stderr.write(`${who}: ${message}\n`);
  return EXIT.invalid;
}

// `bang replay --all | head` closes stdout early: that is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Anything else is a bug or an I/O failure: one line, the stack only on request.
    process.stderr.write(`bang: error: ${e instanceof Error ? e.message : String(e)}\n`);
    if (process.env.BANG_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    process.exitCode = EXIT.failed;
  },
);
