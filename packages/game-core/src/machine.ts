import { assign, setup, type AnyStateMachine } from "xstate";
import type { LogEntry } from "./log.js";
import { recordingSource, seededSource, type Draw, type RandomSource } from "./random.js";
import type { Applied, CommandBase, Created, EventBase, Refusal, SetupBase } from "./types.js";

/**
 * A game's statechart as data: the phases it rests in and the commands each takes, the phases it only
 * passes through, its final phase, and the pure rules that move it. `createPhaseMachine` turns it into an
 * XState v5 machine whose states are named after the game's own phases.
 */
export interface PhaseChart<S, C extends CommandBase, E extends EventBase, P extends string> {
  /** The machine's id (the game's id). */
  id: string;
  /** The phase a state is in. */
  phaseOf(state: S): P;
  /** The commands (`type`s) each phase the game rests in takes; any other command there is refused. */
  commands: Readonly<Partial<Record<P, readonly string[]>>>;
  /**
   * Phases the game only passes through (an effect resolved between two steps of a command): `step` may stop in one,
   * and the chart's own state for it runs the function, which returns the state and events after it.
   */
  transient?: Readonly<Partial<Record<P, (state: S, events: E[]) => { state: S; events: E[] }>>>;
  /** The phase of a finished game (tagged `gameOver`). */
  final: P;
  /** Deals a new game (the module's `create`). */
  create(setup: SetupBase): Created<S>;
  /** Applies a command (the module's `apply`, or a variant that stops in transient phases). */
  step(state: S, command: C, random: RandomSource): Applied<S, E>;
}

/** How a machine draws: `random` (default: the game's seeded generator), recorded in the log with `recordDraws`. */
export interface MachineOptions {
  random?: RandomSource | undefined;
  recordDraws?: boolean | undefined;
}

/**
 * The context of every game machine: plain JSON, so a persisted snapshot restores the game exactly.
 * `entry` is the log entry of the last accepted command (the host appends it to the game's log, kept
 * outside the context so that a command costs O(1), not a copy of the history); `events` are that
 * command's events; `rejection` why the last command was refused (null after an accepted one).
 */
export interface MachineContext<S, C, E> {
  setup: SetupBase;
  game: S;
  entry: LogEntry<C> | null;
  events: E[];
  rejection: Refusal | null;
}

/** What a command would do: computed once per event by the guards, committed by the action. */
type Outcome<S, E> = { ok: true; game: S; events: E[]; draws: Draw[] | null } | { ok: false; error: Refusal };

/**
 * What a machine of createPhaseMachine was built from: its chart, the source its rules draw from, and
 * the recorder of those draws (`recordDraws`), or null. A compiled actor (compiled.ts) runs the machine
 * from these without XState's interpreter.
 */
export interface ChartSource<S = unknown, C extends CommandBase = CommandBase, E extends EventBase = EventBase> {
  chart: PhaseChart<S, C, E, string>;
  source: RandomSource;
  recorder: (RandomSource & { take(): Draw[] }) | null;
}

const chartSources = new WeakMap<object, ChartSource>();

/** The chart and draw source a machine of createPhaseMachine was built from; undefined for another machine. */
export function chartSourceOf(machine: AnyStateMachine): ChartSource | undefined {
  return chartSources.get(machine);
}

/**
 * The XState v5 machine of a chart: `setup`, then one state per phase (named after it) where the
 * phase's commands move the game; the transient phases resolve in their own state; the final phase is
 * tagged `gameOver`. A command's transition is chosen by the phase it leads to (guard `leadsTo`), so an
 * accepted command is one microstep. Whatever a state does not take is refused at the root with the
 * rules' code (WRONG_PHASE, NOT_YOUR_TURN, ...) and changes nothing: never ignored, so no rejection of
 * an earlier command is left in the context. Guards and actions only call the chart's pure rules.
 */
