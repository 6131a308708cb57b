import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { errorCode } from "./errors.js";
import { gameCommand, gameEvent, gameName, gameView, playerId, viewChanges, type GameView, type ViewChanges } from "./game.js";
import { queueClientMessages, queueServerMessages, queueStatus } from "./queue.js";

// zod/mini (a small bundle for the browser) speaks no language until told: refusals say what is wrong in English.
z.config(en());

/** Limits every node enforces (and clients may check before sending). */
export const LIMITS = {
  /** Largest WebSocket frame accepted, in bytes; larger is abuse and closes the socket. */
  maxFrameBytes: 16 * 1024,
  /** Longest player name, in characters. */
  maxNameLength: 24,
  /** Most seats a table may have, whatever the game (each game's own range is checked within it). */
  maxSeats: 16,
} as const;

/** A request id: chosen by the client, echoed by the server's `ok`, `pong` or `error` answer. */
export const requestId = z.string().check(z.minLength(1), z.maxLength(64));
const rid = requestId;
/** A game id: the server makes UUIDs; 1 to 64 letters, digits, '.', '_', ':' or '-' (no control characters). */
export const gameId = z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,64}$/, "a game id is 1 to 64 letters, digits, '.', '_', ':' or '-'"));
const tableCode = z.string().check(z.regex(/^[A-Z0-9]{4,8}$/, "a table code is 4 to 8 capital letters or digits"));
/**
 * A client command id: chosen by the client, unique per game; a repeat gets the first answer again.
 * Letters, digits and `. _ : -` only: the server's own commands (bots, timers) use ids starting with
 * `~`, which no client can send, so a client can never take or poison a server command's id.
 */
export const commandId = z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,64}$/, "a command id is 1 to 64 letters, digits, '.', '_', ':' or '-'"));
export const seq = z.int().check(z.minimum(0));
/**
 * What a client may say it takes beyond the base protocol (hello's `features`). A server does only what
 * it knows of the list and ignores the rest, so a client may name features a server is too old for.
 *  - `ackInEvent`: the event of a command this socket sent carries that command's id (`ack`), and no
 *    separate `ack` message follows; every other answer (a refusal, the repeat of an acknowledged id,
 *    an answer that comes before the event) is as without it.
 *  - `viewChanges`: an `event` may carry, instead of its `view`, the view's top-level keys that changed
 *    since this viewer's view at the seq before (`viewChanges`), when the server knows that view; else
 *    the whole `view` as without it. The client applies the changes onto its view at exactly seq - 1.
 */
export const CLIENT_FEATURES = ["ackInEvent", "viewChanges"] as const;
export type ClientFeature = (typeof CLIENT_FEATURES)[number];
/** A feature's name in hello's `features`: known ones are CLIENT_FEATURES, others are ignored. */
const featureName = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, "a feature is 1 to 32 letters, digits or _"));
export const botKind = z.enum(["heuristic", "random"]);

/**
 * Options of a private table: the game (a module's id) and its number of seats, whether the host may
 * fill empty seats with bots, the turn time, and the options the game owns (`gameOptions`, checked by the
 * module's schema). The server checks the game, the seats and the game's options (UNKNOWN_GAME or
 * INVALID_MESSAGE naming the field).
 */
export const tableOptions = z.strictObject({
    game: gameName,
    seats: z.int().check(z.minimum(1), z.maximum(LIMITS.maxSeats)),
    /** May the host fill empty seats with bots? */
    botsAllowed: z._default(z.boolean(), true),
    botKind: z._default(botKind, "heuristic"),
    /** Seconds a player has to act before the bot plays for them. */
    turnSeconds: z._default(z.int().check(z.minimum(5), z.maximum(600)), 60),
    /** The options the game owns (its module's `schemas.options`), default none. */
    gameOptions: z._default(z.record(z.string(), z.unknown()), {}),
  });
