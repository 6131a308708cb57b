// Benchmark: complete 5-player bot games per second, engine alone (applyCommand) and through the
// XState game actor (and, engine alone, with the server's 256-bit key seeds); and complete bot duels (RULES.md part D, 2 players) the same two ways. Not a test: run `npm run bench -w packages/engine` and read the table.
// The bots come from @bang/bots (a workspace sibling; imported here only, so the engine package itself
// keeps no dependency on it). Each iteration plays one whole game with a new seed.
import { Bench } from "tinybench";
import { createBot, playMatch } from "@bang/bots";

const seats = ["p1", "p2", "p3", "p4", "p5"].map((id) => ({ id }));
const TIME_MS = Number(process.env.BENCH_TIME_MS ?? 3000);

function task(kind, through, keySeeds = false) {
  let seed = 0;
  const bots = new Map(seats.map((s, i) => [s.id, createBot(kind, i + 1)]));
  return () => {
    seed++;
    // As the server deals: a 256-bit key (64 hex digits, the ChaCha20 generator) instead of 32 bits.
    const gameSeed = keySeeds ? seed.toString(16).padStart(64, "0") : seed;
    playMatch({ players: seats, seed: gameSeed }, (id) => bots.get(id), { through });
  };
}

/** One whole bot duel per iteration, a new seed each time. */
function duelTask(kind, through) {
  let seed = 0;
  const bots = new Map([["a", createBot(kind, 1)], ["b", createBot(kind, 2)]]);
  return () => {
    seed++;
    playMatch({ mode: "duel", players: [{ id: "a" }, { id: "b" }], seed }, (id) => bots.get(id), { through });
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
