import { assign, setup } from "xstate";
import { outcomeMemo } from "../machine/outcome.js";
import { seededSource, type RandomSource } from "../random.js";
import { recordingSource, type LogEntry } from "../replay.js";
import type { GameSetup } from "../setup.js";
import type { RuleError } from "../types.js";
import { applyDuelCommand } from "./apply.js";
import { createDuel } from "./setup.js";
import type { DuelCommand, DuelEvent, DuelPhase, DuelState } from "./types.js";

/** The duel actor's context: plain JSON, like the classic one (see GameContext). */
export interface DuelContext {
  setup: GameSetup;
  game: DuelState;
  entry: LogEntry | null;
  events: DuelEvent[];
  rejection: RuleError | null;
}

/**
 * The duel statechart (XState v5, RULES.md part D): setup, then rolling and resolving as in classic mode,
 * then `duel`, the secret simultaneous choice (both `pick` or `pickTimeout`, R8.9), and `duelEffect`
 * when the starter's sheriff or outlaw card waits for the starter's cards, until gameOver. It shares
 * with the classic statechart the outcome memo, the random sources and the log entries; the rules come
 * from the duel reducer. A command's transition is chosen by the phase it leads to (guard `leadsTo`);
 * what a state does not take is refused at the root with the reducer's code and changes nothing.
 */
export function createDuelMachine(random: RandomSource = seededSource, recordDice = false) {
  const source = recordDice ? recordingSource(random) : null;
  const dice = source ?? random;
  const outcomeOf = outcomeMemo<DuelState, DuelEvent>((game, event) => applyDuelCommand(game, event as DuelCommand, dice), source);

  const transitionsFor = [
    { guard: { type: "leadsTo", params: { phase: "rolling" } }, actions: "commit", target: "#duel.rolling" },
    { guard: { type: "leadsTo", params: { phase: "resolving" } }, actions: "commit", target: "#duel.resolving" },
    { guard: { type: "leadsTo", params: { phase: "duel" } }, actions: "commit", target: "#duel.duel" },
    { guard: { type: "leadsTo", params: { phase: "duelEffect" } }, actions: "commit", target: "#duel.duelEffect" },
    { guard: { type: "leadsTo", params: { phase: "gameOver" } }, actions: "commit", target: "#duel.gameOver" },
    { actions: "reject" },
  ] as const;

  return setup({
    types: {
      context: {} as DuelContext,
      events: {} as DuelCommand,
      input: {} as { setup: GameSetup },
    },
    guards: {
      /** Is the command legal, and does it leave the game in `phase`? */
      leadsTo: ({ context, event }, params: { phase: DuelPhase }) => {
        const outcome = outcomeOf(context.game, event);
        return outcome.ok && outcome.game.phase === params.phase;
      },
    },
    actions: {
      deal: assign(({ context }) => {
        const created = createDuel(context.setup);
        if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
        return { game: created.state };
      }),
      commit: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        if (!outcome.ok) throw new Error("commit: the command was refused");
        const entry: LogEntry = outcome.dice ? { command: event, dice: outcome.dice } : { command: event };
        return { game: outcome.game, events: outcome.events, entry, rejection: null };
      }),
      reject: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        return { rejection: outcome.ok ? { code: "WRONG_PHASE" as const, message: `${event.type}: not allowed now` } : outcome.error };
      }),
    },
  }).createMachine({
    id: "duel",
    context: ({ input }) => ({ setup: input.setup, game: null as unknown as DuelState, entry: null, events: [], rejection: null }),
    initial: "setup",
    on: { "*": { actions: "reject" } },
    states: {
      setup: { always: { actions: "deal", target: "rolling" } },
      rolling: { on: { roll: transitionsFor, reroll: transitionsFor, stop: transitionsFor } },
      resolving: { on: { resolve: transitionsFor } },
      duel: { on: { pick: transitionsFor, pickTimeout: transitionsFor } },
      duelEffect: { on: { effect: transitionsFor } },
      gameOver: { tags: ["gameOver"] },
    },
  });
}

/** The default duel machine: seeded dice from the game's own generator. */
export const duelMachine = createDuelMachine();
export type DuelMachine = ReturnType<typeof createDuelMachine>;
