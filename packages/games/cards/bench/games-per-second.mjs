// Benchmark: complete 5-player bot games of the card game (`cards`, RULES-cards.md part E) per second,
// through the module's reducer alone (`apply`) and through its XState statechart actor (game-core's
// actor wrapper), with number seeds and, reducer alone, with the server's 256-bit key seeds. Not a test:
// run `npm run bench -w packages/games/cards` and read the table. Every game is game-core's playMatch
// with the module's own bots; each iteration plays one whole game with a new seed. Target: 1,000
// games/s for the rules alone on one core.
import { Bench } from "tinybench";
import { playMatch } from "@bang/game-core";
import { cards } from "@bang/game-cards";

const seats = ["p1", "p2", "p3", "p4", "p5"].map((id) => ({ id }));
const TIME_MS = Number(process.env.BENCH_TIME_MS ?? 3000);

/** One whole 5-player game per iteration, a new seed each time; each seat's bot made once. */
function task(kind, through, keySeeds = false) {
  let seed = 0;
  const bots = new Map(seats.map((s, i) => [s.id, cards.bots[kind](i + 1)]));
  return () => {
    seed++;
    // As the server deals: a 256-bit key (64 hex digits, the ChaCha20 generator) instead of 32 bits.
    const gameSeed = keySeeds ? seed.toString(16).padStart(64, "0") : seed;
    playMatch(cards, { players: seats, seed: gameSeed }, (id) => bots.get(id), { through });
  };
}

const bench = new Bench({ time: TIME_MS, warmup: true, warmupTime: 500 });
for (const through of ["engine", "actor"]) {
  for (const kind of ["random", "heuristic"]) bench.add(`${through} · ${kind} bots`, task(kind, through));
}
bench.add("engine · heuristic bots · key seeds", task("heuristic", "engine", true));
await bench.run();

console.table(
  bench.tasks.map((t) => {
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
  }),
);
console.log(`cards, 5 players: node ${process.version}, one core (single thread), ${TIME_MS} ms per task`);
