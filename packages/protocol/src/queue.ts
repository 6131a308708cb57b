import * as z from "zod/mini";
import { playerId } from "./game.js";

/**
 * Public matchmaking queues: what a client sends to join, leave, ask and confirm, and what the server
 * answers (see the README, "Matchmaking, ratings and tournaments").
 */

/** A queue's id, as GET /api/queues lists them (by custom, the game's id and its seats: "<game>-5"). */
export const queueId = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "a queue id is 1 to 40 lowercase letters, digits, _ or -"));
/** A found match awaiting its ready check. */
export const matchId = z.string().check(z.minLength(1), z.maxLength(64));

/** Why a player is no longer queued (`alreadyPlaying`: they started another game before the match did). */
export const QUEUE_EXIT_REASONS = ["left", "maxWait", "readyTimeout", "declined", "disconnected", "started", "alreadyPlaying"] as const;
export const queueExitReason = z.enum(QUEUE_EXIT_REASONS);
export type QueueExitReason = z.infer<typeof queueExitReason>;

/** Where a player stands in matchmaking. Times are epoch milliseconds. */
export const queueStatus = z.discriminatedUnion("state", [
  /** In no queue; `reason` says why the last one ended (absent when never queued). */
  z.strictObject({ state: z.literal("idle"), reason: z.optional(queueExitReason), message: z.optional(z.string()) }),
  /** Waiting: `ratingWindow` is how far (in rating ordinal) the matchmaker looks around the player now. */
  z.strictObject({ state: z.literal("queued"), queueId, joinedAt: z.number(), ratingWindow: z.number() }),
  /** A table was found: confirm with matchConfirm before `deadline`. */
  z.strictObject({ state: z.literal("matched"), queueId, matchId, deadline: z.number() }),
  /** The match's game started. */
  z.strictObject({ state: z.literal("playing"), queueId, gameId: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);
export type QueueStatus = z.infer<typeof queueStatus>;

/** Client requests of the queues (each answered by `ok` with `queue`, or an `error`). */
export const queueClientMessages = [
  /** Joins a queue. ALREADY_QUEUED when the player is in a queue or a ready check already. */
  z.strictObject({ type: z.literal("queueJoin"), rid: z.string().check(z.minLength(1), z.maxLength(64)), queueId }),
  /** Leaves the queue (or declines a found match). NOT_QUEUED when in none. */
  z.strictObject({ type: z.literal("queueLeave"), rid: z.string().check(z.minLength(1), z.maxLength(64)) }),
  /** Asks where the player stands. */
  z.strictObject({ type: z.literal("queueStatus"), rid: z.string().check(z.minLength(1), z.maxLength(64)) }),
  /** Answers a found match's ready check: accept (or decline, which leaves the queue). */
  z.strictObject({ type: z.literal("matchConfirm"), rid: z.string().check(z.minLength(1), z.maxLength(64)), matchId, accept: z.boolean() }),
] as const;

/** Server pushes of the queues. */
export const queueServerMessages = [
  /** The player's queue status changed. */
  z.strictObject({ type: z.literal("queue"), status: queueStatus }),
  /** A table was found for the player: everyone at it must confirm before `deadline` (epoch ms). */
  z.strictObject({
      type: z.literal("matchFound"),
      matchId,
      queueId,
      players: z.array(z.strictObject({ id: playerId, name: z.string() })).check(z.minLength(1), z.maxLength(8)),
      /** Seats the matchmaker fills with bots. */
      bots: z.int().check(z.minimum(0), z.maximum(7)),
      deadline: z.number(),
    }),
] as const;
