/**
 * The dice game's wire schemas (zod): its setup, its (lack of) table options, a command as a client
 * sends it (without `by`), the view and the events. The server validates commands with these at the
 * edge; compile-time checks below keep them equal to the rules' types.
 */
import { isSeed, SEEDINGS } from "@bang/game-core";
import { z } from "zod";
import type { GameSetup } from "./setup.js";
import { CHARACTERS, FACES, PHASES, ROLES, TEAMS, type GameEvent } from "./types.js";
import type { PlayerView } from "./view.js";

const playerId = z.string().min(1).max(64);
const face = z.enum(FACES);
const role = z.enum(ROLES);
const character = z.enum(CHARACTERS);
const die = z.number().int().min(0).max(4);
const dieTarget = z.object({ die, target: playerId }).strict();

/** The dice game's table options: none. */
export const diceOptions = z.object({}).strict();

/** A setup: seats (with a chosen position for scenarios and tests), seed, arrows in the pile, first turn. */
export const diceSetup = z
  .object({
    players: z
      .array(
        z
          .object({
            id: playerId,
            role: role.optional(),
            character: character.optional(),
            life: z.number().int().min(0).optional(),
            arrows: z.number().int().min(0).max(9).optional(),
            alive: z.boolean().optional(),
          })
          .strict(),
      )
      .min(3)
      .max(8),
    seed: z.custom<number | string>(isSeed, "a 32-bit signed integer or 64 lower-case hex digits").optional(),
    seeding: z.enum(SEEDINGS).optional(),
    arrowsInPile: z.number().int().min(0).max(9).optional(),
    turn: playerId.optional(),
    options: diceOptions.optional(),
  })
  .strict();

/** A command as a client sends it (SCENARIOS.md vocabulary); the server adds `by`. */
export const diceCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heal"), target: playerId }).strict(),
  z.object({ type: z.literal("roll") }).strict(),
  z.object({ type: z.literal("reroll"), indexes: z.array(die).min(1).max(5) }).strict(),
  z.object({ type: z.literal("stop") }).strict(),
  z
    .object({
      type: z.literal("resolve"),
      shots: z.array(dieTarget).max(5),
      beers: z.array(dieTarget).max(5),
      slab: z.object({ beer: die, shot: die }).strict().optional(),
      arrowDiscards: z.array(playerId).max(5).optional(),
    })
    .strict(),
  z.object({ type: z.literal("react"), arrows: z.number().int().min(0).max(9) }).strict(),
]);

const winner = z.object({ team: z.enum(TEAMS), players: z.array(playerId) }).strict();
const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);

/** The dice game's PlayerView. */
export const diceView = z
  .object({
    viewer,
    stateId: z.number().int(),
    phase: z.enum(PHASES),
    turn: playerId,
    turnNumber: z.number().int(),
    waitingFor: z.array(playerId),
    players: z.array(
      z
        .object({
          id: playerId,
          character,
          life: z.number().int(),
          maxLife: z.number().int(),
          arrows: z.number().int(),
          alive: z.boolean(),
          role: role.nullable(),
        })
        .strict(),
    ),
    arrowsInPile: z.number().int(),
    dice: z.array(face),
    rolls: z.number().int(),
    maxRolls: z.number().int(),
    exploded: z.boolean(),
    healPending: z.boolean(),
    reaction: z.object({ player: playerId, max: z.number().int() }).strict().nullable(),
    winner: winner.nullable(),
  })
  .strict();

const by = playerId.nullable();
/** The dice game's events. */
export const diceEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("turnStarted"), player: playerId, turn: z.number().int() }).strict(),
  z.object({ type: z.literal("diceRolled"), player: playerId, roll: z.number().int(), indexes: z.array(die), faces: z.array(face), dice: z.array(face) }).strict(),
  z.object({ type: z.literal("arrowTaken"), player: playerId, arrowsInPile: z.number().int() }).strict(),
  z.object({ type: z.literal("indianAttack"), losses: z.array(z.object({ player: playerId, life: z.number().int() }).strict()) }).strict(),
  z.object({ type: z.literal("dynamiteExploded"), player: playerId }).strict(),
  z.object({ type: z.literal("rollingEnded"), player: playerId, dice: z.array(face) }).strict(),
  z.object({ type: z.literal("lifeLost"), player: playerId, amount: z.number().int(), cause: z.enum(["dynamite", "shot", "gatling", "indianAttack"]), by }).strict(),
  z.object({ type: z.literal("lifeGained"), player: playerId, amount: z.number().int(), cause: z.enum(["beer", "sid_ketchum", "suzy_lafayette", "vulture_sam"]) }).strict(),
  z.object({ type: z.literal("arrowsReturned"), player: playerId, count: z.number().int(), reason: z.enum(["gatling", "kit_carlson", "pedro_ramirez", "eliminated", "indianAttack"]) }).strict(),
  z.object({ type: z.literal("reactionRequested"), player: playerId, max: z.number().int() }).strict(),
  z.object({ type: z.literal("reacted"), player: playerId, arrows: z.number().int() }).strict(),
  z.object({ type: z.literal("gatlingFired"), player: playerId }).strict(),
  z.object({ type: z.literal("eliminated"), player: playerId, role, by }).strict(),
  z.object({ type: z.literal("turnEnded"), player: playerId }).strict(),
  z.object({ type: z.literal("gameOver"), winner }).strict(),
]);

// Compile-time checks: the wire schemas and the rules' types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.infer<typeof diceView>, PlayerView> = true;
const sameEvent: Same<z.infer<typeof diceEvent>, GameEvent> = true;
const setupFits: z.infer<typeof diceSetup> extends GameSetup ? true : false = true;
void sameView;
void sameEvent;
void setupFits;