export type TableOptions = z.infer<typeof tableOptions>;

/** Every message a client sends, one discriminated union on `type`. */
export const clientMessage = z.discriminatedUnion("type", [
  /**
   * Authenticates the socket. `resume` lists games the client follows and the last seq it saw of each:
   * the server sends what each missed (events, or a snapshot) right after `welcome`, and a snapshot of
   * every other running game of the player. One round trip, so nothing races a separate `resume`.
   * `features`: what the client takes beyond the base protocol (CLIENT_FEATURES; others are ignored).
   */
  z.strictObject({
      type: z.literal("hello"),
      token: z.string().check(z.minLength(1), z.maxLength(2048)),
      resume: z.optional(z.array(z.strictObject({ gameId, lastSeq: seq })).check(z.maxLength(32))),
      features: z.optional(z.array(featureName).check(z.maxLength(16))),
    }),
  z.strictObject({ type: z.literal("createTable"), rid, options: tableOptions }),
  z.strictObject({ type: z.literal("joinTable"), rid, code: tableCode }),
  z.strictObject({ type: z.literal("leaveTable"), rid, code: tableCode }),
  z.strictObject({ type: z.literal("ready"), rid, code: tableCode, ready: z.boolean() }),
  z.strictObject({ type: z.literal("fillBots"), rid, code: tableCode }),
  z.strictObject({ type: z.literal("startGame"), rid, code: tableCode }),
  z.strictObject({ type: z.literal("spectate"), rid, gameId }),
  /** Sends what the client missed since `lastSeq` (0: everything), or a snapshot. */
  z.strictObject({ type: z.literal("resume"), rid, gameId, lastSeq: seq }),
  /**
   * Every entry of a game so far as this socket's viewer may see it (its seat's own view, or a
   * spectator's): the answer's `ok` carries `history`. For a table opened late or after a reload.
   */
  z.strictObject({ type: z.literal("history"), rid, gameId }),
  /** Ends the bot's control of the sender's own seat at once (after a timeout or a lost connection). */
  z.strictObject({ type: z.literal("takeSeatBack"), rid, gameId }),
  /** A game command: `command` is checked by the module of the game `gameId` (parseGameCommand). */
  z.strictObject({ type: z.literal("command"), id: commandId, gameId, command: gameCommand }),
  z.strictObject({ type: z.literal("ping"), rid }),
  ...queueClientMessages,
]);
export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage["type"];

/** A seat of a table as everyone sees it (no role: roles exist only once the game is dealt). */
export const seatView = z.strictObject({
    index: z.int(),
    playerId: z.nullable(playerId),
    name: z.nullable(z.string()),
    bot: z.nullable(botKind),
    ready: z.boolean(),
    connected: z.boolean(),
  });

export const tableView = z.strictObject({
    code: tableCode,
    hostId: playerId,
    options: tableOptions,
    seats: z.array(seatView),
    status: z.enum(["open", "playing", "finished"]),
    gameId: z.nullable(gameId),
  });
export type TableView = z.infer<typeof tableView>;

