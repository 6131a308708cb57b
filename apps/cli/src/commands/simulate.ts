import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { playMatch, type BotKind } from "@bang/bots";
import { choiceOption, EXIT, intOption, parseCommandLine, SEED_MAX, SEED_MIN, UsageError } from "../args.js";
import { simulateDuels } from "../duel/simulate.js";
import { columns } from "../format.js";
import { writeGameLog } from "../gamelog.js";
import { BOT_KINDS, seatBots, tableSetup } from "../match.js";
import { Tally, type SimulationSummary } from "../stats.js";

export const usage = `Usage: bang simulate [options]

Plays complete bot games (game i uses seed S+i, seats p1..pP, roles and characters dealt by the
engine) and prints the games played, the win rate by team (law, outlaws, renegade; with 3 players the
roles deputy, outlaw, renegade), the win rate by character, the average turns and commands per game,
and games per second. Everything but games per second is the same on every run.

Options:
  --games N        games to play (default 100)
  --mode MODE      classic (default) or duel (2 players, RULES.md part D: win rate by seat and of the
                   starting player, duels and equal-pick replays per game)
  --players P      seats per table, 3 to 8 (default 5; not with --mode duel)
  --seed S         seed of the first game (default 1)
  --bots KIND      heuristic or random (default heuristic)
  --json           print the summary as JSON
  --save-dir DIR   write each game's log to DIR/game-NNN-seed-S.json (for bang replay)
  -h, --help       show this help`;

const percent = (rate: number | null) => (rate === null ? "-" : `${(rate * 100).toFixed(1)}%`);

/** The summary for people. */
export function renderSummary(s: SimulationSummary): string {
  const characters = Object.entries(s.characters).sort(
    ([a, x], [b, y]) => (y.rate ?? -1) - (x.rate ?? -1) || y.played - x.played || a.localeCompare(b),
  );
  return [
    `Simulated ${s.games} games: ${s.players} players, ${s.bots} bots, seeds ${s.seed} to ${s.seed + s.games - 1}.`,
    "",
    "Win rate by team (games won, share)",
    ...columns(Object.entries(s.teams).map(([team, t]) => [team, String(t.won), percent(t.rate)])),
    "",
    "Win rate by character (games played, won, share)",
    ...columns(characters.map(([c, x]) => [c, String(x.played), String(x.won), percent(x.rate)])),
    "",
    ...columns(
      [
        ["Average turns per game", s.averageTurns.toFixed(2)],
        ["Average commands per game", s.averageCommands.toFixed(2)],
        ["Games per second", s.gamesPerSecond.toFixed(1)],
      ],
      "",
    ),
  ].join("\n");
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: {
        games: { type: "string" },
        players: { type: "string" },
        seed: { type: "string" },
        bots: { type: "string" },
        json: { type: "boolean" },
        "save-dir": { type: "string" },
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
  const games = intOption("games", values.games, 100, 1, 1_000_000);
  const mode = choiceOption("mode", values.mode, "classic", ["classic", "duel"] as const);
  if (mode === "duel") {
    if (values.players !== undefined && values.players !== "2") throw new UsageError("--players: a duel has 2 players (RULES.md R8.1)");
    const duelSave = values["save-dir"];
    if (duelSave !== undefined) mkdirSync(duelSave, { recursive: true });
    return simulateDuels({ games, seed: intOption("seed", values.seed, 1, SEED_MIN, SEED_MAX), bots: choiceOption("bots", values.bots, "heuristic", BOT_KINDS), json: values.json ?? false, saveDir: duelSave });
  }
  const players = intOption("players", values.players, 5, 3, 8);
  const seed = intOption("seed", values.seed, 1, SEED_MIN, SEED_MAX);
  const bots: BotKind = choiceOption("bots", values.bots, "heuristic", BOT_KINDS);
  const saveDir = values["save-dir"];
  if (saveDir !== undefined) mkdirSync(saveDir, { recursive: true });

  const tally = new Tally({ players, seed, bots });
  const bar = process.stdout.isTTY
    ? new SingleBar({ stream: process.stdout, clearOnComplete: true, format: "{bar} {value}/{total} games | {eta}s left" })
    : null;
  bar?.start(games, 0);
  const width = String(games).length;
  const started = performance.now();
  try {
    for (let i = 0; i < games; i++) {
      const setup = tableSetup(players, seed + i);
      const seats = seatBots(bots, setup);
      let result;
      try {
        result = playMatch(setup, (id) => seats.get(id)!);
        tally.add(result.state, result.commands);
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
  const summary = tally.summary((performance.now() - started) / 1000);
  process.stdout.write(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderSummary(summary)}\n`);
  return EXIT.ok;
}
