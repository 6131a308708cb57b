import { DUEL_CARDS, DUEL_PHASES, FACES, ROWS, TEAMS, type DuelEvent, type DuelView } from "@bang/engine";
import { z } from "zod";

/** Wire schemas of duel mode (RULES.md part D): commands without `by`, the duel view, the duel events. */
const playerId = z.string().min(1).max(64);
const face = z.enum(FACES);
const die = z.number().int().min(0).max(4);
const column = z.number().int().min(0).max(3);
const row = z.enum(ROWS);
export const duelCard = z.enum(DUEL_CARDS);
/** A hideout card: `{row, column}` (R8.1). */
export const cardRef = z.object({ row, column }).strict();
const hideout = z.object({ near: z.array(z.boolean()).length(4), far: z.array(z.boolean()).length(4) }).strict();
const beerChange = z.object({ beer: die, die, face }).strict();

/**
 * A duel command as a client sends it. `roll`, `reroll` and `stop` are the classic ones (they live in
 * the classic union); `resolve` carries the duel choices (R8.4 to R8.8), `pick` the secret card (R8.9),
 * `pickTimeout` is sent by the server's turn timer for a player who did not pick, and `effect` names
 * the cards of the starter's sheriff or outlaw effect.
 */
export const duelResolveCommand = z
  .object({
    type: z.literal("resolve"),
    changes: z.array(beerChange).max(5).optional(),
    dynamite: cardRef.optional(),
    shots: z.array(z.object({ die, column }).strict()).max(5).optional(),
    repairs: z.array(column).max(2).optional(),
  })
  .strict();
export const duelOnlyCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pick"), card: duelCard }).strict(),
  z.object({ type: z.literal("pickTimeout") }).strict(),
  z.object({ type: z.literal("effect"), cards: z.array(cardRef).max(2) }).strict(),
]);

/**
 * A duel command as the server shows it to a viewer: a `pick` not yet revealed has no `card` for anyone
 * but its author (R8.9, DESIGN invariant 4).
 */
export const hiddenPick = z.object({ type: z.literal("pick") }).strict();

const pickView = z.object({ player: playerId, picked: z.boolean(), card: duelCard.nullable() }).strict();
const reveal = {
  starter: playerId,
  round: z.number().int(),
  picks: z.array(z.object({ player: playerId, card: duelCard }).strict()),
  outcome: z.enum(["again", "blocked", "effect"]),
};
const winner = z.object({ team: z.enum(TEAMS), players: z.array(playerId) }).strict();
const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);

/** The engine's DuelView. */
export const duelView = z
  .object({
    viewer,
    stateId: z.number().int(),
    mode: z.literal("duel"),
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

/** The engine's DuelEvent union. */
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

// Compile-time checks: the wire schemas and the engine types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.infer<typeof duelView>, DuelView> = true;
void sameView;
const sameEvent: Same<z.infer<typeof duelEvent>, DuelEvent> = true;
void sameEvent;
