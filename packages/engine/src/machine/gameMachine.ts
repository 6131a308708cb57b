import { assign, setup } from "xstate";
import { draftOf } from "../apply.js";
import { performCommand, validateCommand } from "../commands.js";
import { runIndianAttack, settle } from "../flow.js";
import { seededSource, type RandomSource } from "../random.js";
import { recordingSource, type LogEntry } from "../replay.js";
import { createGame, type GameSetup } from "../setup.js";
import type { Command, GameEvent, GameState, RuleError } from "../types.js";

/** The actor's context: plain JSON, so a persisted snapshot restores the game exactly. */
export interface GameContext {
  setup: GameSetup;
  game: GameState;
  /** Accepted commands, in order: with `setup`, the game's log (DESIGN invariant 1). */
  log: LogEntry[];
  /** Events of the last accepted command (or of the Indian attack that followed it). */
  events: GameEvent[];
  /** Why the last command was refused; null after an accepted one. */
  rejection: RuleError | null;
}

/** Machine input: a table to deal (validate it with `createGame` first; an invalid one throws). */
export interface GameInput {
  setup: GameSetup;
}

/**
 * The game statechart (XState v5): setup, then rolling, resolving, reaction (Bart Cassidy, C1) and the
 * transient indianAttack, until gameOver. Guards and actions only call the engine's pure rule functions;
 * the machine decides which state the game is in and which commands each state takes. Commands a state
 * does not take are refused at the root with the engine's error code.
 *
 * `random` is where dice come from (seeded by default; a forced source for scenarios); with
 * `recordDice`, the log keeps the faces of each throw so that the game replays without that source.
 */
export function createGameMachine(random: RandomSource = seededSource, recordDice = false) {
  const source = recordDice ? recordingSource(random) : null;
  const dice = source ?? random;

  const command = (event: { type: string }) => event as Command;
  const acceptOrReject = [
    { guard: "isLegal", actions: "apply", target: "#game.routing" },
    { actions: "reject" },
  ] as const;

  return setup({
    types: {
      context: {} as GameContext,
      events: {} as Command,
      input: {} as GameInput,
    },
    guards: {
      isLegal: ({ context, event }) => validateCommand(context.game, command(event)) === null,
      isIndianAttack: ({ context }) => context.game.phase === "indianAttack",
      isOver: ({ context }) => context.game.phase === "gameOver",
      isReaction: ({ context }) => context.game.phase === "reaction",
      isResolving: ({ context }) => context.game.phase === "resolving",
    },
    actions: {
      deal: assign(({ context }) => {
        const created = createGame(context.setup);
        if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
        return { game: created.state };
      }),
      apply: assign(({ context, event }) => {
        const c = command(event);
        const draft = draftOf(context.game);
        const events: GameEvent[] = [];
        performCommand(draft, c, dice, events);
        settle(draft, events, true);
        draft.stateId++;
        const entry: LogEntry = source ? { command: c, dice: source.take() } : { command: c };
        return { game: draft, events, log: [...context.log, entry], rejection: null };
      }),
      resolveIndianAttack: assign(({ context }) => {
        const draft = draftOf(context.game);
        const events = context.events.slice();
        runIndianAttack(draft, events);
        return { game: draft, events };
      }),
      reject: assign(({ context, event }) => ({
        rejection: validateCommand(context.game, command(event)) ?? { code: "WRONG_PHASE" as const, message: `${event.type}: not allowed now` },
      })),
    },
  }).createMachine({
    id: "game",
    context: ({ input }) => ({ setup: input.setup, game: null as unknown as GameState, log: [], events: [], rejection: null }),
    initial: "setup",
    on: {
      heal: { actions: "reject" },
      roll: { actions: "reject" },
      reroll: { actions: "reject" },
      stop: { actions: "reject" },
      resolve: { actions: "reject" },
      react: { actions: "reject" },
    },
    states: {
      setup: { always: { target: "routing", actions: "deal" } },
      routing: {
        always: [
          { guard: "isIndianAttack", target: "indianAttack" },
          { guard: "isOver", target: "gameOver" },
          { guard: "isReaction", target: "reaction" },
          { guard: "isResolving", target: "resolving" },
          { target: "rolling" },
        ],
      },
      rolling: {
        on: { heal: acceptOrReject, roll: acceptOrReject, reroll: acceptOrReject, stop: acceptOrReject },
      },
      resolving: { on: { resolve: acceptOrReject } },
      reaction: { on: { react: acceptOrReject } },
      indianAttack: { always: { target: "routing", actions: "resolveIndianAttack" } },
      gameOver: { tags: ["gameOver"] },
    },
  });
}

/** The default machine: seeded dice from the game's own generator. */
export const gameMachine = createGameMachine();
export type GameMachine = ReturnType<typeof createGameMachine>;
