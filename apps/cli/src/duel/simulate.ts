/**
 * `bang simulate --mode duel`: complete bot duels (RULES.md part D). Game i uses seed S+i (the seed also
 * draws the starting player, R8.1). Prints the win rate by seat and of the starting player, the
 * average turns and commands, duels and equal-pick replays per game (R8.9), and games per second.
 */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { playMatch, type BotKind } from "@bang/bots";
import type { DuelState, LogEntry } from "@bang/engine";
import { EXIT } from "../args.js";
import { columns } from "../format.js";
import { writeGameLog } from "../gamelog.js";
import { seatBots } from "../match.js";
import { duelSetup } from "./play.js";

/** The summary of simulated duels (machine-independent but for games per second). */
export interface DuelSummary {
  mode: "duel";
  games: number;
  seed: number;
  bots: string;
  /** Games won by each seat (p1, p2), and the share. */
  seats: Record<string, { won: number; rate: number }>;
  /** Games won by the player who took the first turn. */
  starter: { won: number; rate: number };
  averageTurns: number;
  averageCommands: number;
  /** Duels started per game (a duel played again counts once), and equal-pick replays per game. */
  duelsPerGame: number;
  replaysPerGame: number;
  gamesPerSecond: number;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Adds one finished duel to the running totals. */
function count(state: DuelState, entries: readonly LogEntry[], firstTurn: string, t: { seats: Map<string, number>; starter: number; turns: number; commands: number; duels: number; replays: number }) {
  const winner = state.winner!.players[0]!;
  t.seats.set(winner, (t.seats.get(winner) ?? 0) + 1);
  if (winner === firstTurn) t.starter++;
  t.turns += state.turnNumber;
  t.commands += entries.length;
  let picks = 0;
  for (const e of entries) if (e.command.type === "pick" || e.command.type === "pickTimeout") picks++;
  // Each play of a duel takes two picks (a pick or a timeout each); replays = plays - duels started.
  t.replays += picks / 2;
}

/** Runs the simulation and prints the summary; the exit code. */
export function simulateDuels(args: { games: number; seed: number; bots: BotKind; json: boolean; saveDir: string | undefined }): number {
  const totals = { seats: new Map<string, number>(), starter: 0, turns: 0, commands: 0, duels: 0, replays: 0 };
  const width = String(args.games).length;
  const started = performance.now();
  for (let i = 0; i < args.games; i++) {
    const setup = duelSetup(args.seed + i);
    const bots = seatBots(args.bots, setup);
    let duelsStarted = 0;
    let result;
    try {
      result = playMatch(setup, (id) => bots.get(id)!, {
        onStep: (s, command) => {
          if (command.type === "resolve" || command.type === "stop" || command.type === "roll" || command.type === "reroll") {
            if (s.phase === "duel" && s.duel?.round === 1 && s.duel.picks.every((p) => p === null)) duelsStarted++;
          }
        },
      });
    } catch (e) {
      process.stderr.write(`bang simulate: duel ${i + 1} (seed ${args.seed + i}) failed: ${(e as Error).message}\n`);
      return EXIT.failed;
    }
    const firstTurn = result.log.entries[0]!.command.by;
    count(result.state, result.log.entries, firstTurn, totals);
    totals.duels += duelsStarted;
    if (args.saveDir !== undefined) writeGameLog(join(args.saveDir, `duel-${String(i + 1).padStart(width, "0")}-seed-${args.seed + i}.json`), result.log);
  }
  const seconds = (performance.now() - started) / 1000;
  const n = args.games;
  const summary: DuelSummary = {
    mode: "duel",
    games: n,
    seed: args.seed,
    bots: args.bots,
    seats: Object.fromEntries(["p1", "p2"].map((id) => [id, { won: totals.seats.get(id) ?? 0, rate: round((totals.seats.get(id) ?? 0) / n, 4) }])),
    starter: { won: totals.starter, rate: round(totals.starter / n, 4) },
    averageTurns: round(totals.turns / n, 2),
    averageCommands: round(totals.commands / n, 2),
    duelsPerGame: round(totals.duels / n, 3),
    replaysPerGame: round((totals.replays - totals.duels) / n, 3),
    gamesPerSecond: round(n / seconds, 1),
  };
  process.stdout.write(args.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderDuelSummary(summary)}\n`);
  return EXIT.ok;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The summary for people. */
export function renderDuelSummary(s: DuelSummary): string {
  return [
    `Simulated ${s.games} duels, ${s.bots} bots, seeds ${s.seed} to ${s.seed + s.games - 1}.`,
    "",
    "Wins (games won, share)",
    ...columns([
      ...Object.entries(s.seats).map(([id, x]) => [id, String(x.won), percent(x.rate)]),
      ["starting player", String(s.starter.won), percent(s.starter.rate)],
    ]),
    "",
    ...columns(
      [
        ["Average turns per game", s.averageTurns.toFixed(2)],
        ["Average commands per game", s.averageCommands.toFixed(2)],
        ["Duels per game", s.duelsPerGame.toFixed(3)],
        ["Equal-pick replays per game", s.replaysPerGame.toFixed(3)],
        ["Games per second", s.gamesPerSecond.toFixed(1)],
      ],
      "",
    ),
  ].join("\n");
}
