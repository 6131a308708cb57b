// One bench task as a plain loop, for bench/instructions.mjs: `node bench/play.mjs N TASK` plays N
// whole bot games of TASK with seeds 1..N and prints how many commands they took (a check that both
// sides of a comparison played the same games). TASK: dice-engine, dice-engine-key, dice-actor,
// duel-engine, duel-actor.
import { playMatch } from "@bang/game-core";
import { dice } from "@bang/game-dice";
import { diceDuel } from "@bang/game-dice-duel";

const [n, task] = [Number(process.argv[2]), process.argv[3]];
const duel = task.startsWith("duel");
const module = duel ? diceDuel : dice;
const seats = (duel ? ["a", "b"] : ["p1", "p2", "p3", "p4", "p5"]).map((id) => ({ id }));
const bots = new Map(seats.map((s, i) => [s.id, module.bots.heuristic(i + 1)]));
const through = task.endsWith("actor") ? "actor" : "engine";
let commands = 0;
for (let seed = 1; seed <= n; seed++) {
  // As the server deals: a 256-bit key (64 hex digits, the ChaCha20 generator) instead of 32 bits.
  const gameSeed = task.endsWith("key") ? seed.toString(16).padStart(64, "0") : seed;
  commands += playMatch(module, { players: seats, seed: gameSeed }, (id) => bots.get(id), { through }).commands;
}
console.log(commands);
