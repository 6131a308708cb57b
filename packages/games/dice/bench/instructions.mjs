// Benchmark: CPU instructions per whole bot game, counted by valgrind's callgrind (not a test: run
// `npm run bench:instructions -w packages/games/dice`). Instruction counts do not depend on what else
// the machine runs, so two versions of the rules can be compared on a busy machine, where the
// games-per-second bench swings by a third. Each task runs bench/play.mjs twice under callgrind, with 0
// games and with N, in single-threaded V8; the difference over N is the cost of one game.
// BENCH_GAMES (default 200; actor tasks half of it) and BENCH_TASKS (comma-separated) change the run.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const play = fileURLToPath(new URL("./play.mjs", import.meta.url));
const games = Number(process.env.BENCH_GAMES ?? 200);
const tasks = (process.env.BENCH_TASKS ?? "dice-engine,dice-engine-key,dice-actor,duel-engine,duel-actor").split(",");

/** Instructions callgrind counted for `node play.mjs n task`, and the commands it printed. */
function count(n, task) {
  const run = spawnSync("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, "--single-threaded", play, String(n), task], { encoding: "utf8" });
  if (run.error) throw new Error(`valgrind could not run (${run.error.message}): install Debian's valgrind`);
  const collected = /Collected : (\d+)/.exec(run.stderr);
  if (run.status !== 0 || !collected) throw new Error(`play.mjs ${n} ${task} failed:\n${run.stderr}`);
  return { instructions: Number(collected[1]), commands: Number(run.stdout.trim()) };
}

const rows = [];
for (const task of tasks) {
  const n = task.endsWith("actor") ? Math.max(1, Math.round(games / 2)) : games;
  const base = count(0, task);
  const full = count(n, task);
  rows.push({ task, games: n, commands: full.commands, "instructions/game": Math.round((full.instructions - base.instructions) / n), "instructions/command": Math.round((full.instructions - base.instructions) / full.commands) });
}
console.table(rows);
console.log(`node ${process.version}, valgrind callgrind, single-threaded V8, heuristic bots, seeds 1..N`);
