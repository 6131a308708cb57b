/**
 * @bang/bots: players that choose a command from their own view only (never the full state).
 * - createRandomBot: random-legal choices from its own seeded generator;
 * - createHeuristicBot: plays its role sensibly (RULES.md R2, R3, R6, R7, part B);
 * - createBot: either, by kind;
 * - playMatch: plays one game to its end with a bot per seat (the engine benchmark's loop);
 * - playRemoteTable, runLoad: bots that play a game server over the network through @bang/client.
 */
export type { Bot, BotKind, MatchOptions, MatchResult } from "./types.js";
export { createRandomBot } from "./random.js";
export { createHeuristicBot } from "./heuristic/bot.js";
export { createBot } from "./create.js";
export { playMatch } from "./match.js";
export { planResolve, type Choose, type PlanChoices } from "./duel/plan.js";
export * from "./remote/index.js";
