/**
 * Bots that play a game over the network through @bang/client: one table (playRemoteTable), or many
 * for a load test (runLoad), with latency percentiles. The game is named by its id; its bots come from
 * its module.
 */
export { defaultPlayers, playRemoteTable, RemoteTableError, REMOTE_TABLE_DEFAULTS, wireCommand, type RemoteTableOptions, type RemoteTableResult } from "./table.js";
export { runLoad, TABLE_SEED_STRIDE, type LoadOptions, type LoadSummary, type TableOutcome } from "./load.js";
export { percentile, percentileOfSorted, summarizeLatencies, type LatencySummary } from "./percentile.js";
export { DEFAULT_THINK_JITTER, MAX_THINK_MS, thinkPauses } from "./think.js";
export { tappedWebSocket, webSocketClass } from "./tap.js";
