/**
 * @bang/bots: the remote load generator. Bot clients play a game server over the network through
 * @bang/client, each seat with its own connection and its own bot (the game module's, from the
 * registry), choosing from its own view only:
 * - playRemoteTable: one private table of a game, played to its end;
 * - runLoad: many tables, at most so many at once, with latency percentiles (`bang bots`, the server
 *   benchmarks).
 * The bots themselves live in each game's module (`gameById(game).bots`); local bot games are
 * game-core's `playMatch`.
 */
export * from "./remote/index.js";
