/**
 * The game's wire schemas (zod, F9): its setup, its table options, a command as a client sends it
 * (without `by`), the view and the events. Compile-time checks keep them equal to the rules' types.
 */
import { isSeed, SEEDINGS } from "@bang/game-core";
import { z } from "zod";
import type { CngSetup } from "./setup.js";
import { BULLETS, COURAGE_CHOICES, LOOT_CARDS, NEW_GODFATHER, PHASES, type CngEvent } from "./types.js";
import type { CngView } from "./view.js";

const playerId = z.string().min(1).max(64);
const bullet = z.enum(BULLETS);
const lootCard = z.enum(LOOT_CARDS);
const courage = z.enum(COURAGE_CHOICES);
const count = z.object({ click: z.number().int().min(0), bang: z.number().int().min(0) }).strict();
const reason = z.enum(["richest", "last_survivor", "all_dead"]);
const winner = z.object({ players: z.array(playerId), reason }).strict();

/** The table options: `powers` (F11) may only be false or absent; a table with powers is refused (F11.3). */
export const cngOptions = z.object({ powers: z.literal(false).optional() }).strict();

/** A setup: the seats (a chosen position may give wounds, hand, loot, a dead seat), seed, round, Godfather, piles. */
export const cngSetup = z
  .object({
    players: z
      .array(z.object({ id: playerId, alive: z.boolean().optional(), wounds: z.number().int().min(0).optional(), hand: count.optional(), loot: z.array(lootCard).optional() }).strict())
      .min(4)
      .max(8),
    seed: z.custom<number | string>(isSeed, "a 32-bit signed integer or 64 lower-case hex digits").optional(),
    seeding: z.enum(SEEDINGS).optional(),
    round: z.number().int().min(1).max(8).optional(),
    godfather: playerId.optional(),
    lootPiles: z.array(z.array(lootCard).length(8)).max(8).optional(),
    options: cngOptions.optional(),
  })
  .strict();

/**
 * A command as a client sends it (F9). Not `close_hold_up`: the server's own (its timer closing the
 * hold-up, F3.5), which a client's command is never.
 */
export const cngCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("choose_bullet"), card: bullet }).strict(),
  z.object({ type: z.literal("aim"), target: playerId }).strict(),
  z.object({ type: z.literal("order_change"), player: playerId }).strict(),
  z.object({ type: z.literal("pass") }).strict(),
  z.object({ type: z.literal("retarget"), target: playerId }).strict(),
  z.object({ type: z.literal("courage"), choice: courage }).strict(),
  z.object({ type: z.literal("take"), card: z.union([lootCard, z.literal(NEW_GODFATHER)]) }).strict(),
]);

const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);
const seatView = z
  .object({
    id: playerId,
    alive: z.boolean(),
    status: z.enum(["standing", "lying_down", "dead"]),
    wounds: z.number().int().min(0),
    handSize: z.number().int().min(0),
    hand: count.nullable(),
    discard: count.nullable(),
    bullet: z.union([bullet, z.literal("hidden")]).nullable(),
    aim: playerId.nullable(),
    courage: z.union([courage, z.literal("hidden")]).nullable(),
    loot: z.array(lootCard),
    score: z.number().int().nullable(),
  })
  .strict();

/** The view (F8). */
export const cngViewSchema = z
  .object({
    viewer,
    stateId: z.number().int(),
    waitingFor: z.array(playerId),
    round: z.number().int().min(1).max(8),
    phase: z.enum(PHASES),
    godfather: playerId,
    players: z.array(seatView),
    table: z.array(lootCard),
    tile: z.enum(["available", "taken"]),
    pilesLeft: z.number().int().min(0),
    order: z.object({ player: playerId, previous: playerId }).strict().nullable(),
    turn: playerId.nullable(),
    diamondBonus: playerId.nullable(),
    winner: winner.nullable(),
  })
  .strict();

/** The events (F8: `bulletDiscarded.card` is null for all but its owner). */
export const cngEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("roundStarted"), round: z.number().int(), godfather: playerId, table: z.array(lootCard) }).strict(),
  z.object({ type: z.literal("bulletChosen"), player: playerId }).strict(),
  z.object({ type: z.literal("aimed"), player: playerId }).strict(),
  z.object({ type: z.literal("holdUpClosed"), slow: z.array(playerId) }).strict(),
  z.object({ type: z.literal("aimsRevealed"), aims: z.array(z.object({ player: playerId, target: playerId.nullable() }).strict()) }).strict(),
  z.object({ type: z.literal("orderGiven"), godfather: playerId, player: playerId }).strict(),
  z.object({ type: z.literal("privilegePassed"), godfather: playerId }).strict(),
  z.object({ type: z.literal("retargeted"), player: playerId, from: playerId, target: playerId }).strict(),
  z.object({ type: z.literal("courageChosen"), player: playerId }).strict(),
  z.object({ type: z.literal("courageRevealed"), choices: z.array(z.object({ player: playerId, choice: courage }).strict()) }).strict(),
  z.object({ type: z.literal("bulletRevealed"), player: playerId, card: bullet, target: playerId }).strict(),
  z.object({ type: z.literal("bulletDiscarded"), player: playerId, card: bullet.nullable() }).strict(),
  z.object({ type: z.literal("wounded"), player: playerId, amount: z.number().int(), wounds: z.number().int() }).strict(),
  z.object({ type: z.literal("died"), player: playerId }).strict(),
  z.object({ type: z.literal("lootTaken"), player: playerId, card: lootCard }).strict(),
  z.object({ type: z.literal("newGodfatherTaken"), player: playerId }).strict(),
  z.object({ type: z.literal("clipResolved"), player: playerId, reloaded: z.boolean() }).strict(),
  z.object({ type: z.literal("firstAidKitUsed"), player: playerId, healed: z.number().int() }).strict(),
  z.object({ type: z.literal("lootDiscarded"), cards: z.array(lootCard) }).strict(),
  z.object({ type: z.literal("roundEnded"), round: z.number().int(), godfather: playerId }).strict(),
  z.object({ type: z.literal("gameOver"), winner, totals: z.record(playerId, z.number().int()).nullable(), diamondBonus: playerId.nullable() }).strict(),
]);

// Compile-time checks: the wire schemas and the rules' types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.infer<typeof cngViewSchema>, CngView> = true;
const sameEvent: Same<z.infer<typeof cngEvent>, CngEvent> = true;
const setupFits: z.infer<typeof cngSetup> extends CngSetup ? true : false = true;
void sameView;
void sameEvent;
void setupFits;
