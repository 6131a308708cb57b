/**
 * @bang/client: the typed client SDK of the game server, for bots, the CLI, the web app and tests.
 * `connect()` (or `new BangClient()`) speaks the WebSocket protocol of @bang/protocol with exactly-once
 * commands, resume by sequence number and automatic reconnect; `createGuest` and `fetchReplay` call
 * the HTTP API.
 */
export { BangClient, connect, type ClientEvents, type TableOptionsInput } from "./client.js";
export { type CloseDetail, type ConnectionDetail, type ConnectionStatus } from "./connection.js";
export { ClientError, CLIENT_ERROR_CODES, isServerErrorCode, type AnyErrorCode, type ClientErrorCode } from "./errors.js";
export { fetchSeats, serverAlive, type GameSeat } from "./public.js";
export { createGuest, fetchReplay, type Guest, type HttpOptions, type Replay, type ReplayEntry } from "./http.js";
export { GameTracker, type EventOutcome, type GameState } from "./games.js";
export { newCommandId } from "./ids.js";
export { backoffDelay, DEFAULT_RECONNECT, type ReconnectOptions } from "./backoff.js";
export { DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_COMMAND_RETRIES, DEFAULT_REQUEST_TIMEOUT_MS, type ClientOptions } from "./options.js";
export type { CommandResult } from "./outbox.js";
export type { EventMessage, Player, SnapshotMessage } from "./messages.js";
export type { GameHistory, HistoryEntry, PresenceMessage } from "@bang/protocol";
export { webSocketUrl, type WebSocketConstructor, type WebSocketLike } from "./socket.js";
export {
  fetchQueues,
  fetchRating,
  fetchLeaderboard,
  createTournament,
  organiseTournament,
  registerForTournament,
  checkInTournament,
  fetchTournament,
  fetchTournaments,
  fetchCatalog,
  type CatalogGame,
  fetchStandings,
  fetchBracket,
  type TournamentBracket,
  fetchAudit,
  type QueueInfo,
  type QueueWaits,
  type RatingView,
  type PlayerRating,
  type Standing,
  type Tournament,
  type TournamentSummary,
  type TournamentStandings,
  type AuditLine,
  type NewTournament,
} from "./competition.js";
export {
  fetchWatchableGames,
  lookupRef,
  fetchPlayer,
  fetchPlayerGames,
  fetchAdminSetup,
  completeAdminSetup,
  type LiveListing,
  type Lookup,
  type Outcome,
  type PlayerGame,
  type PlayerProfile,
  type PublicSeat,
} from "./discovery.js";
export {
  signInAdmin,
  fetchAdminSession,
  fetchLiveGames,
  endGame,
  replaceByBot,
  fetchTimeline,
  fetchPresence,
  fetchPlayerView,
  fetchRawState,
  fetchHistory,
  fetchStatistics,
  fetchNodes,
  fetchClusterNodes,
  type AdminSession,
  type LiveGame,
  type LiveGames,
  type Timeline,
  type TimelineEntry,
  type GamePresence,
  type PlayerViewAt,
  type RawState,
  type HistoryGame,
  type HistoryFilter,
  type Statistics,
  type NodeInfo,
  type ClusterNode,
} from "./admin.js";
