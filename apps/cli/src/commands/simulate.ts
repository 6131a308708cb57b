import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { BOT_KINDS, playMatch, type MatchResult, type SetupBase, type StateBase, type CommandBase } from "@bang/game-core";
import { choiceOption, EXIT, intOption, parseCommandLine, SEED_MAX, SEED_MIN } from "../args.js";
import { GAME_FLAGS, gameOption, gameOptionsHelp, localGame, seatsOption } from "../shell/game-option.js";
import { writeGameLog } from "../shell/gamelog.js";
import { seatBots, tableSetup } from "../shell/match.js";
import { Simulation } from "../shell/simulation.js";

export const usage = `Usage: bang simulate [--game ID] [options]

Plays complete bot games of one game (game i uses seed S+i, seats p1..pP, the deal drawn by the
game's rules) and prints the games played, the game's own figures (such as win rates by team, by
seat or of the starting player), the average turns and commands per game, and games per second.
Everything but games per second is the same on every run.

Options:
${gameOptionsHelp(17)}
  --games N        games to play (default 100)
  --players P      seats per table, within the game's range (default: the game's usual table)
  --seed S         seed of the first game (default 1)
  --bots KIND      heuristic or random (default heuristic)
  --json           print the summary as JSON
  --save-dir DIR   write each game's log to DIR/game-NNN-seed-S.json (for bang replay)
  -h, --help       show this help`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        ...GAME_FLAGS,
        games: { type: "string" },
        players: { type: "string" },
        seed: { type: "string" },
        bots: { type: "string" },
        json: { type: "boolean" },
        "save-dir": { type: "string" },
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
  const game = localGame(gameOption(values));
  const { module } = game;
  const games = intOption("games", values.games, 100, 1, 1_000_000);
  const players = seatsOption(values.players, game);
  const seed = intOption("seed", values.seed, 1, SEED_MIN, SEED_MAX);
  const bots = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
  const saveDir = values["save-dir"];
  if (saveDir !== undefined) mkdirSync(saveDir, { recursive: true });

  const simulation = new Simulation(module, game.ui, { players, seed, bots });
  const bar = process.stdout.isTTY
    ? new SingleBar({ stream: process.stdout, clearOnComplete: true, format: "{bar} {value}/{total} games | {eta}s left" })
    : null;
  bar?.start(games, 0);
  const width = String(games).length;
  const started = performance.now();
  try {
    for (let i = 0; i < games; i++) {
      const setup = tableSetup(module, players, seed + i);
      const seats = seatBots(module, bots, setup);
      let result: MatchResult<StateBase, CommandBase, SetupBase>;
      try {
        result = playMatch(module, setup, (id) => seats.get(id)!, { onStep: simulation.step });
        simulation.add(result.state, result.log);
      } catch (e) {
        bar?.stop();
        process.stderr.write(`bang simulate: game ${i + 1} (seed ${seed + i}) failed: ${(e as Error).message}\n`);
        return EXIT.failed;
      }
      if (saveDir !== undefined) writeGameLog(join(saveDir, `game-${String(i + 1).padStart(width, "0")}-seed-${seed + i}.json`), result.log);
      bar?.increment();
    }
  } finally {
    bar?.stop();
  }
  const summary = simulation.summary((performance.now() - started) / 1000);
  process.stdout.write(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${simulation.render(summary)}\n`);
  return EXIT.ok;
}
