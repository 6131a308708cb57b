import { COMMON_REFUSALS } from "@bang/game-core";
import * as z from "zod/mini";

/**
 * Stable error codes of the protocol: the transport's and the server's. A refused game command carries
 * its game's code instead (game-core's COMMON_REFUSALS, or the module's own `refusals`). A client may
 * switch on them; their meaning never changes.
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
  /** The client's address or player holds the most WebSockets allowed at once; the socket is then closed (4029). */
  "TOO_MANY_SOCKETS",
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
  /** A person at the table already plays the most games allowed at once (GAMES_PER_PLAYER): the game does not start. */
  "TOO_MANY_GAMES",
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
  /** A game id no module of this server has (the message names the field and lists the games). */
  "UNKNOWN_GAME",
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
  /** The tournament has no head-to-head bracket (a table-format tournament, or a bracket one not started). */
  "NO_BRACKET",
  // The players' pages and the first run.
  /** No player with this id (bots are not players). */
  "PLAYER_NOT_FOUND",
  /** No table has this code and no game has this id. */
  "CODE_NOT_FOUND",
  /** The first-run setup is over: an admin account exists (sign in instead). */
  "SETUP_CLOSED",
  /** Not the setup link's secret, or a link used before. */
  "SETUP_TOKEN_INVALID",
  /** The setup link has expired: a node issues a new one at its next start. */
  "SETUP_TOKEN_EXPIRED",
] as const;

/** The protocol's codes and the refusal codes every game shares. */
export const ERROR_CODES = [...COMMON_REFUSALS, ...PROTOCOL_ERROR_CODES] as const;
/** A stable error code: the protocol's, a common refusal, or a game module's own refusal (`string`). */
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

/** An error code on the wire: UPPER_SNAKE_CASE (the protocol's, or a game's). */
export const errorCode = z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,47}$/, "an error code is UPPER_SNAKE_CASE"));
