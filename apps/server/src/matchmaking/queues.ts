import { queueId } from "@bang/protocol";
import { z } from "zod";

/** Table sizes each mode allows: classic 4 to 8 (RULES.md R1.1), duel exactly 2 (RULES.md part D). */
export const MODE_SEATS = { classic: { min: 4, max: 8 }, duel: { min: 2, max: 2 } } as const;

/**
 * A public queue's definition. Ratings are compared by their ordinal (mu - 3 sigma, see
 * ratings/service.ts); times are in seconds. `mode` is `classic` (4 to 8 seats) or `duel` (exactly 2
 * seats, RULES.md part D; a duel queue with bots gives the lone player one bot opponent).
 */
export const queueDefinition = z
  .object({
    id: queueId,
    mode: z.enum(["classic", "duel"]).default("classic"),
    /** Smallest and largest table the queue forms (classic: 4 to 8; duel: 2 and 2). */
    minSeats: z.number().int().min(2).max(8),
    maxSeats: z.number().int().min(2).max(8),
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
  .refine((q) => q.minSeats <= q.maxSeats, { message: "minSeats must not exceed maxSeats" })
  .refine((q) => q.minSeats >= MODE_SEATS[q.mode].min && q.maxSeats <= MODE_SEATS[q.mode].max, {
    message: "seats out of range for the mode (classic: 4 to 8, duel: exactly 2)",
    path: ["minSeats"],
  });
export type QueueDefinition = z.infer<typeof queueDefinition>;

/** The queues of a node with no MATCHMAKING_QUEUES. */
export const DEFAULT_QUEUES: readonly QueueDefinition[] = [
  queueDefinition.parse({ id: "classic-5", minSeats: 5, maxSeats: 5 }),
  queueDefinition.parse({ id: "classic-4-8", minSeats: 4, maxSeats: 8 }),
  queueDefinition.parse({ id: "classic-4-bots", minSeats: 4, maxSeats: 4, botsAfterSeconds: 30, maxWaitSeconds: 300 }),
  queueDefinition.parse({ id: "duel-2", mode: "duel", minSeats: 2, maxSeats: 2 }),
];

/**
 * The queues from MATCHMAKING_QUEUES (a JSON array of definitions), or the defaults when unset.
 * Throws an Error naming the field when the text is not valid, or two queues share an id.
 */
export function parseQueues(text: string | undefined): QueueDefinition[] {
  if (text === undefined || text.trim() === "") return [...DEFAULT_QUEUES];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("MATCHMAKING_QUEUES: not valid JSON");
  }
  const parsed = z.array(queueDefinition).min(1).safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`MATCHMAKING_QUEUES: ${i.path.join(".")}: ${i.message}`);
  }
  const ids = new Set<string>();
  for (const q of parsed.data) {
    if (ids.has(q.id)) throw new Error(`MATCHMAKING_QUEUES: queue id "${q.id}" appears twice`);
    ids.add(q.id);
  }
  return parsed.data;
}
