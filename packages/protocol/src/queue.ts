import { z } from "zod";
import { playerId } from "./game.js";

/**
 * Public matchmaking queues: what a client sends to join, leave, ask and confirm, and what the server
 * answers (see the README, "Matchmaking, ratings and tournaments").
 */

/** A queue's id, as GET /api/queues lists them (e.g. "classic-5", "classic-4-8"). */
export const queueId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "a queue id is 1 to 40 lowercase letters, digits or dashes");
/** A found match awaiting its ready check. */
export const matchId = z.string().min(1).max(64);

/** Why a player is no longer queued (`alreadyPlaying`: they started another game before the match did). */
export const QUEUE_EXIT_REASONS = ["left", "maxWait", "readyTimeout", "declined", "disconnected", "started", "alreadyPlaying"] as const;
export const queueExitReason = z.enum(QUEUE_EXIT_REASONS);
export type QueueExitReason = z.infer<typeof queueExitReason>;

/** Where a player stands in matchmaking. Times are epoch milliseconds. */
export const queueStatus = z.discriminatedUnion("state", [
  /** In no queue; `reason` says why the last one ended (absent when never queued). */
  z.object({ state: z.literal("idle"), reason: queueExitReason.optional(), message: z.string().optional() }).strict(),
  /** Waiting: `ratingWindow` is how far (in rating ordinal) the matchmaker looks around the player now. */
  z.object({ state: z.literal("queued"), queueId, joinedAt: z.number(), ratingWindow: z.number() }).strict(),
  /** A table was found: confirm with matchConfirm before `deadline`. */
  z.object({ state: z.literal("matched"), queueId, matchId, deadline: z.number() }).strict(),
  /** The match's game started. */
  z.object({ state: z.literal("playing"), queueId, gameId: z.string().min(1).max(64) }).strict(),
]);
export type QueueStatus = z.infer<typeof queueStatus>;

/** Client requests of the queues (each answered by `ok` with `queue`, or an `error`). */
export const queueClientMessages = [
  /** Joins a queue. ALREADY_QUEUED when the player is in a queue or a ready check already. */
  z.object({ type: z.literal("queueJoin"), rid: z.string().min(1).max(64), queueId }).strict(),
  /** Leaves the queue (or declines a found match). NOT_QUEUED when in none. */
  z.object({ type: z.literal("queueLeave"), rid: z.string().min(1).max(64) }).strict(),
  /** Asks where the player stands. */
  z.object({ type: z.literal("queueStatus"), rid: z.string().min(1).max(64) }).strict(),
  /** Answers a found match's ready check: accept (or decline, which leaves the queue). */
  z.object({ type: z.literal("matchConfirm"), rid: z.string().min(1).max(64), matchId, accept: z.boolean() }).strict(),
] as const;

/** Server pushes of the queues. */
export const queueServerMessages = [
  /** The player's queue status changed. */
  z.object({ type: z.literal("queue"), status: queueStatus }).strict(),
  /** A table was found for the player: everyone at it must confirm before `deadline` (epoch ms). */
  z
    .object({
      type: z.literal("matchFound"),
      matchId,
      queueId,
      players: z.array(z.object({ id: playerId, name: z.string() }).strict()).min(1).max(8),
      /** Seats the matchmaker fills with bots. */
      bots: z.number().int().min(0).max(7),
      deadline: z.number(),
    })
    .strict(),
] as const;
