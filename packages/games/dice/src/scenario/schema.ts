import { COMMON_REFUSALS, scenarioFileSchema } from "@bang/game-core";
import { z } from "zod";
import { CHARACTERS, DICE_REFUSALS, FACES, PHASES, ROLES, TEAMS } from "../types.js";

/** Zod schemas of a scenario file (../shared/SCENARIOS.md). Strict: an unknown field is an error. */
const face = z.enum(FACES);
const id = z.string().min(1);
const die = z.number().int().min(0).max(4);
const dieTarget = z.object({ die, target: id }).strict();

const seat = z
  .object({
    id,
    role: z.enum(ROLES),
    character: z.enum(CHARACTERS),
    life: z.number().int().min(0).optional(),
    arrows: z.number().int().min(0).max(9).optional(),
    alive: z.boolean().optional(),
  })
  .strict();

export const scenarioSetup = z
  .object({
    /** The game (SCENARIOS.md); files written before games were modules say `mode: "classic"` instead. */
    game: z.literal("dice").optional(),
    mode: z.literal("classic").optional(),
    players: z.array(seat).min(3).max(8),
    arrowsInPile: z.number().int().min(0).max(9).optional(),
    turn: id.optional(),
    seed: z.number().int().optional(),
  })
  .strict()
  .refine((s) => !(s.game !== undefined && s.mode !== undefined), { message: "give the game (game: \"dice\") or the older mode (mode: \"classic\"), not both", path: ["mode"] });

const by = { by: id };
/**
 * The steps of rolling (R2.1 to R2.3) with the faces each throw must show (`dice`, in ascending die
 * order): `roll`, `reroll`, `stop`. The duel variant rolls the same dice with the same steps (R8.2).
 */
export const ROLLING_STEPS = [
  z.object({ ...by, do: z.literal("roll"), dice: z.array(face).length(5, "a roll throws 5 dice: give 5 faces") }).strict(),
  z
    .object({ ...by, do: z.literal("reroll"), indexes: z.array(z.number().int()).min(1).max(5), dice: z.array(face).min(1).max(5) })
    .strict()
    .refine((s) => s.dice.length === s.indexes.length, { message: "give one face per rerolled die", path: ["dice"] }),
  z.object({ ...by, do: z.literal("stop") }).strict(),
] as const;

export const scenarioStep = z.discriminatedUnion("do", [
  z.object({ ...by, do: z.literal("heal"), target: id }).strict(),
  ...ROLLING_STEPS,
  z
    .object({
      ...by,
      do: z.literal("resolve"),
      shots: z.array(dieTarget).default([]),
      beers: z.array(dieTarget).default([]),
      slab: z.object({ beer: die, shot: die }).strict().optional(),
      arrowDiscards: z.array(id).optional(),
    })
    .strict(),
  z.object({ ...by, do: z.literal("react"), arrows: z.number().int().min(0) }).strict(),
]);

const playerExpect = z
  .object({
    life: z.number().int().optional(),
    maxLife: z.number().int().optional(),
    arrows: z.number().int().optional(),
    alive: z.boolean().optional(),
    role: z.enum(ROLES).optional(),
  })
  .strict();

export const winnerSchema = z
  .object({ team: z.enum(TEAMS), players: z.array(id) })
  .strict();

export const scenarioSchema = scenarioFileSchema({
  setup: scenarioSetup,
  step: scenarioStep,
  expect: {
    players: z.record(id, playerExpect).optional(),
    arrowsInPile: z.number().int().optional(),
    turn: id.optional(),
    phase: z.enum(PHASES).optional(),
    winner: winnerSchema.nullable().optional(),
  },
  refusals: [...COMMON_REFUSALS, ...DICE_REFUSALS],
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioStep = z.infer<typeof scenarioStep>;
export type ScenarioExpect = Scenario["expect"];
