import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { gameIds } from "@bang/games";
import { parseScenario, runScenario, ScenarioFileError } from "@bang/scenario";
import { EXIT, parseCommandLine, UsageError } from "../args.js";

export const usage = `Usage: bang scenario FILE... [options]

Runs rule scenario files (../shared/SCENARIOS.md, and each game's own format beside its module): a
file names its game in setup.game (${gameIds().join(", ")}; the older setup.mode spelling, a
game's earlier name, is read too), and is played step by step with its forced draws through the
game's rules, then its expectations are checked. Prints each file's final state as JSON on stdout
(its game first), one document per file; each expectation that does not hold is one
"FILE: field: expected X, got Y" line on stderr. FILE "-" reads standard input.

Exit code: 0 when every expectation holds, 1 when one does not, 2 when a file is invalid
(unreadable, bad JSON, an unknown game, a wrong field, an expectation about a player the setup does
not have, or a setup the rules refuse).

Options:
  -h, --help   show this help`;

type Outcome = "passed" | "failed" | "invalid";

/** Reads, parses and runs one scenario file, printing its output and its problems. */
function runFile(file: string): Outcome {
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    process.stderr.write(`${file}: cannot read the file: ${(e as Error).message}\n`);
    return "invalid";
  }
  try {
    const { output, differences } = runScenario(parseScenario(text));
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    for (const line of differences) process.stderr.write(`${file}: ${line}\n`);
    return differences.length === 0 ? "passed" : "failed";
  } catch (e) {
    const reason = e instanceof ScenarioFileError ? e.message : `the scenario could not be run: ${(e as Error).message}`;
    for (const line of reason.split("\n")) process.stderr.write(`${file}: ${line}\n`);
    return "invalid";
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(() =>
    parseArgs({ args: argv, options: { help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError("give at least one scenario FILE");
  const outcomes = positionals.map(runFile);
  if (outcomes.includes("invalid")) return EXIT.invalid;
  return outcomes.includes("failed") ? EXIT.failed : EXIT.ok;
}
