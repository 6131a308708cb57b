/**
 * The generic envelope of game data on the wire: whatever the game, a command is an object with a
 * `type`, an event likewise, a view has its viewer, state counter and who the game waits for. What is
 * inside is the game's own: the server validates a command with its module's schema (`parseGameCommand`)
 * and the module's views hide the secrets. The protocol names no game.
 */
import { seatRangeFor, type AnyGameModule, type WireCommand, type CommandBase, type SeatRange, type ViewBase } from "@bang/game-core";
import * as z from "zod/mini";
import { describe } from "./describe.js";
import type { ErrorCode } from "./errors.js";

export const playerId = z.string().check(z.minLength(1), z.maxLength(64));

/** A game (a game module's id, as the registry names it): lower-case letters, digits and `_`. */
export const gameName = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, "a game is 1 to 32 lower-case letters, digits or _, starting with a letter"));

/** A command or an event type: a name of the game's vocabulary. */
const typeName = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,47}$/, "a type is 1 to 48 letters, digits or _"));

/** A game command as a client sends it, as the envelope sees it: an object with its `type` (the module checks the rest). */
export const gameCommand = z.looseObject({ type: typeName });
export type GameCommand = z.infer<typeof gameCommand>;

/** A game event as the envelope sees it. */
export const gameEvent = z.looseObject({ type: typeName });

export const viewer = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("player"), id: playerId }),
  z.strictObject({ kind: z.literal("spectator") }),
  z.strictObject({ kind: z.literal("admin") }),
]);

/**
 * A view as the envelope sees it (game-core's ViewBase): whom it is for, the state counter, and who the
 * game waits for (empty exactly when the game is over). The rest is the game's own view.
 */
export const gameView = z.looseObject({ viewer, stateId: z.int().check(z.minimum(0)), waitingFor: z.array(playerId) });
/** A view of any game as generic code holds it: game-core's ViewBase (cast it to the game's own view type). */
export type GameView = ViewBase;

/**
 * What changed in a viewer's view since that viewer's view one entry earlier (hello feature
 * `viewChanges`): the view's top-level keys whose value changed, each with its whole new value; a key
 * not named kept its value. So `{...previous, ...changes}` is the view. A partial gameView: the
 * `stateId`, `waitingFor` or `viewer` it names have their shapes.
 */
export const viewChanges = z.partial(gameView);
/** A view's changes as generic code holds them (see `viewChanges`). */
export type ViewChanges = Partial<ViewBase> & Record<string, unknown>;

/**
 * Checks a client's command against the module of the game it is for (DESIGN invariant 6): the
 * module's command schema, and none of the module's server-only commands (a timer's choice). Refusals
 * are INVALID_MESSAGE naming the field under `command` (a command of another game is one: its `type` is
 * not this game's).
 */
export function parseGameCommand(module: Pick<AnyGameModule, "id" | "schemas" | "serverCommands">, command: unknown): { ok: true; command: WireCommand<CommandBase> } | { ok: false; code: ErrorCode; message: string } {
  const type = (command as { type?: unknown } | null)?.type;
  if (typeof type === "string" && module.serverCommands.includes(type)) {
    return { ok: false, code: "INVALID_MESSAGE", message: `command.type: ${type} is sent by the server only` };
  }
  const parsed = module.schemas.command.safeParse(command);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error, ["command"], `a ${module.id} command`) };
  return { ok: true, command: parsed.data };
}

/** What `checkTableOptions` needs of the game a table names. */
export type TableGame = Pick<AnyGameModule, "id" | "seats" | "seatsFor" | "schemas">;

/** "3 to 8" or "2": a seat range for people. */
const seatsText = ({ min, max }: SeatRange) => (min === max ? `${min}` : `${min} to ${max}`);

/**
 * Checks a table's options against its game (after the envelope's schema): the game exists
 * (UNKNOWN_GAME naming `options.game`), the seats fit the game's widest range, `gameOptions` are the
 * game's own (INVALID_MESSAGE naming the field: another game's option is refused), and the seats fit
 * the range the game allows with those options (the module's `seatsFor`: a size a game allows only with
 * one of its options): INVALID_MESSAGE naming `options.seats`. So a table that passes can be
 * dealt. Resolves the module and the game's options as its schema parsed them.
 */
export function checkTableOptions<O extends { game: string; seats: number; gameOptions: Record<string, unknown> }>(
  options: O,
  findGame: (id: string) => TableGame | undefined,
  ids: () => readonly string[],
): { ok: true; module: TableGame; options: O } | { ok: false; code: ErrorCode; message: string } {
  const module = findGame(options.game);
  if (!module) return { ok: false, code: "UNKNOWN_GAME", message: `options.game: unknown game ${JSON.stringify(options.game)} (one of ${ids().join(", ")})` };
  const outside = (range: SeatRange) => options.seats < range.min || options.seats > range.max;
  if (outside(module.seats)) {
    return { ok: false, code: "INVALID_MESSAGE", message: `options.seats: a ${module.id} table has ${seatsText(module.seats)} seats, got ${options.seats}` };
  }
  const parsed = module.schemas.options.safeParse(options.gameOptions);
  if (!parsed.success) return { ok: false, code: "INVALID_MESSAGE", message: describe(parsed.error, ["options", "gameOptions"], "options.gameOptions") };
  const range = seatRangeFor(module, parsed.data);
  if (outside(range)) {
    return {
      ok: false,
      code: "INVALID_MESSAGE",
      message: `options.seats: a ${module.id} table has ${seatsText(range)} seats with these gameOptions (${seatsText(module.seats)} with others), got ${options.seats}`,
    };
  }
  return { ok: true, module, options: { ...options, gameOptions: parsed.data as Record<string, unknown> } };
}
