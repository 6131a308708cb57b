import { parseArgs } from "node:util";
import { ClientError, fetchStandings } from "@bang/client";
import { EXIT, parseCommandLine, UsageError } from "../args.js";
import { columns } from "../shell/text.js";

export const usage = `Usage: bang tournament standings ID --server URL [--json]

Prints a tournament's standings: place, player, qualifying points, final-table points, wins, games.

Options:
  --server URL   the game server (http://host:port)
  --json         print the server's answer as JSON
  -h, --help     show this help`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(() =>
    parseArgs({ args: argv, options: { server: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  const [sub, id, ...extra] = positionals;
  if (sub !== "standings") throw new UsageError(sub === undefined ? "a subcommand is required: standings" : `unknown subcommand "${sub}" (only: standings)`);
  if (id === undefined) throw new UsageError("the tournament ID is required");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (values.server === undefined) throw new UsageError("--server: required");
  try {
    const s = await fetchStandings(values.server, id);
    if (values.json) {
      process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
      return EXIT.ok;
    }
    const round = s.status === "running" ? (s.currentRound > s.rounds ? ", final table" : `, round ${s.currentRound} of ${s.rounds}`) : "";
    process.stdout.write(`${s.name} (${s.status}${round})\n`);
    const rows = [["#", "player", "points", "final", "wins", "games"], ...s.standings.map((x) => [String(x.place), x.name, String(x.points), x.finalPoints === null ? "-" : String(x.finalPoints), String(x.wins), String(x.games)])];
    process.stdout.write(`${columns(rows).join("\n")}\n`);
    return EXIT.ok;
  } catch (e) {
    if (!(e instanceof ClientError)) throw e;
    process.stderr.write(`bang tournament: ${e.code}: ${e.message}\n`);
    return EXIT.failed;
  }
}
