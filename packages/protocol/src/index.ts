/**
 * @bang/protocol: the messages between clients and servers (zod schemas, validated on both sides), and
 * the stable error codes.
 */
export { ERROR_CODES, PROTOCOL_ERROR_CODES, type ErrorCode } from "./errors.js";
export { gameCommand, gameEvent, playerView, winner, face, role, character, playerId, classicCommand, classicView, classicEvent, shownCommand, type GameCommand, type ShownCommand } from "./game.js";
export { duelView, duelEvent, duelCard, cardRef, duelResolveCommand, duelOnlyCommand, hiddenPick } from "./duel.js";
export {
  LIMITS,
  clientMessage,
  serverMessage,
  tableOptions,
  tableView,
  seatView,
  botKind,
  commandId,
  seq,
  type ClientMessage,
  type ClientMessageType,
  type ServerMessage,
  type TableOptions,
  type TableView,
} from "./messages.js";
export { MISSING_NODES_HEADER } from "./http.js";
export { PLAYER_NAME_PATTERN, PLAYER_NAME_RULE, playerName } from "./names.js";
export { frameRefOf, parseClientMessage, parseServerMessage, type Parsed, type FrameRef } from "./parse.js";
export { queueId, matchId, queueStatus, queueExitReason, QUEUE_EXIT_REASONS, type QueueStatus, type QueueExitReason } from "./queue.js";
