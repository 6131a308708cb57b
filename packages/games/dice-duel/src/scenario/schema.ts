import { COMMON_REFUSALS, scenarioFileSchema } from "@bang/game-core";
import { FACES, ROLLING_STEPS } from "@bang/game-dice";
import { z } from "zod";
import { DUEL_CARDS, DUEL_PHASES, DUEL_REFUSALS, ROWS } from "../types.js";

/**
 * Zod schemas of a duel scenario file (this package's SCENARIOS.md, RULES.md part D): the same shape as
 * a dice game scenario (name, rules, setup, steps, expect), with the duel's setup, commands and
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
    /** The game (`dice_duel`); files written before games were modules say `mode: "duel"` instead. */
    game: z.literal("dice_duel").optional(),
    mode: z.literal("duel").optional(),
    players: z.array(duelSeat).length(2, "a duel has 2 players (R8.1)"),
    turn: id.optional(),
    seed: z.number().int().optional(),
  })
  .strict()
  .refine((s) => (s.game === undefined) !== (s.mode === undefined), { message: "name the game: game: \"dice_duel\" (or the older mode: \"duel\"), once", path: ["game"] });

const by = { by: id };
export const duelScenarioStep = z.discriminatedUnion("do", [
  // The dice game's rolling steps (R8.2: the same dice, rolled the same way).
  ...ROLLING_STEPS,
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

export const duelScenarioSchema = scenarioFileSchema({
  setup: duelScenarioSetup,
  step: duelScenarioStep,
  expect: {
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
  },
  refusals: [...COMMON_REFUSALS, ...DUEL_REFUSALS],
});

export type DuelScenario = z.infer<typeof duelScenarioSchema>;
export type DuelScenarioStep = z.infer<typeof duelScenarioStep>;
export type DuelScenarioExpect = DuelScenario["expect"];
