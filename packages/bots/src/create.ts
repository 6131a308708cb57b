import type { Seed } from "@bang/engine";
import { createHeuristicBot } from "./heuristic/bot.js";
import { createRandomBot } from "./random.js";
import type { Bot, BotKind } from "./types.js";

/** A bot of the given kind with its own generator seeded by `seed`. Throws on an unknown kind. */
export function createBot(kind: BotKind, seed: Seed): Bot {
  switch (kind) {
    case "random":
      return createRandomBot(seed);
    case "heuristic":
      return createHeuristicBot(seed);
    default:
      throw new Error(`createBot: unknown bot kind "${String(kind satisfies never)}" (random or heuristic)`);
  }
}
