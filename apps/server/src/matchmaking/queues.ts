import { DEFAULT_QUEUES, findGame, gameIds } from "@bang/games";
import { queueId } from "@bang/protocol";
import { z } from "zod";

/**
 * A public queue's definition. `game` is a registered game's id (packages/games/registry): an operator
 * names it, there is no default game. The queue's tables have `minSeats` to `maxSeats` seats, within
 * the game's ranked seats (its module's `rankedSeats`, else its `seats`). Ratings are compared by
 * their ordinal (mu - 3 sigma, see ratings/service.ts); times are in seconds. A queue with bots fills
 * the seats missing up to `minSeats` with bots (a 2-seat game's lone player gets one bot opponent).
 */
export const queueDefinition = z
  .object({
    id: queueId,
    /** The game the queue's tables play (a registered module's id). */
    game: z.string().min(1).max(32),
    /** Smallest and largest table the queue forms (within the game's ranked seats). */
    minSeats: z.number().int().min(1).max(16),
    maxSeats: z.number().int().min(1).max(16),
    /** How far apart (in ordinal) players may be at first. */
    ratingWindow: z.number().min(0).default(3),
    /** How much the window grows per second the oldest player of a table has waited. */
    widenPerSecond: z.number().min(0).default(0.5),
    /** After this wait the matchmaker fills the missing seats with bots; null: never. */
    botsAfterSeconds: z.number().min(0).nullable().default(null),
    /** After this wait a player leaves the queue (reason maxWait); null: waits forever. */
    maxWaitSeconds: z.number().min(1).nullable().default(null),
    /** Time every player of a found match has to confirm. */
    readySeconds: z.number().min(1).max(120).default(15),
    /** Turn time of the games started. */
    turnSeconds: z.number().int().min(5).max(600).default(60),
    botKind: z.enum(["heuristic", "random"]).default("heuristic"),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.minSeats > q.maxSeats) ctx.addIssue({ code: "custom", path: ["minSeats"], message: "minSeats must not exceed maxSeats" });
    const module = findGame(q.game);
    if (!module) {
      ctx.addIssue({ code: "custom", path: ["game"], message: `unknown game "${q.game}" (one of ${gameIds().join(", ")})` });
      return;
    }
    const seats = module.rankedSeats ?? module.seats;
    if (q.minSeats < seats.min || q.maxSeats > seats.max) {
      ctx.addIssue({ code: "custom", path: ["minSeats"], message: `seats out of range for game "${module.id}" (its ranked tables have ${seats.min === seats.max ? `exactly ${seats.min}` : `${seats.min} to ${seats.max}`} seats)` });
    }
  });
export type QueueDefinition = z.infer<typeof queueDefinition>;
/** A queue's definition as written (MATCHMAKING_QUEUES): the defaults left out. */
export type QueueInput = z.input<typeof queueDefinition>;

/**
 * The queues from MATCHMAKING_QUEUES (a JSON array of definitions), or the defaults (DEFAULT_QUEUES)
 * when unset. Read at start, once the game modules are registered. Throws an Error naming the queue
 * (its id, else its index) and the field when a definition is not valid (an unknown game: `game`;
 * seats outside the game's ranked seats: `minSeats`), or when two queues share an id.
 */
export function parseQueues(text: string | undefined): QueueDefinition[] {
  let json: unknown = DEFAULT_QUEUES;
  if (text !== undefined && text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error("MATCHMAKING_QUEUES: not valid JSON");
    }
  }
  // A definition written before games were modules names a `mode`: say what replaced it.
  if (Array.isArray(json)) {
    const old = json.findIndex((q: unknown) => q !== null && typeof q === "object" && "mode" in q);
    if (old >= 0) throw new Error(`MATCHMAKING_QUEUES: queue ${old}: mode: queues name their game now: "game" (one of ${gameIds().join(", ")}) replaces "mode" (docs/upgrading.md)`);
  }
  const parsed = z.array(queueDefinition).min(1).safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    const [index, ...field] = i.path;
    if (typeof index !== "number") throw new Error(`MATCHMAKING_QUEUES: ${i.message}`);
    const id = (json as { id?: unknown }[])[index]?.id;
    const queue = typeof id === "string" ? `queue "${id}" (${index})` : `queue ${index}`;
    throw new Error(`MATCHMAKING_QUEUES: ${queue}: ${field.length > 0 ? `${field.join(".")}: ` : ""}${i.message}`);
  }
  const ids = new Set<string>();
  for (const q of parsed.data) {
    if (ids.has(q.id)) throw new Error(`MATCHMAKING_QUEUES: queue id "${q.id}" appears twice`);
    ids.add(q.id);
  }
  return parsed.data;
}
