import { assign, setup } from "xstate";
import { draftOf, runCommand } from "../apply.js";
import { runIndianAttack } from "../flow.js";
import { seededSource, type RandomSource } from "../random.js";
import { recordingSource, type LogEntry } from "../replay.js";
import { createClassicGame, type GameSetup } from "../setup.js";
import type { Command, GameEvent, GameState, Phase, RuleError } from "../types.js";
import { outcomeMemo } from "./outcome.js";

/** The actor's context: plain JSON, so a persisted snapshot restores the game exactly. */
export interface GameContext {
  setup: GameSetup;
  game: GameState;
  /**
   * The log entry of the last accepted command: the host appends it to the game's log (kept outside the
   * context so that a command costs O(1), not a copy of the whole history).
   */
  entry: LogEntry | null;
  /** Events of the last accepted command (and of the Indian attacks that followed it). */
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
 * transient indianAttack (R2.5, R4), until gameOver. Guards and actions only call the engine's pure
 * rule functions. A command's transition is chosen by the phase the command leads to (guard `leadsTo`),
 * so an accepted command is one microstep; the engine's flow pauses before each Indian attack, which
 * the indianAttack state then resolves. Commands a state does not take are refused at the root with the
 * engine's error code (WRONG_PHASE, NOT_YOUR_TURN, ...), and change nothing.
 *
 * `random` is where dice come from (seeded by default; a forced source for scenarios); with
 * `recordDice`, the log keeps the faces of each throw so that the game replays without that source.
 */
export function createGameMachine(random: RandomSource = seededSource, recordDice = false) {
  const source = recordDice ? recordingSource(random) : null;
  const dice = source ?? random;

  // Guards are pure questions; the outcome of (state, command) is computed once and remembered for
  // the event object, so the guards of one transition and its action share the work.
  const outcomeOf = outcomeMemo<GameState, GameEvent>((game, event) => runCommand(game, event as Command, dice, true), source);

  const transitionsFor = [
    { guard: { type: "leadsTo", params: { phase: "indianAttack" } }, actions: "commit", target: "#game.indianAttack" },
    { guard: { type: "leadsTo", params: { phase: "rolling" } }, actions: "commit", target: "#game.rolling" },
    { guard: { type: "leadsTo", params: { phase: "resolving" } }, actions: "commit", target: "#game.resolving" },
    { guard: { type: "leadsTo", params: { phase: "reaction" } }, actions: "commit", target: "#game.reaction" },
    { guard: { type: "leadsTo", params: { phase: "gameOver" } }, actions: "commit", target: "#game.gameOver" },
    { actions: "reject" },
  ] as const;
  const route = [
    { guard: { type: "inPhase", params: { phase: "indianAttack" } }, target: "#game.indianAttack" },
    { guard: { type: "inPhase", params: { phase: "rolling" } }, target: "#game.rolling" },
    { guard: { type: "inPhase", params: { phase: "resolving" } }, target: "#game.resolving" },
    { guard: { type: "inPhase", params: { phase: "reaction" } }, target: "#game.reaction" },
    { guard: { type: "inPhase", params: { phase: "gameOver" } }, target: "#game.gameOver" },
  ] as const;

  return setup({
    types: {
      context: {} as GameContext,
      events: {} as Command,
      input: {} as GameInput,
    },
    guards: {
      /** Is the command legal, and does it leave the game in `phase`? */
      leadsTo: ({ context, event }, params: { phase: Phase }) => {
        const outcome = outcomeOf(context.game, event);
        return outcome.ok && outcome.game.phase === params.phase;
      },
      inPhase: ({ context }, params: { phase: Phase }) => context.game.phase === params.phase,
    },
    actions: {
      deal: assign(({ context }) => {
        const created = createClassicGame(context.setup);
        if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
        return { game: created.state };
      }),
      commit: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        if (!outcome.ok) throw new Error("commit: the command was refused");
        const entry: LogEntry = outcome.dice ? { command: event, dice: outcome.dice } : { command: event };
        return { game: outcome.game, events: outcome.events, entry, rejection: null };
      }),
      resolveIndianAttack: assign(({ context }) => {
        const draft = draftOf(context.game);
        const events = context.events.slice();
        runIndianAttack(draft, events);
        return { game: draft, events };
      }),
      reject: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        return { rejection: outcome.ok ? { code: "WRONG_PHASE" as const, message: `${event.type}: not allowed now` } : outcome.error };
      }),
    },
  }).createMachine({
    id: "game",
    context: ({ input }) => ({ setup: input.setup, game: null as unknown as GameState, entry: null, events: [], rejection: null }),
    initial: "setup",
    on: {
      // Whatever a state does not take (a command in the wrong phase, or not a command at all) is
      // refused with the engine's code, never ignored: an ignored event would leave the previous
      // command's rejection in the context.
      "*": { actions: "reject" },
    },
    states: {
      setup: { always: { actions: "deal", target: "rolling" } },
      rolling: { on: { heal: transitionsFor, roll: transitionsFor, reroll: transitionsFor, stop: transitionsFor } },
      resolving: { on: { resolve: transitionsFor } },
      reaction: { on: { react: transitionsFor } },
      indianAttack: { always: { actions: "resolveIndianAttack", target: "afterIndianAttack" } },
      afterIndianAttack: { always: route },
      gameOver: { tags: ["gameOver"] },
    },
  });
}

/** The default machine: seeded dice from the game's own generator. */
export const gameMachine = createGameMachine();
export type GameMachine = ReturnType<typeof createGameMachine>;
