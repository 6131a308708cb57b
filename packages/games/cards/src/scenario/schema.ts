import { COMMON_REFUSALS, scenarioFileSchema } from "@bang/game-core";
import { z } from "zod";
import { cardId, cardsOptions } from "../schemas.js";
import { BARREL_SOURCES, CARDS_REFUSALS, CHARACTERS, PHASES, ROLES, TEAMS } from "../types.js";

/** Zod schemas of a card-game scenario file (SCENARIOS-cards.md). Strict: an unknown field is an error naming it. */
const id = z.string().min(1);
const cards = z.array(cardId);

const seat = z
  .object({
    id,
    role: z.enum(ROLES),
    character: z.enum(CHARACTERS),
    life: z.number().int().optional(),
    alive: z.boolean().optional(),
    hand: cards.optional(),
    inPlay: cards.optional(),
  })
  .strict();

export const scenarioSetup = z
  .object({
    game: z.literal("cards"),
    options: cardsOptions.optional(),
    players: z.array(seat).min(4).max(8),
    deck: cards,
    discard: cards.optional(),
    reshuffles: z.array(cards).optional(),
    turn: id.optional(),
    phase: z.enum(["turnStart", "play"]).optional(),
    bangsPlayed: z.number().int().min(0).optional(),
  })
  .strict();

/** The fields of a step that force the random source: a random hand card (Panic!, Cat Balou, Jesse Jones), El Gringo's steals. */
export const DRAW_FIELDS = ["randomCard", "randomCards"] as const;
const forced = { randomCard: cardId.optional(), randomCards: cards.optional() };
const by = { by: id };

export const scenarioStep = z.discriminatedUnion("do", [
  z.object({ ...by, ...forced, do: z.literal("draw"), from: id.optional() }).strict(),
  z.object({ ...by, ...forced, do: z.literal("keep"), cards: cards.length(2) }).strict(),
  z.object({ ...by, ...forced, do: z.literal("play"), card: cardId, target: id.optional(), targetCard: cardId.optional(), as: z.literal("bang").optional() }).strict(),
  z.object({ ...by, ...forced, do: z.literal("respond"), card: cardId }).strict(),
  z.object({ ...by, ...forced, do: z.literal("barrel"), source: z.enum(BARREL_SOURCES) }).strict(),
  z.object({ ...by, ...forced, do: z.literal("choose"), card: cardId }).strict(),
  z.object({ ...by, ...forced, do: z.literal("pass") }).strict(),
  z.object({ ...by, ...forced, do: z.literal("pick"), card: cardId }).strict(),
  z.object({ ...by, ...forced, do: z.literal("ability"), cards: cards.length(2) }).strict(),
  z.object({ ...by, ...forced, do: z.literal("end") }).strict(),
  z.object({ ...by, ...forced, do: z.literal("discard"), cards }).strict(),
]);

const playerExpect = z
  .object({
    life: z.number().int().optional(),
    maxLife: z.number().int().optional(),
    alive: z.boolean().optional(),
    role: z.enum(ROLES).optional(),
    hand: cards.optional(),
    handSize: z.number().int().optional(),
    inPlay: cards.optional(),
    bangsPlayed: z.number().int().optional(),
  })
  .strict();

/** The shared file shape plus `why` (SCENARIOS-cards.md: the reasoning behind the expectations, ignored by the runner). */
export const scenarioSchema = scenarioFileSchema({
  setup: scenarioSetup,
  step: scenarioStep,
  expect: {
    players: z.record(id, playerExpect).optional(),
    deckTop: cards.optional(),
    deckSize: z.number().int().optional(),
    discardTop: cardId.nullable().optional(),
    discardSize: z.number().int().optional(),
    turn: id.optional(),
    phase: z.enum(PHASES).optional(),
    waitingFor: id.nullable().optional(),
    winner: z.object({ team: z.enum(TEAMS), players: z.array(id) }).strict().nullable().optional(),
  },
  refusals: [...COMMON_REFUSALS, ...CARDS_REFUSALS],
}).extend({ why: z.string().optional() });

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioStep = z.infer<typeof scenarioStep>;
