import { COMMON_REFUSALS, scenarioFileSchema } from "@bang/game-core";
import { z } from "zod";
import { BULLETS, CNG_REFUSALS, COURAGE_CHOICES, LOOT_CARDS, NEW_GODFATHER, PHASES } from "../types.js";

/**
 * Zod schemas of a Ca$h 'n Guns scenario file (SCENARIOS-cash-n-guns.md): a chosen position (round,
 * Godfather, seats with wounds, hand and loot, the loot piles), the commands of F9 (and the server's
 * `close_hold_up`), and the expectations. Strict: an unknown field is an error naming it.
 */
const id = z.string().min(1);
const count = z.object({ click: z.number().int().min(0), bang: z.number().int().min(0) }).strict();
const lootCard = z.enum(LOOT_CARDS);

const seat = z
  .object({ id, alive: z.boolean().optional(), wounds: z.number().int().min(0).optional(), hand: count.optional(), loot: z.array(lootCard).optional() })
  .strict();

/** A scenario's `setup` (SCENARIOS-cash-n-guns.md "Setup"): round, Godfather, 4 to 8 seats, the loot piles. */
export const cngScenarioSetup = z
  .object({
    game: z.literal("cash_n_guns"),
    round: z.number().int().min(1).max(8).optional(),
    godfather: id.optional(),
    players: z.array(seat).min(4, "4 to 8 players (F1.1)").max(8, "4 to 8 players (F1.1)"),
    lootPiles: z.array(z.array(lootCard).length(8, "a pile is 8 loot cards (F2.3)")).min(1),
    seed: z.number().int().optional(),
  })
  .strict();

const by = { by: id };
/** One scenario step: a command of F9 with its `by`, or the server's `close_hold_up` (by `system`). */
export const cngScenarioStep = z.discriminatedUnion("do", [
  z.object({ ...by, do: z.literal("choose_bullet"), card: z.enum(BULLETS) }).strict(),
  z.object({ ...by, do: z.literal("aim"), target: id }).strict(),
  z.object({ ...by, do: z.literal("close_hold_up") }).strict(),
  z.object({ ...by, do: z.literal("order_change"), player: id }).strict(),
  z.object({ ...by, do: z.literal("pass") }).strict(),
  z.object({ ...by, do: z.literal("retarget"), target: id }).strict(),
  z.object({ ...by, do: z.literal("courage"), choice: z.enum(COURAGE_CHOICES) }).strict(),
  z.object({ ...by, do: z.literal("take"), card: z.union([lootCard, z.literal(NEW_GODFATHER)]) }).strict(),
]);

const playerExpect = z
  .object({
    wounds: z.number().int().optional(),
    alive: z.boolean().optional(),
    status: z.enum(["standing", "lying_down", "dead"]).optional(),
    hand: count.nullable().optional(),
    discard: count.nullable().optional(),
    loot: z.array(lootCard).optional(),
    score: z.number().int().nullable().optional(),
  })
  .strict();

const seatViewExpect = z
  .object({
    bullet: z.union([z.enum(BULLETS), z.literal("hidden")]).nullable().optional(),
    aim: id.nullable().optional(),
    courage: z.union([z.enum(COURAGE_CHOICES), z.literal("hidden")]).nullable().optional(),
    hand: z.union([count, z.object({ size: z.number().int().min(0) }).strict()]).optional(),
  })
  .strict();

const fileSchema = scenarioFileSchema({
  setup: cngScenarioSetup,
  step: cngScenarioStep,
  expect: {
    players: z.record(id, playerExpect).optional(),
    round: z.number().int().optional(),
    phase: z.enum(PHASES).optional(),
    godfather: id.optional(),
    turn: id.nullable().optional(),
    table: z.array(lootCard).optional(),
    newGodfatherAvailable: z.boolean().optional(),
    diamondBonus: id.nullable().optional(),
    winner: z.object({ players: z.array(id), reason: z.enum(["richest", "last_survivor", "all_dead"]) }).strict().nullable().optional(),
    views: z.record(id, z.object({ players: z.record(id, seatViewExpect).optional() }).strict()).optional(),
  },
  refusals: [...COMMON_REFUSALS, ...CNG_REFUSALS],
}).extend({ why: z.string().optional() });

/** `expect.rejected: null` (SCENARIOS-cash-n-guns.md prints it so) reads as no expected refusal. */
function nullRejected(json: unknown): unknown {
  const expect = (json as { expect?: { rejected?: unknown } } | null)?.expect;
  if (expect === null || typeof expect !== "object" || expect.rejected !== null) return json;
  const { rejected: _none, ...rest } = expect;
  return { ...(json as object), expect: rest };
}

/**
 * The whole file: the shared shape (game-core's scenarioFileSchema) with the game's setup, steps and
 * expectations, plus `why` (the hand-worked reasoning, free text the runner ignores); a `rejected` of
 * null means every step must be accepted.
 */
export const cngScenarioSchema = z.preprocess(nullRejected, fileSchema);

/** A parsed scenario file. */
export type CngScenario = z.output<typeof fileSchema>;
/** A parsed scenario step. */
export type CngScenarioStep = z.infer<typeof cngScenarioStep>;
