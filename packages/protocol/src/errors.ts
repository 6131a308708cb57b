import { ERROR_CODES as RULE_ERROR_CODES } from "@bang/engine";

/**
 * Stable error codes of the protocol: the engine's rule codes (a refused command) and the transport's.
 * A client may switch on them; their meaning never changes.
 */
export const PROTOCOL_ERROR_CODES = [
  /** The frame is not JSON. */
  "BAD_JSON",
  /** JSON, but no known message `type`. */
  "UNKNOWN_TYPE",
  /** A known message with a missing or wrong field (the message names it). */
  "INVALID_MESSAGE",
  /** A frame over the size limit (16 KiB): the socket is closed, it is abuse. */
  "FRAME_TOO_LARGE",
  /** An HTTP request body over the node's body limit (413). */
  "BODY_TOO_LARGE",
  /** A message other than `hello` before a valid `hello`. */
  "UNAUTHENTICATED",
  /** A token that does not verify, or has expired. */
  "BAD_TOKEN",
  /** Too many messages too fast. */
  "RATE_LIMITED",
  "TABLE_NOT_FOUND",
  "TABLE_FULL",
  "ALREADY_SEATED",
  "NOT_SEATED",
  "NOT_HOST",
  "NOT_READY",
  "ALREADY_STARTED",
  /** The table was created without bots: its empty seats wait for people. */
  "BOTS_NOT_ALLOWED",
  /** The player already sits at the most open tables allowed at once (MAX_OPEN_TABLES): leave one. */
  "TOO_MANY_TABLES",
  "GAME_NOT_FOUND",
  /** An admin ended the game before a winner. */
  "GAME_ENDED",
  /** No valid admin session (missing, malformed or not an admin's). */
  "ADMIN_REQUIRED",
  /** The admin session has expired: sign in again. */
  "SESSION_EXPIRED",
  /** Wrong admin name or password. */
  "BAD_CREDENTIALS",
  /** No such HTTP route. */
  "NOT_FOUND",
  /** The client command id was used before for a different command. */
  "COMMAND_ID_REUSED",
  /** The sequence number asked for is ahead of the game. */
  "BAD_SEQ",
  /** This node does not own the game right now: retry (cluster). */
  "RETRY",
  /** The node is shutting down: reconnect elsewhere. */
  "SHUTTING_DOWN",
  /** An unexpected server fault; the message carries no detail. */
  "INTERNAL",
  // Matchmaking, ratings and tournaments.
  /** No queue with this id. */
  "QUEUE_NOT_FOUND",
  /** The player is in a queue (or a ready check) already: one queue at a time. */
  "ALREADY_QUEUED",
  /** The player is in no queue. */
  "NOT_QUEUED",
  /** The player's game is still running: finish it before queueing again (one game at a time). */
  "ALREADY_PLAYING",
  /** No ready check with this match id for the player (over, or never theirs). */
  "MATCH_NOT_FOUND",
  "TOURNAMENT_NOT_FOUND",
  /** The request needs the organiser role (an organiser's bearer token). */
  "NOT_ORGANISER",
  /** The tournament is not in a state that allows this (e.g. registering once it started). */
  "WRONG_TOURNAMENT_STATUS",
  "ALREADY_REGISTERED",
  "NOT_REGISTERED",
  /** Too few players to start (the message says how many are needed). */
  "TOO_FEW_PLAYERS",
  /** The game is not one of this tournament's tables. */
  "GAME_NOT_IN_TOURNAMENT",
  /** The game has no result yet. */
  "GAME_NOT_FINISHED",
  /** The tournament has no head-to-head bracket (a table-format tournament, or a duel one not started). */
  "NO_BRACKET",
] as const;

export const ERROR_CODES = [...RULE_ERROR_CODES, ...PROTOCOL_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
