import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { ClientError } from "@bang/client";
import { applyCommand, createGame, playerToAct, playerView, type ApplyResult, type Command, type GameLog, type GameState } from "@bang/engine";
import { choiceOption, EXIT, intOption, parseCommandLine, SEED_MAX, SEED_MIN, UsageError } from "../args.js";
import { describeEvents, formatCommand } from "../format.js";
import { writeGameLog } from "../gamelog.js";
import { HumanSeat } from "../human.js";
import { LineReader } from "../input.js";
import { playOnline } from "../online.js";
import { BOT_KINDS, seatBots, tableSetup } from "../match.js";
import { duelSetup, playLocalDuel } from "../duel/play.js";
import { playOnlineDuel } from "../duel/online.js";

const MODES = ["classic", "duel"] as const;

export const usage = `Usage: bang play [options]
       bang play --server URL [--name NAME] [--players P] [--bots KIND] [--wait | --code CODE]

Plays one game in the terminal: you hold one seat, bots hold the others. When it is your move the
table is shown as you may see it, and you type a command:
  roll                       throw the five dice (Enter does it too)
  reroll 0 2 4               throw those dice again (dynamite is locked)
  stop                       keep the dice and resolve them (Enter does it too)
  resolve 1:p3 2:me          a target for every 1/2 die and a player for every beer, in one line;
                             add slab:BEER>SHOT (Slab the Killer), discard:p2,p4 (Kit Carlson).
                             Enter asks die by die, offering the legal targets.
  heal p3 / react 1          Sid Ketchum's heal, Bart Cassidy's arrows instead of life
  table, help, quit
Players are named by id (p3), seat number (3) or "me". End of input leaves the game (exit 0).

Duel mode (--mode duel, RULES.md part D): you against one bot, both hideouts shown as 2x4 grids:
  roll / reroll 0 2 / stop   as above (gatling faces give ammo)
  resolve change:B>D=FACE dynamite:n0 shot:D@COL repair:COL   (Enter takes the suggestion)
  pick sheriff|outlaw|renegade (s/o/r), effect n1 f2
  Cards: n0..n3 the near row, f0..f3 the far row.

Options:
  --mode MODE    classic (default) or duel (2 players: you and one bot)
  --players P    seats at the table, 3 to 8 (default 5; a duel has 2)
  --seed S       seed of the deal and the dice (default: a random one, printed)
  --seat N       your seat, 1 to P (default 1); seats are p1..pP
  --bots KIND    heuristic or random (default heuristic)
  --save FILE    keep the game log (GameLog JSON) in FILE, for bang replay
  -h, --help     show this help

On a game server (the server deals, rolls and decides; its bots take the empty seats):
  --server URL   play there (http://host:port) as a new guest, on a new private table of P seats
                 that starts at once, filled with the server's bots
  --name NAME    your name at the table (default "player")
  --wait         show the table's code and wait for Enter before filling the seats and starting,
                 so that others may join with --code
  --code CODE    join the table CODE instead, and wait for its host to start the game
  A dropped connection is retried by itself; the game goes on where it was.`;

