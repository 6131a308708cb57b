import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { BOT_KINDS } from "@bang/game-core";
import { ClientError, fetchCatalog } from "@bang/client";
import { findGame } from "@bang/games";
import { cliGames, gameUi } from "../games/registry.js";
import { choiceOption, EXIT, intOption, parseCommandLine, SEED_MAX, SEED_MIN, UsageError } from "../args.js";
import { GAME_FLAGS, gameOption, gameOptionsHelp, localGame, seatsOption } from "../shell/game-option.js";
import { LineReader } from "../shell/input.js";
import { playLocal } from "../shell/local.js";
import { playOnline } from "../shell/online.js";
import { commandList } from "../shell/seat.js";

export const usage = `Usage: bang play [--game ID] [options]
       bang play --server URL [--game ID] [--name NAME] [--players P] [--bots KIND] [--wait | --code CODE]

Plays one game in the terminal: you hold one seat, bots hold the others. When the game waits for you
the table is shown as you may see it, and you type a command (the game's commands are below; help
lists them during a game, table shows the table again, quit leaves). End of input leaves the game
(exit 0).

Options:
${gameOptionsHelp()}
  --players P    seats at the table, within the game's range (default: the game's usual table)
  --seed S       seed of the deal and of every draw (default: a random one, printed)
  --seat N       your seat, 1 to P (default 1); seats are p1..pP
  --bots KIND    heuristic or random (default heuristic)
  --save FILE    keep the game log (GameLog JSON) in FILE, for bang replay
  -h, --help     show this help

On a game server (the server deals, draws and decides; its bots take the empty seats):
  --server URL   play there (http://host:port) as a new guest, on a new private table of P seats
                 that starts at once, filled with the server's bots; a game this bang has no table
                 for is shown as JSON, and its commands typed as JSON
  --name NAME    your name at the table (default "player")
  --wait         show the table's code and wait for Enter before filling the seats and starting,
                 so that others may join with --code
  --code CODE    join the table CODE instead (its game is the host's), and wait for its host to start
  A dropped connection is retried by itself; the game goes on where it was.

${cliGames()
  .map((ui) => `Commands of ${ui.name} (--game ${ui.id}):\n${commandList(ui)}`)
  .join("\n\n")}`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        ...GAME_FLAGS,
        players: { type: "string" },
        seed: { type: "string" },
        seat: { type: "string" },
        bots: { type: "string" },
        save: { type: "string" },
        server: { type: "string" },
        name: { type: "string" },
        code: { type: "string" },
        wait: { type: "boolean" },
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
  if (values.server !== undefined) return runOnline(values.server, values);
  for (const option of ["name", "code", "wait"] as const) {
    if (values[option] !== undefined) throw new UsageError(`--${option}: only with --server`);
  }
  const game = localGame(gameOption(values));
  const players = seatsOption(values.players, game);
  const seed = intOption("seed", values.seed, randomInt(0, SEED_MAX), SEED_MIN, SEED_MAX);
  const seat = intOption("seat", values.seat, 1, 1, players);
  const bots = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
  const reader = new LineReader();
  const say = (text: string) => reader.print(text);
  try {
    return await playLocal(game, { players, seed, seat, bots, save: values.save }, { say, reader });
  } finally {
    reader.close();
  }
}

/** The longest player name a server takes (LIMITS.maxNameLength of @bang/protocol). */
const MAX_NAME_LENGTH = 24;

/**
 * The seats of a new server table: `--players`, else the game's usual table. A game this process has no
 * module for is sized after the server's catalog (the server checks the range).
 */
async function serverSeats(server: string, game: string, raw: string | undefined): Promise<number> {
  if (findGame(game)) return seatsOption(raw, localGame(game));
  if (raw !== undefined) return intOption("players", raw, 2, 1, 16);
  const known = (await fetchCatalog(server)).find((g) => g.id === game);
  return known ? gameUi(game, { name: known.name, seats: known.rankedSeats }).defaultSeats : 2;
}

/** `bang play --server URL`: checks the options, then plays on the server (shell/online.ts). */
async function runOnline(
  server: string,
  values: { game?: string; mode?: string; players?: string; seed?: string; seat?: string; save?: string; bots?: string; name?: string; code?: string; wait?: boolean },
): Promise<number> {
  for (const option of ["seed", "seat", "save"] as const) {
    if (values[option] !== undefined) throw new UsageError(`--${option}: only for a local game (without --server)`);
  }
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`--server: expected a URL such as http://localhost:8080, got "${server}"`);
  }
  if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) throw new UsageError(`--server: expected an http(s):// URL, got "${server}"`);
  const code = values.code?.trim().toUpperCase() ?? null;
  if (code !== null && !/^[A-Z0-9]{4,8}$/.test(code)) throw new UsageError(`--code: a table code is 4 to 8 letters or digits, got "${values.code}"`);
  if (code !== null && values.players !== undefined) throw new UsageError("--players: the table's host chose the seats (not with --code)");
  if (code !== null && (values.game !== undefined || values.mode !== undefined)) throw new UsageError("--game: the table's host chose the game (not with --code)");
  if (code !== null && values.wait) throw new UsageError("--wait: only for the host of a new table (not with --code)");
  const name = (values.name ?? "player").trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw new UsageError(`--name: a name has 1 to ${MAX_NAME_LENGTH} characters`);
  const game = gameOption(values, true);
  const bots = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);

  const reader = new LineReader();
  const say = (text: string) => reader.print(text);
  try {
    const players = code === null ? await serverSeats(server, game, values.players) : 0;
    return await playOnline({ url: server, name, game, players, bots, code, wait: values.wait ?? false }, { say, reader });
  } catch (e) {
    if (!(e instanceof ClientError)) throw e;
    process.stderr.write(`bang play: ${e.code}: ${e.message}\n`);
    return EXIT.failed;
  } finally {
    reader.close();
  }
}
