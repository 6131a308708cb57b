import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { applyCommand, createGame, playerToAct, playerView, type ApplyResult, type Command, type GameLog } from "@bang/engine";
import { choiceOption, EXIT, intOption, parseCommandLine, SEED_MAX, SEED_MIN, UsageError } from "../args.js";
import { describeEvents, formatCommand } from "../format.js";
import { writeGameLog } from "../gamelog.js";
import { HumanSeat } from "../human.js";
import { LineReader } from "../input.js";
import { BOT_KINDS, seatBots, tableSetup } from "../match.js";

export const usage = `Usage: bang play [options]

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

Options:
  --players P    seats at the table, 3 to 8 (default 5)
  --seed S       seed of the deal and the dice (default: a random one, printed)
  --seat N       your seat, 1 to P (default 1); seats are p1..pP
  --bots KIND    heuristic or random (default heuristic)
  --save FILE    keep the game log (GameLog JSON) in FILE, for bang replay
  -h, --help     show this help`;

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
  say(`Bang! The Dice Game: ${players} players, ${kind} bots, seed ${seed} (play this deal again with --seed ${seed}). You are ${me}.`);
  let state = created.state;
  game.showTable(state);
  try {
    while (state.phase !== "gameOver") {
      const actor = playerToAct(state)!;
      let command: Command;
      let result: Extract<ApplyResult, { ok: true }>;
      if (actor === me) {
        const move = await game.humanMove(state);
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
      for (const line of describeEvents(result.events, playerView(state, { kind: "player", id: me }).players)) say(line);
      state = result.state;
    }
    game.gameOver(state);
    return EXIT.ok;
  } finally {
    reader.close();
    if (save !== undefined) say(`Game log saved to ${save} (bang replay ${save}).`);
  }
}
