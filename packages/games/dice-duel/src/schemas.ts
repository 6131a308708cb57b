/**
 * The duel's wire schemas (zod, RULES.md part D): its setup, its (lack of) table options, a command as a
 * client sends it (without `by`), the view and the events. Compile-time checks keep them equal to the
 * rules' types.
 */
import { isSeed, SEEDINGS } from "@bang/game-core";
import { FACES } from "@bang/game-dice";
import { z } from "zod";
import type { DuelSetup } from "./setup.js";
import { DUEL_CARDS, DUEL_PHASES, ROWS, type DuelEvent } from "./types.js";
import type { DuelView } from "./view.js";

const playerId = z.string().min(1).max(64);
const face = z.enum(FACES);
const die = z.number().int().min(0).max(4);
const column = z.number().int().min(0).max(3);
const row = z.enum(ROWS);
const duelCard = z.enum(DUEL_CARDS);
/** A hideout card: `{row, column}` (R8.1). */
export const cardRef = z.object({ row, column }).strict();
const hideout = z.object({ near: z.array(z.boolean()).length(4), far: z.array(z.boolean()).length(4) }).strict();
const beerChange = z.object({ beer: die, die, face }).strict();

/** The duel's table options: none. */
export const duelOptions = z.object({}).strict();

/** A setup: two seats (with ammo and destroyed cards for a chosen position), seed, who starts. */
export const duelSetup = z
  .object({
    players: z
      .array(z.object({ id: playerId, ammo: z.number().int().min(0).optional(), destroyed: z.array(cardRef).optional() }).strict())
      .length(2),
    seed: z.custom<number | string>(isSeed, "a 32-bit signed integer or 64 lower-case hex digits").optional(),
    seeding: z.enum(SEEDINGS).optional(),
    turn: playerId.optional(),
    options: duelOptions.optional(),
  })
  .strict();

/**
 * A duel command as a client sends it: `roll`, `reroll`, `stop`; `resolve` with the duel's choices
 * (R8.4 to R8.8); `pick`, the secret card (R8.9); `effect`, the cards of the starter's sheriff or
 * outlaw effect. Not `pickTimeout`: the server's own (its timer's choice for a player who did not
 * pick, the module's `serverCommands`), which a client's command is never.
 */
export const duelCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("roll") }).strict(),
  z.object({ type: z.literal("reroll"), indexes: z.array(die).min(1).max(5) }).strict(),
  z.object({ type: z.literal("stop") }).strict(),
  z
    .object({
      type: z.literal("resolve"),
      changes: z.array(beerChange).max(5).optional(),
      dynamite: cardRef.optional(),
      shots: z.array(z.object({ die, column }).strict()).max(5).optional(),
      repairs: z.array(column).max(2).optional(),
    })
    .strict(),
  z.object({ type: z.literal("pick"), card: duelCard }).strict(),
  z.object({ type: z.literal("effect"), cards: z.array(cardRef).max(2) }).strict(),
]);

const pickView = z.object({ player: playerId, picked: z.boolean(), card: duelCard.nullable() }).strict();
const reveal = {
  starter: playerId,
  round: z.number().int(),
  picks: z.array(z.object({ player: playerId, card: duelCard }).strict()),
  outcome: z.enum(["again", "blocked", "effect"]),
};
const winner = z.object({ team: z.literal("duel"), players: z.array(playerId) }).strict();
const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);

/** The duel's view. */
export const duelView = z
  .object({
    viewer,
    stateId: z.number().int(),
    phase: z.enum(DUEL_PHASES),
    turn: playerId,
    turnNumber: z.number().int(),
    waitingFor: z.array(playerId),
    players: z.array(z.object({ id: playerId, hideout, cards: z.number().int().min(0).max(8), ammo: z.number().int().min(0) }).strict()),
    dice: z.array(face),
    rolls: z.number().int(),
    maxRolls: z.number().int(),
    exploded: z.boolean(),
    duel: z.object({ starter: playerId, round: z.number().int(), picks: z.array(pickView) }).strict().nullable(),
    effect: z.object({ card: z.enum(["sheriff", "outlaw"]), count: z.number().int() }).strict().nullable(),
    lastDuel: z.object(reveal).strict().nullable(),
    winner: winner.nullable(),
  })
  .strict();

/** The duel's events. */
export const duelEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("turnStarted"), player: playerId, turn: z.number().int() }).strict(),
  z.object({ type: z.literal("diceRolled"), player: playerId, roll: z.number().int(), indexes: z.array(die), faces: z.array(face), dice: z.array(face) }).strict(),
  z.object({ type: z.literal("dynamiteExploded"), player: playerId }).strict(),
  z.object({ type: z.literal("rollingEnded"), player: playerId, dice: z.array(face) }).strict(),
  z.object({ type: z.literal("ammoGained"), player: playerId, amount: z.number().int(), ammo: z.number().int() }).strict(),
  z.object({ type: z.literal("diceChanged"), player: playerId, changes: z.array(beerChange), dice: z.array(face) }).strict(),
  z.object({ type: z.literal("molotov"), player: playerId, row }).strict(),
  z.object({ type: z.literal("cardDestroyed"), player: playerId, row, column, cause: z.enum(["dynamite", "molotov", "shot", "outlaw"]), by: playerId }).strict(),
  z.object({ type: z.literal("cardRestored"), player: playerId, row, column, cause: z.enum(["arrows", "sheriff"]) }).strict(),
  z.object({ type: z.literal("ammoSpent"), player: playerId, ammo: z.number().int() }).strict(),
  z.object({ type: z.literal("ammoStolen"), player: playerId, from: playerId, amount: z.number().int() }).strict(),
  z.object({ type: z.literal("duelStarted"), starter: playerId, round: z.number().int() }).strict(),
  z.object({ type: z.literal("duelPicked"), player: playerId, timedOut: z.boolean() }).strict(),
  z.object({ type: z.literal("duelRevealed"), ...reveal }).strict(),
  z.object({ type: z.literal("effectRequested"), player: playerId, card: z.enum(["sheriff", "outlaw"]), count: z.number().int() }).strict(),
  z.object({ type: z.literal("turnEnded"), player: playerId }).strict(),
  z.object({ type: z.literal("gameOver"), winner }).strict(),
]);

// Compile-time checks: the wire schemas and the rules' types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.infer<typeof duelView>, DuelView> = true;
const sameEvent: Same<z.infer<typeof duelEvent>, DuelEvent> = true;
const setupFits: z.infer<typeof duelSetup> extends DuelSetup ? true : false = true;
void sameView;
void sameEvent;
void setupFits;
