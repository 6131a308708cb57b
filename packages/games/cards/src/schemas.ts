/**
 * The card game's wire schemas (zod): table options, setup, a command as a client sends it (without
 * `by`), the view and the events. The edge validates commands with these; the compile-time checks at
 * the end keep them equal to the rules' types.
 */
import { isSeed, SEEDINGS } from "@bang/game-core";
import { z } from "zod";
import { isCardId } from "./rules/deck.js";
import { BARREL_SOURCES, CHARACTERS, PHASES, ROLES, TEAMS, type Command, type GameEvent } from "./types.js";
import type { PlayerView } from "./view.js";
import type { WireCommand } from "@bang/game-core";

const playerId = z.string().min(1).max(64);
/** A card id of E2.1 (anything else is INVALID_COMMAND). */
export const cardId = z.string().refine(isCardId, { message: "not a card id of the deck (E2.1)" });
const role = z.enum(ROLES);
const character = z.enum(CHARACTERS);

/** E1.2: the table options: `eightPlayers` (off by default). */
export const cardsOptions = z.object({ eightPlayers: z.boolean().optional() }).strict();

/** A setup: seats (with a chosen position for scenarios and tests), seed, options, piles, turn and phase. */
export const cardsSetup = z
  .object({
    players: z
      .array(
        z
          .object({
            id: playerId,
            role: role.optional(),
            character: character.optional(),
            life: z.number().int().optional(),
            alive: z.boolean().optional(),
            hand: z.array(cardId).optional(),
            inPlay: z.array(cardId).optional(),
          })
          .strict(),
      )
      .min(4)
      .max(8),
    seed: z.custom<number | string>(isSeed, "a 32-bit signed integer or 64 lower-case hex digits").optional(),
    seeding: z.enum(SEEDINGS).optional(),
    options: cardsOptions.optional(),
    deck: z.array(cardId).optional(),
    discard: z.array(cardId).optional(),
    reshuffles: z.array(z.array(cardId)).optional(),
    turn: playerId.optional(),
    phase: z.enum(["turnStart", "play"]).optional(),
    bangsPlayed: z.number().int().min(0).optional(),
  })
  .strict();

/** A command as a client sends it (SCENARIOS-cards.md "Commands"); the server adds `by`. */
export const cardsCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("draw"), from: playerId.optional() }).strict(),
  z.object({ type: z.literal("keep"), cards: z.array(cardId).length(2) }).strict(),
  z.object({ type: z.literal("play"), card: cardId, target: playerId.optional(), targetCard: cardId.optional(), as: z.literal("bang").optional() }).strict(),
  z.object({ type: z.literal("respond"), card: cardId }).strict(),
  z.object({ type: z.literal("barrel"), source: z.enum(BARREL_SOURCES) }).strict(),
  z.object({ type: z.literal("choose"), card: cardId }).strict(),
  z.object({ type: z.literal("pass") }).strict(),
  z.object({ type: z.literal("pick"), card: cardId }).strict(),
  z.object({ type: z.literal("ability"), cards: z.array(cardId).length(2) }).strict(),
  z.object({ type: z.literal("end") }).strict(),
  z.object({ type: z.literal("discard"), cards: z.array(cardId).max(80) }).strict(),
]);

const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);
const winner = z.object({ team: z.enum(TEAMS), players: z.array(playerId) }).strict();
const card = z.string();

/** The public form of the first pending step (view.ts `PendingView`). */
const pendingView = z
  .object({
    kind: z.enum(["shot", "duel", "indians", "dying", "store", "kit", "lucky"]),
    player: playerId,
    by: playerId.nullable(),
    needed: z.number().int(),
    misses: z.number().int(),
    used: z.array(z.enum(BARREL_SOURCES)),
    cards: z.array(card.nullable()),
  })
  .strict();

/** The card game's PlayerView. */
export const cardsView = z
  .object({
    viewer,
    stateId: z.number().int(),
    phase: z.enum(PHASES),
    turn: playerId,
    turnNumber: z.number().int(),
    waitingFor: z.array(playerId),
    bangsPlayed: z.number().int(),
    players: z.array(
      z
        .object({
          id: playerId,
          character,
          role: role.nullable(),
          life: z.number().int(),
          maxLife: z.number().int(),
          alive: z.boolean(),
          hand: z.array(card).nullable(),
          handSize: z.number().int(),
          inPlay: z.array(card),
        })
        .strict(),
    ),
    deckSize: z.number().int(),
    discard: z.array(card),
    pending: pendingView.nullable(),
    winner: winner.nullable(),
  })
  .strict();

const cardOrHidden = card.nullable();
const purposeKind = z.enum(["dynamite", "jail", "barrel"]);

/** The card game's events (types.ts GameEvent): one strict object per type; hidden cards are null (view.ts eventView). */
export const cardsEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("turnStarted"), player: playerId, turn: z.number().int() }).strict(),
  z.object({ type: z.literal("reshuffled"), deckSize: z.number().int() }).strict(),
  z.object({ type: z.literal("drew"), player: playerId, from: z.string(), cards: z.array(cardOrHidden) }).strict(),
  z.object({ type: z.literal("shown"), player: playerId, card }).strict(),
  z.object({ type: z.literal("looked"), player: playerId, cards: z.array(cardOrHidden) }).strict(),
  z.object({ type: z.literal("putBack"), player: playerId, card: cardOrHidden }).strict(),
  z.object({ type: z.literal("checked"), player: playerId, purpose: purposeKind, cards: z.array(card), card, success: z.boolean() }).strict(),
  z.object({ type: z.literal("played"), player: playerId, card, target: playerId.nullable(), as: z.literal("bang").nullable() }).strict(),
  z.object({ type: z.literal("responded"), player: playerId, card }).strict(),
  z.object({ type: z.literal("passed"), player: playerId }).strict(),
  z.object({ type: z.literal("shotMissed"), player: playerId }).strict(),
  z.object({ type: z.literal("discarded"), player: playerId, cards: z.array(card), reason: z.enum(["effect", "phase3", "ability", "penalty", "eliminated", "replaced"]) }).strict(),
  z.object({ type: z.literal("stolen"), player: playerId, from: playerId, card: cardOrHidden, fromHand: z.boolean() }).strict(),
  z.object({ type: z.literal("storeOpened"), cards: z.array(card) }).strict(),
  z.object({ type: z.literal("picked"), player: playerId, card }).strict(),
  z.object({ type: z.literal("movedInPlay"), card, from: playerId, to: playerId }).strict(),
  z.object({ type: z.literal("lifeLost"), player: playerId, amount: z.number().int(), by: playerId.nullable() }).strict(),
  z.object({ type: z.literal("lifeGained"), player: playerId, amount: z.number().int(), cause: z.enum(["beer", "saloon", "sid_ketchum"]) }).strict(),
  z.object({ type: z.literal("eliminated"), player: playerId, role, by: playerId.nullable() }).strict(),
  z.object({ type: z.literal("cardsTaken"), player: playerId, from: playerId, count: z.number().int() }).strict(),
  z.object({ type: z.literal("turnSkipped"), player: playerId }).strict(),
  z.object({ type: z.literal("turnEnded"), player: playerId }).strict(),
  z.object({ type: z.literal("gameOver"), winner }).strict(),
]);

// Compile-time checks: the wire schemas and the rules' types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCommand: Same<z.infer<typeof cardsCommand>["type"], WireCommand<Command>["type"]> = true;
const sameView: Same<z.infer<typeof cardsView>, PlayerView> = true;
const sameEvent: Same<z.infer<typeof cardsEvent>, GameEvent> = true;
void sameCommand;
void sameView;
void sameEvent;
