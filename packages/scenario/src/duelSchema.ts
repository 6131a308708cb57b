import { DUEL_CARDS, DUEL_PHASES, ERROR_CODES, FACES, ROWS } from "@bang/engine";
import { z } from "zod";

/**
 * Zod schemas of a duel scenario file (packages/scenario/DUEL.md, RULES.md part D): the same shape as a
 * classic scenario (name, rules, setup, steps, expect), with the duel's setup, commands and
 * expectations. Strict: an unknown field is an error.
 */
const face = z.enum(FACES);
const id = z.string().min(1);
const die = z.number().int().min(0).max(4);
const column = z.number().int().min(0).max(3);
const row = z.enum(ROWS);
/** A hideout card: its row and its column 0..3. */
const cardRef = z.object({ row, column }).strict();

const duelSeat = z
  .object({
    id,
    ammo: z.number().int().min(0).optional(),
    destroyed: z.array(cardRef).optional(),
  })
  .strict();

export const duelScenarioSetup = z
  .object({
    mode: z.literal("duel"),
    players: z.array(duelSeat).length(2, "a duel has 2 players (R8.1)"),
    turn: id.optional(),
    seed: z.number().int().optional(),
  })
  .strict();

const by = { by: id };
export const duelScenarioStep = z.discriminatedUnion("do", [
  z.object({ ...by, do: z.literal("roll"), dice: z.array(face).length(5, "a roll throws 5 dice: give 5 faces") }).strict(),
  z
    .object({ ...by, do: z.literal("reroll"), indexes: z.array(z.number().int()).min(1).max(5), dice: z.array(face).min(1).max(5) })
    .strict()
    .refine((s) => s.dice.length === s.indexes.length, { message: "give one face per rerolled die", path: ["dice"] }),
  z.object({ ...by, do: z.literal("stop") }).strict(),
  z
    .object({
      ...by,
      do: z.literal("resolve"),
      changes: z.array(z.object({ beer: die, die, face }).strict()).optional(),
      dynamite: cardRef.optional(),
      shots: z.array(z.object({ die, column }).strict()).optional(),
      repairs: z.array(column).optional(),
    })
    .strict(),
  z.object({ ...by, do: z.literal("pick"), card: z.enum(DUEL_CARDS) }).strict(),
  z.object({ ...by, do: z.literal("pickTimeout") }).strict(),
  z.object({ ...by, do: z.literal("effect"), cards: z.array(cardRef) }).strict(),
]);

const duelPlayerExpect = z
  .object({
    /** Cards still standing, 0..8. */
    cards: z.number().int().optional(),
    ammo: z.number().int().optional(),
    /** Exactly these cards are destroyed (near row first, columns ascending). */
    destroyed: z.array(cardRef).optional(),
  })
  .strict();

export const duelScenarioExpect = z
  .object({
    players: z.record(id, duelPlayerExpect).optional(),
    turn: id.optional(),
    phase: z.enum(DUEL_PHASES).optional(),
    winner: z.object({ team: z.literal("duel"), players: z.array(id) }).strict().nullable().optional(),
    /** The last revealed duel (R8.9): both picks and the outcome. */
    lastDuel: z
      .object({
        starter: id,
        round: z.number().int(),
        picks: z.array(z.object({ player: id, card: z.enum(DUEL_CARDS) }).strict()),
        outcome: z.enum(["again", "blocked", "effect"]),
      })
      .strict()
      .nullable()
      .optional(),
    rejected: z.object({ step: z.number().int().min(0), code: z.enum(ERROR_CODES) }).strict().optional(),
  })
  .strict();

export const duelScenarioSchema = z
  .object({
    name: z.string(),
    rules: z.array(z.string()).default([]),
    setup: duelScenarioSetup,
    steps: z.array(duelScenarioStep),
    expect: duelScenarioExpect.default({}),
  })
  .strict();

export type DuelScenario = z.infer<typeof duelScenarioSchema>;
export type DuelScenarioStep = z.infer<typeof duelScenarioStep>;
export type DuelScenarioExpect = z.infer<typeof duelScenarioExpect>;
