import { z } from "zod";
import { ERROR_CODES } from "./errors.js";
import { gameCommand, gameEvent, playerId, playerView, shownCommand } from "./game.js";
import { queueClientMessages, queueServerMessages, queueStatus } from "./queue.js";

/** Limits every node enforces (and clients may check before sending). */
export const LIMITS = {
  /** Largest WebSocket frame accepted, in bytes; larger is abuse and closes the socket. */
  maxFrameBytes: 16 * 1024,
  /** Longest player name, in characters. */
  maxNameLength: 24,
} as const;

/** A request id: chosen by the client, echoed by the server's `ok`, `pong` or `error` answer. */
export const requestId = z.string().min(1).max(64);
const rid = requestId;
/** A game id: the server makes UUIDs; 1 to 64 letters, digits, '.', '_', ':' or '-' (no control characters). */
export const gameId = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, "a game id is 1 to 64 letters, digits, '.', '_', ':' or '-'");
const tableCode = z.string().regex(/^[A-Z0-9]{4,8}$/, "a table code is 4 to 8 capital letters or digits");
/**
 * A client command id: chosen by the client, unique per game; a repeat gets the first answer again.
 * Letters, digits and `. _ : -` only: the server's own commands (bots, timers) use ids starting with
 * `~`, which no client can send, so a client can never take or poison a server command's id.
 */
export const commandId = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, "a command id is 1 to 64 letters, digits, '.', '_', ':' or '-'");
/** Game commands a client may send: every command but the server's `pickTimeout` (its turn timer's, R8.9). */
const clientGameCommand = gameCommand.refine((c) => c.type !== "pickTimeout", { message: "pickTimeout is sent by the server's timer only", path: ["type"] });
export const seq = z.number().int().min(0);
export const botKind = z.enum(["heuristic", "random"]);

/** Options of a private table. */
export const tableOptions = z
  .object({
    /** `classic` (3 to 8 seats) or `duel` (exactly 2 seats, RULES.md part D). */
    mode: z.enum(["classic", "duel"]).default("classic"),
    seats: z.number().int().min(2).max(8),
    /** May the host fill empty seats with bots? */
    botsAllowed: z.boolean().default(true),
    botKind: botKind.default("heuristic"),
    /** Seconds a player has to act before the bot plays for them. */
    turnSeconds: z.number().int().min(5).max(600).default(60),
  })
  .strict()
  .refine((o) => (o.mode === "duel" ? o.seats === 2 : o.seats >= 3), { message: "a duel table has 2 seats (R8.1); a classic table 3 to 8 (R1.1)", path: ["seats"] });
export type TableOptions = z.infer<typeof tableOptions>;

/** Every message a client sends, one discriminated union on `type`. */
export const clientMessage = z.discriminatedUnion("type", [
  /**
   * Authenticates the socket. `resume` lists games the client follows and the last seq it saw of each:
   * the server sends what each missed (events, or a snapshot) right after `welcome`, and a snapshot of
   * every other running game of the player. One round trip, so nothing races a separate `resume`.
   */
  z
    .object({
      type: z.literal("hello"),
      token: z.string().min(1).max(2048),
      resume: z.array(z.object({ gameId, lastSeq: seq }).strict()).max(32).optional(),
    })
    .strict(),
  z.object({ type: z.literal("createTable"), rid, options: tableOptions }).strict(),
  z.object({ type: z.literal("joinTable"), rid, code: tableCode }).strict(),
  z.object({ type: z.literal("leaveTable"), rid, code: tableCode }).strict(),
  z.object({ type: z.literal("ready"), rid, code: tableCode, ready: z.boolean() }).strict(),
  z.object({ type: z.literal("fillBots"), rid, code: tableCode }).strict(),
  z.object({ type: z.literal("startGame"), rid, code: tableCode }).strict(),
  z.object({ type: z.literal("spectate"), rid, gameId }).strict(),
  /** Sends what the client missed since `lastSeq` (0: everything), or a snapshot. */
  z.object({ type: z.literal("resume"), rid, gameId, lastSeq: seq }).strict(),
  z.object({ type: z.literal("command"), id: commandId, gameId, command: clientGameCommand }).strict(),
  z.object({ type: z.literal("ping"), rid }).strict(),
  ...queueClientMessages,
]);
export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage["type"];

/** A seat of a table as everyone sees it (no role: roles exist only once the game is dealt). */
export const seatView = z
  .object({
    index: z.number().int(),
    playerId: playerId.nullable(),
    name: z.string().nullable(),
    bot: botKind.nullable(),
    ready: z.boolean(),
    connected: z.boolean(),
  })
  .strict();

export const tableView = z
  .object({
    code: tableCode,
    hostId: playerId,
    options: tableOptions,
    seats: z.array(seatView),
    status: z.enum(["open", "playing", "finished"]),
    gameId: gameId.nullable(),
  })
  .strict();
export type TableView = z.infer<typeof tableView>;

/** Every message a server sends. `seq` is the game's log sequence number (1 = first command). */
export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("welcome"), player: z.object({ id: playerId, name: z.string() }).strict() }).strict(),
  /** The answer to a request that carried `rid`. */
  z.object({ type: z.literal("ok"), rid, table: tableView.optional(), queue: queueStatus.optional() }).strict(),
  z.object({ type: z.literal("table"), table: tableView }).strict(),
  /** The whole view now: after joining, spectating, or a resume too far behind. */
  z.object({ type: z.literal("snapshot"), gameId, seq, view: playerView }).strict(),
  /** One accepted command: its events and the viewer's view after it. */
  z
    .object({
      type: z.literal("event"),
      gameId,
      seq: seq.min(1),
      by: playerId,
      /** The command as accepted; a duel pick not yet revealed comes without its card (R8.9). */
      command: shownCommand,
      events: z.array(gameEvent),
      view: playerView,
    })
    .strict(),
  /** The command `id` was stored as entry `seq` (sent only to its sender, after the store). */
  z.object({ type: z.literal("ack"), id: commandId, gameId, seq: seq.min(1) }).strict(),
  z
    .object({
      type: z.literal("error"),
      code: z.enum(ERROR_CODES),
      message: z.string(),
      rid: rid.optional(),
      id: commandId.optional(),
      /** With `id`: the game the refused command was for. */
      gameId: gameId.optional(),
    })
    .strict(),
  z.object({ type: z.literal("pong"), rid }).strict(),
  ...queueServerMessages,
]);
export type ServerMessage = z.infer<typeof serverMessage>;
