/**
 * @bang/protocol: the messages between clients and servers (zod schemas, validated on both sides), and
 * the stable error codes. The envelope is generic: a game's commands and views inside it are its
 * module's (checked with `parseGameCommand`); no game is named here.
 */
export { ERROR_CODES, PROTOCOL_ERROR_CODES, errorCode, type ErrorCode } from "./errors.js";
export { gameCommand, gameEvent, gameView, viewChanges, gameName, viewer, playerId, parseGameCommand, checkTableOptions, type GameCommand, type GameView, type ViewChanges, type TableGame } from "./game.js";
export { describe as describeIssues } from "./describe.js";
export {
  LIMITS,
  CLIENT_FEATURES,
  clientMessage,
  serverMessage,
  tableOptions,
  tableView,
  seatView,
  botKind,
  commandId,
  gameId,
  requestId,
  seq,
  historyEntry,
  gameHistory,
  presenceMessage,
  type HistoryEntry,
  type GameHistory,
  type PresenceMessage,
  type ClientMessage,
  type ClientMessageType,
  type ClientFeature,
  type ServerMessage,
  type WireServerMessage,
  type EventMessage,
  type EventChangesMessage,
  type TableOptions,
  type TableView,
} from "./messages.js";
export { MISSING_NODES_HEADER } from "./http.js";
export { PLAYER_NAME_PATTERN, PLAYER_NAME_RULE, playerName } from "./names.js";
export { frameRefOf, parseClientMessage, parseServerMessage, type Parsed, type FrameRef } from "./parse.js";
export { queueId, matchId, queueStatus, queueExitReason, QUEUE_EXIT_REASONS, type QueueStatus, type QueueExitReason } from "./queue.js";