export function createPhaseMachine<S, C extends CommandBase, E extends EventBase, P extends string>(chart: PhaseChart<S, C, E, P>, options: MachineOptions = {}): AnyStateMachine {
  const random = options.random ?? seededSource;
  const recorder = options.recordDraws ? recordingSource(random) : null;
  const source = recorder ?? random;

  // The outcome of (state, command) is remembered for that state and event object, so that the guards
  // of one transition and its action share the work.
  let memo: { game: S; event: object; outcome: Outcome<S, E> } | null = null;
  const outcomeOf = (game: S, event: object): Outcome<S, E> => {
    if (memo && memo.game === game && memo.event === event) return memo.outcome;
    const result = chart.step(game, event as C, source);
    const outcome: Outcome<S, E> = result.ok ? { ok: true, game: result.state, events: result.events, draws: recorder ? recorder.take() : null } : result;
    memo = { game, event, outcome };
    return outcome;
  };

  const transient = Object.keys(chart.transient ?? {}) as P[];
  const resting = Object.keys(chart.commands) as P[];
  const all = [...transient, ...resting.filter((p) => !transient.includes(p)), ...(resting.includes(chart.final) ? [] : [chart.final])];
  const target = (phase: P) => `#${chart.id}.${phase}`;
  const transitionsFor = [
    ...all.map((phase) => ({ guard: { type: "leadsTo" as const, params: { phase } }, actions: "commit" as const, target: target(phase) })),
    { actions: "reject" as const },
  ];
  const route = all.map((phase) => ({ guard: { type: "inPhase" as const, params: { phase } }, target: target(phase) }));

  const states: Record<string, object> = { setup: { entry: "deal", always: route } };
  for (const phase of all) {
    if (transient.includes(phase)) {
      states[phase] = { always: { actions: { type: "resolveTransient", params: { phase } }, target: `after_${phase}` } };
      states[`after_${phase}`] = { always: route };
    } else if (phase === chart.final) {
      states[phase] = { tags: ["gameOver"] };
    } else {
      states[phase] = { on: Object.fromEntries((chart.commands[phase] ?? []).map((type) => [type, transitionsFor])) };
    }
  }

  const machine = setup({
    types: {
      context: {} as MachineContext<S, C, E>,
      events: {} as C,
      input: {} as { setup: SetupBase },
    },
    guards: {
      /** Is the command legal, and does it leave the game in `phase`? */
      leadsTo: ({ context, event }, params: { phase: P }) => {
        const outcome = outcomeOf(context.game, event);
        return outcome.ok && chart.phaseOf(outcome.game) === params.phase;
      },
      inPhase: ({ context }, params: { phase: P }) => chart.phaseOf(context.game) === params.phase,
    },
    actions: {
      deal: assign(({ context }) => {
        const created = chart.create(context.setup);
        if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
        return { game: created.state };
      }),
      commit: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        if (!outcome.ok) throw new Error("commit: the command was refused");
        const entry: LogEntry<C> = outcome.draws && outcome.draws.length > 0 ? { command: event, draws: outcome.draws } : { command: event };
        return { game: outcome.game, events: outcome.events, entry, rejection: null };
      }),
      resolveTransient: assign(({ context }, params: { phase: P }) => {
        const done = chart.transient![params.phase]!(context.game, context.events.slice());
        return { game: done.state, events: done.events };
      }),
      reject: assign(({ context, event }) => {
        const outcome = outcomeOf(context.game, event);
        return { rejection: outcome.ok ? { code: "WRONG_PHASE", message: `${event.type}: not allowed now` } : outcome.error };
      }),
    },
  }).createMachine({
    id: chart.id,
    context: ({ input }) => ({ setup: input.setup, game: null as unknown as S, entry: null, events: [], rejection: null }),
    initial: "setup",
    on: { "*": { actions: "reject" } },
    states: states as Record<string, object>,
  }) as unknown as AnyStateMachine;
  chartSources.set(machine, { chart: chart as unknown as PhaseChart<unknown, CommandBase, EventBase, string>, source, recorder } as ChartSource);
  return machine;
}
