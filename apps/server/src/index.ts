/** @bang/server: a game server node. */
export { buildNode, type Node } from "./app.js";
export { loadConfig, configSchema, type Config } from "./config.js";
export type { GameStore, StoredEntry, StoredGame, StoredSeat } from "./persistence/store.js";
export { createAdminAccount, type AccountOutcome } from "./admin/accounts.js";