/** One entry of a game's log as one viewer may see it (a secret choice hidden until revealed). */
export const historyEntry = z.strictObject({ seq: seq.check(z.minimum(1)), by: playerId, command: gameCommand, events: z.array(gameEvent) });
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The answer to `history`: the game (a module's id), its last seq and every entry up to it, oldest first. */
export const gameHistory = z.strictObject({ gameId, game: gameName, seq, entries: z.array(historyEntry) });
export type GameHistory = z.infer<typeof gameHistory>;

/**
 * What the server says of a game's seats beyond its view, sent to everyone following the game when it
 * changes and after each snapshot: the persons the bot plays for (`away`; `replaced`: given to the bot
 * by an admin for the rest of the game), those connected, and each running timer's time left (ms, as
 * of sending) out of `turnMs`.
 */
export const presenceMessage = z.strictObject({
    type: z.literal("presence"),
    gameId,
    away: z.array(playerId),
    replaced: z.array(playerId),
    connected: z.array(playerId),
    timers: z.array(z.strictObject({ playerId, remainingMs: z.int().check(z.minimum(0)) })),
    turnMs: z.int().check(z.minimum(0)),
  });
export type PresenceMessage = z.infer<typeof presenceMessage>;

/**
 * One accepted command: as the viewer may see it (a secret choice hidden until revealed), its events
 * and the view after it: the whole `view`, or, only to a socket whose hello named `viewChanges`, the
 * view's top-level keys that changed since this viewer's view at `seq - 1` (`viewChanges`). Exactly one
 * of the two. `ack`, only to a socket whose hello named `ackInEvent`: this socket's command `ack` was
 * stored as this entry (`gameId`, `seq`), and no separate `ack` message follows.
 */
const eventFrame = z
  .strictObject({
    type: z.literal("event"),
    gameId,
    game: gameName,
    seq: seq.check(z.minimum(1)),
    by: playerId,
    command: gameCommand,
    events: z.array(gameEvent),
    view: z.optional(gameView),
    viewChanges: z.optional(viewChanges),
    ack: z.optional(commandId),
  })
  .check(z.refine((m) => (m.view === undefined) !== (m.viewChanges === undefined), "an event carries its view or its viewChanges: exactly one of the two"));

/** Every message a server sends. `seq` is the game's log sequence number (1 = first command). */
export const serverMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("welcome"), player: z.strictObject({ id: playerId, name: z.string() }) }),
  /** The answer to a request that carried `rid`. */
  z.strictObject({ type: z.literal("ok"), rid, table: z.optional(tableView), queue: z.optional(queueStatus), history: z.optional(gameHistory) }),
  z.strictObject({ type: z.literal("table"), table: tableView }),
  /** The whole view now (the game's module decides its shape): after joining, spectating, or a resume too far behind. */
  z.strictObject({ type: z.literal("snapshot"), gameId, game: gameName, seq, view: gameView }),
  eventFrame,
  /** The command `id` was stored as entry `seq` (sent only to its sender, after the store). */
  z.strictObject({ type: z.literal("ack"), id: commandId, gameId, seq: seq.check(z.minimum(1)) }),
  z.strictObject({
      type: z.literal("error"),
      code: errorCode,
      message: z.string(),
      rid: z.optional(rid),
      id: z.optional(commandId),
      /** With `id`: the game the refused command was for. */
      gameId: z.optional(gameId),
      /** RATE_LIMITED and other budgets: milliseconds before the same request can succeed. */
      retryAfterMs: z.optional(z.int().check(z.minimum(0))),
    }),
  z.strictObject({ type: z.literal("pong"), rid }),
  presenceMessage,
  ...queueServerMessages,
]);
/** What any server frame holds, as its schema has it (an event with an optional `view` and `viewChanges`). */
type AnyServerFrame = z.infer<typeof serverMessage>;
/** The fields of an event but its view: what the two forms of an event share. */
type EventHead = Omit<Extract<AnyServerFrame, { type: "event" }>, "view" | "viewChanges">;
/** An accepted command with the whole view after it: every event a client hands on (the SDK's `event`). */
export type EventMessage = EventHead & { view: GameView };
/** An accepted command with the changes of the view only (hello feature `viewChanges`): a wire form, never handed on. */
export type EventChangesMessage = EventHead & { viewChanges: ViewChanges };
/**
 * Every message of a server as a client handles it: an `event` carries its whole `view` (an SDK makes
 * it from a `viewChanges` frame before handing it on).
 */
export type ServerMessage = Exclude<AnyServerFrame, { type: "event" }> | EventMessage;
/** Every message a server may put in a frame: a ServerMessage, or an event with its view's changes (`viewChanges`). */
export type WireServerMessage = ServerMessage | EventChangesMessage;