/** The command list of the usage, which `help` prints during a game. */
const HELP = usage.slice(usage.indexOf("  roll"), usage.indexOf("Players are named")).trimEnd();

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        players: { type: "string" },
        seed: { type: "string" },
        seat: { type: "string" },
        bots: { type: "string" },
        save: { type: "string" },
        server: { type: "string" },
        name: { type: "string" },
        code: { type: "string" },
        wait: { type: "boolean" },
        mode: { type: "string" },
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
  const mode = choiceOption("mode", values.mode, "classic", MODES);
  if (values.server !== undefined) return runOnline(values.server, values, mode);
  for (const option of ["name", "code", "wait"] as const) {
    if (values[option] !== undefined) throw new UsageError(`--${option}: only with --server`);
  }
  if (mode === "duel") {
    if (values.players !== undefined && values.players !== "2") throw new UsageError("--players: a duel has 2 players (RULES.md R8.1)");
    const duelSeed = intOption("seed", values.seed, randomInt(0, SEED_MAX), SEED_MIN, SEED_MAX);
    const seatNo = intOption("seat", values.seat, 1, 1, 2);
    const botKind = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
    const me = `p${seatNo}`;
    const bot = seatBots(botKind, duelSetup(duelSeed)).get(me === "p1" ? "p2" : "p1")!;
    return playLocalDuel({ seed: duelSeed, me, bot, kind: botKind, save: values.save });
  }
  const players = intOption("players", values.players, 5, 3, 8);
  const seed = intOption("seed", values.seed, randomInt(0, SEED_MAX), SEED_MIN, SEED_MAX);
  const seat = intOption("seat", values.seat, 1, 1, players);
  const kind = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
  const setup = tableSetup(players, seed);
  const created = createGame(setup);
  if (!created.ok) throw new Error(`the engine refused the table: ${created.error.message}`);
  const me = setup.players[seat - 1]!.id;
  const bots = seatBots(kind, setup);
  const log: GameLog = { setup, entries: [] };
  const save = values.save;
  const keep = () => save !== undefined && writeGameLog(save, log);
  try {
    keep();
  } catch (e) {
    throw new UsageError(`--save: cannot write "${save}": ${(e as Error).message}`);
  }

  const say = (text: string) => process.stdout.write(`${text}\n`);
  const reader = new LineReader();
  const game = new HumanSeat(me, reader, say, HELP);
  const myView = (s: GameState) => playerView(s, { kind: "player", id: me });
  say(`Bang! The Dice Game: ${players} players, ${kind} bots, seed ${seed} (play this deal again with --seed ${seed}). You are ${me}.`);
  let state = created.state;
  game.showTable(myView(state));
  try {
    while (state.phase !== "gameOver") {
      const actor = playerToAct(state)!;
      let command: Command;
      let result: Extract<ApplyResult, { ok: true }>;
      if (actor === me) {
        const before = state;
        const move = await game.humanMove<Extract<ApplyResult, { ok: true }>>(myView(state), (c) => applyCommand(before, c));
        if (move === "stale") continue; // the engine answers at once: never stale
        if (move === "quit" || move === "eof") {
          say(`\n${move === "eof" ? "Input closed: you" : "You"} left the game at turn ${state.turnNumber}, before its end.`);
          return EXIT.ok;
        }
        ({ command, result } = move);
      } else {
        command = bots.get(actor)!.choose(playerView(state, { kind: "player", id: actor }), actor);
        const applied = applyCommand(state, command);
        if (!applied.ok) throw new Error(`bot ${actor} played a refused command (${formatCommand(command)}): ${applied.error.code}: ${applied.error.message}`);
        result = applied;
      }
      log.entries.push({ command });
      keep();
      for (const line of describeEvents(result.events, myView(state).players)) say(line);
      state = result.state;
    }
    game.gameOver(myView(state));
    return EXIT.ok;
  } finally {
    reader.close();
    if (save !== undefined) say(`Game log saved to ${save} (bang replay ${save}).`);
  }
}

/** The longest player name a server takes (LIMITS.maxNameLength of @bang/protocol). */
const MAX_NAME_LENGTH = 24;

/** `bang play --server URL`: checks the options, then plays on the server (online.ts). */
async function runOnline(
  server: string,
  values: { players?: string; seed?: string; seat?: string; save?: string; bots?: string; name?: string; code?: string; wait?: boolean },
  mode: (typeof MODES)[number] = "classic",
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
  if (code !== null && values.wait) throw new UsageError("--wait: only for the host of a new table (not with --code)");
  const name = (values.name ?? "player").trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw new UsageError(`--name: a name has 1 to ${MAX_NAME_LENGTH} characters`);
  const players = mode === "duel" ? 2 : intOption("players", values.players, 5, 3, 8);
  if (mode === "duel" && values.players !== undefined && values.players !== "2") throw new UsageError("--players: a duel has 2 players (RULES.md R8.1)");
  const bots = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);

  const say = (text: string) => process.stdout.write(`${text}\n`);
  const reader = new LineReader();
  try {
    if (mode === "duel") return await playOnlineDuel({ url: server, name, bots, code, wait: values.wait ?? false }, { say, reader });
    return await playOnline({ url: server, name, players, bots, code, wait: values.wait ?? false }, { say, reader, help: HELP });
  } catch (e) {
    if (!(e instanceof ClientError)) throw e;
    process.stderr.write(`bang play: ${e.code}: ${e.message}\n`);
    return EXIT.failed;
  } finally {
    reader.close();
  }
}
