import { CHARACTERS, FACES, PHASES, ROLES, TEAMS, type GameEvent, type PlayerView } from "@bang/engine";
import { duelEvent, duelOnlyCommand, duelResolveCommand, duelView, hiddenPick } from "./duel.js";
import { z } from "zod";

/** Schemas of game data on the wire: commands (without `by`: the server knows the sender), views, events. */
export const playerId = z.string().min(1).max(64);
export const face = z.enum(FACES);
export const role = z.enum(ROLES);
export const character = z.enum(CHARACTERS);
const die = z.number().int().min(0).max(4);
const dieTarget = z.object({ die, target: playerId }).strict();

const heal = z.object({ type: z.literal("heal"), target: playerId }).strict();
const roll = z.object({ type: z.literal("roll") }).strict();
const reroll = z.object({ type: z.literal("reroll"), indexes: z.array(die).min(1).max(5) }).strict();
const stop = z.object({ type: z.literal("stop") }).strict();
const classicResolve = z
  .object({
    type: z.literal("resolve"),
    shots: z.array(dieTarget).max(5),
    beers: z.array(dieTarget).max(5),
    slab: z.object({ beer: die, shot: die }).strict().optional(),
    arrowDiscards: z.array(playerId).max(5).optional(),
  })
  .strict();
const react = z.object({ type: z.literal("react"), arrows: z.number().int().min(0).max(9) }).strict();

/**
 * `resolve` in either vocabulary, as one strict object (a discriminated union needs one option per
 * `type`): the classic fields (`shots` with targets, `beers`, `slab`, `arrowDiscards`, SCENARIOS.md) or
 * the duel ones (`changes`, `dynamite`, `shots` with columns, `repairs`, packages/scenario/DUEL.md),
 * never both; a classic one gives `shots` and `beers`. The game's mode decides which applies.
 */
function anyResolve() {
  const duelShape = duelResolveCommand.shape;
  return z
    .object({
      type: z.literal("resolve"),
      shots: z.array(z.union([dieTarget, duelShape.shots.unwrap().element])).max(5).optional(),
      beers: classicResolve.shape.beers.optional(),
      slab: classicResolve.shape.slab,
      arrowDiscards: classicResolve.shape.arrowDiscards,
      changes: duelShape.changes,
      dynamite: duelShape.dynamite,
      repairs: duelShape.repairs,
    })
    .strict()
    .superRefine((c, ctx) => {
      const shots = c.shots ?? [];
      const duel = c.changes !== undefined || c.dynamite !== undefined || c.repairs !== undefined || shots.some((x) => "column" in x);
      const classic = c.beers !== undefined || c.slab !== undefined || c.arrowDiscards !== undefined || shots.some((x) => "target" in x);
      if (duel && classic) {
        ctx.addIssue({ code: "custom", path: [], message: "mixes classic fields (beers, slab, arrowDiscards, shot targets) with duel fields (changes, dynamite, repairs, shot columns)" });
      } else if (classic) {
        for (const field of ["shots", "beers"] as const) {
          if (c[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: "required in a classic resolve" });
        }
      }
    });
}

/** A classic game command as a client sends it (SCENARIOS.md vocabulary); the server adds `by`. */
export const classicCommand = z.discriminatedUnion("type", [heal, roll, reroll, stop, classicResolve, react]);

/**
 * A game command of either mode, as a client sends it: the classic vocabulary (whose `roll`, `reroll`
 * and `stop` serve both modes), the duel `resolve`, or a duel-only command (`pick`, `pickTimeout`,
 * `effect`). The game's mode decides; a command of the other mode is refused by the engine.
 */
export const gameCommand = z.discriminatedUnion("type", [heal, roll, reroll, stop, anyResolve(), react, ...duelOnlyCommand.options]);
export type GameCommand = z.infer<typeof gameCommand>;
/** A command as the server shows it in an event message: may be a pick with its card hidden (R8.9). */
export const shownCommand = z.union([gameCommand, hiddenPick]);
export type ShownCommand = z.infer<typeof shownCommand>;

const team = z.enum(TEAMS);
export const winner = z.object({ team, players: z.array(playerId) }).strict();

const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);

/** The engine's classic PlayerView: the only game state that leaves a server. */
export const classicView = z
  .object({
    viewer,
    stateId: z.number().int(),
    mode: z.literal("classic"),
    phase: z.enum(PHASES),
    turn: playerId,
    turnNumber: z.number().int(),
    waitingFor: playerId.nullable(),
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

/** A view of either mode (classic PlayerView, or DuelView). */
export const playerView = z.union([classicView, duelView]);

const by = playerId.nullable();
/** The engine's classic GameEvent union. */
export const classicEvent = z.discriminatedUnion("type", [
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

/** An event of either mode. */
export const gameEvent = z.union([classicEvent, duelEvent]);

// Compile-time checks: the wire schemas and the engine types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.infer<typeof classicView>, PlayerView> = true;
const sameEvent: Same<z.infer<typeof classicEvent>, GameEvent> = true;
void sameView;
void sameEvent;
