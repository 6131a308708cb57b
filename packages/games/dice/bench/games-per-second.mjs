// Benchmark: complete 5-player bot games of the dice game per second, through the module's reducer
// alone (`apply`) and through its XState statechart actor (and, reducer alone, with the server's 256-bit
// key seeds); and complete bot duels (the dice_duel module, RULES.md part D, 2 players) the same two
// ways. Not a test: run `npm run bench` (or `npm run bench -w packages/games/dice`) and read the table.
// Every game is game-core's playMatch with the modules' own bots. The duel's module is a workspace
// sibling imported here only (it depends on this package, so this package cannot depend on it; the
// bench script builds both). Each iteration plays one whole game with a new seed.
import { Bench } from "tinybench";
import { playMatch } from "@bang/game-core";
import { dice } from "@bang/game-dice";
import { diceDuel } from "@bang/game-dice-duel";

const seats = ["p1", "p2", "p3", "p4", "p5"].map((id) => ({ id }));
const TIME_MS = Number(process.env.BENCH_TIME_MS ?? 3000);

/** One whole 5-player dice game per iteration, a new seed each time; each seat's bot made once. */
function task(kind, through, keySeeds = false) {
  let seed = 0;
  const bots = new Map(seats.map((s, i) => [s.id, dice.bots[kind](i + 1)]));
  return () => {
    seed++;
    // As the server deals: a 256-bit key (64 hex digits, the ChaCha20 generator) instead of 32 bits.
    const gameSeed = keySeeds ? seed.toString(16).padStart(64, "0") : seed;
    playMatch(dice, { players: seats, seed: gameSeed }, (id) => bots.get(id), { through });
  };
}

/** One whole bot duel per iteration, a new seed each time. */
function duelTask(kind, through) {
  let seed = 0;
  const bots = new Map([["a", diceDuel.bots[kind](1)], ["b", diceDuel.bots[kind](2)]]);
  return () => {
    seed++;
    playMatch(diceDuel, { players: [{ id: "a" }, { id: "b" }], seed }, (id) => bots.get(id), { through });
  };
}

const bench = new Bench({ time: TIME_MS, warmup: true, warmupTime: 500 });
for (const through of ["engine", "actor"]) {
  for (const kind of ["random", "heuristic"]) bench.add(`${through} · ${kind} bots`, task(kind, through));
}
bench.add("engine · heuristic bots · key seeds", task("heuristic", "engine", true));
if (process.env.BENCH_DUEL !== "0") {
  for (const through of ["engine", "actor"]) {
    for (const kind of ["random", "heuristic"]) bench.add(`duel ${through} · ${kind} bots`, duelTask(kind, through));
  }
}
await bench.run();

const rows = bench.tasks.map((t) => {
  const r = t.result;
  const medianMs = r.latency.p50;
  return {
    task: t.name,
    "games/s (mean)": Math.round(r.throughput.mean),
    "games/s (from median)": Math.round(1000 / medianMs),
    "median ms/game": medianMs.toFixed(3),
    "p99 ms/game": r.latency.p99.toFixed(3),
    games: r.latency.samplesCount,
  };
});
console.table(rows);
console.log(`node ${process.version}, one core (single thread), ${TIME_MS} ms per task`);
