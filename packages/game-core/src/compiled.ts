import type { AnyStateMachine } from "xstate";
import { createGameActor, machineOf, type GameActor, type ModuleParts } from "./actor.js";
import type { LogEntry } from "./log.js";
import { chartSourceOf, type ChartSource, type MachineContext, type MachineOptions } from "./machine.js";
import type { CommandBase, EventBase, Refusal, SetupBase, StateBase } from "./types.js";

/**
 * A phase chart's machine as a table, read once from the machine's own state nodes: the phases the
 * game rests in and the commands each takes (the state node's transitions), the transient phases (a
 * state node with an `always` that the chart resolves) and every phase the machine has a state for.
 */
interface Program {
  takes: ReadonlyMap<string, ReadonlySet<string>>;
  transient: ReadonlyMap<string, (state: unknown, events: EventBase[]) => { state: unknown; events: EventBase[] }>;
  phases: ReadonlySet<string>;
}

const programs = new WeakMap<AnyStateMachine, Program>();

function programOf(machine: AnyStateMachine, { chart }: ChartSource): Program {
  let program = programs.get(machine);
  if (program) return program;
  const takes = new Map<string, ReadonlySet<string>>();
  const transient = new Map<string, (state: unknown, events: EventBase[]) => { state: unknown; events: EventBase[] }>();
  const phases = new Set<string>();
  const nodes = machine.root.states as Record<string, { always?: unknown[]; ownEvents: string[] }>;
  const resolvers = (chart.transient ?? {}) as Record<string, ((state: unknown, events: EventBase[]) => { state: unknown; events: EventBase[] }) | undefined>;
  // createPhaseMachine's states: `setup`, one per phase, and `after_<phase>` behind each transient one.
  for (const [key, node] of Object.entries(nodes)) {
    if (key === "setup" || (key.startsWith("after_") && resolvers[key.slice("after_".length)])) continue;
    phases.add(key);
    const resolve = resolvers[key];
    if (resolve && node.always && node.always.length > 0) transient.set(key, resolve);
    else takes.set(key, new Set(node.ownEvents.filter((type) => type !== "*")));
  }
  program = { takes, transient, phases };
  programs.set(machine, program);
  return program;
}

const STOPPED: Refusal = { code: "INVALID_COMMAND", message: "the game is stopped" };

/**
 * Runs the machine of a phase chart (createPhaseMachine) on the chart's pure rules without XState's
 * interpreter: per command, one look-up in the table read from the machine's state nodes (does the
 * phase the game rests in take this command?), one call of the chart's `step`, and the transient
 * phases resolved as their `always` transitions do. The answers are the XState actor's (createGameActor):
 * the same states, events, phases, log entries (draws included) and refusal codes (a command its phase
 * does not take gets the rules' code, or WRONG_PHASE when the rules would take it), and a rule that
 * throws throws from `send`, then from every later `send`. `persist()` gives the machine's own
 * persisted snapshot, which `restoreGameActor` restores.
 */
function runCompiled<S, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  game: string,
  machine: AnyStateMachine,
  source: ChartSource,
  setup: Setup,
): GameActor<S, C, E, Setup> {
  const program = programOf(machine, source);
  const chart = source.chart as unknown as ChartSource<S, C, E>["chart"];
  const { recorder } = source;
  const entries: LogEntry<C>[] = [];
  let failure: { error: unknown } | null = null;
  let stopped = false;
  // The machine's context, field by field.
  let state: S;
  let events: E[] = [];
  let entry: LogEntry<C> | null = null;
  let rejection: Refusal | null = null;
  let phase: string;

  /** Resolves the transient phases the game stands in (the machine's `always` transitions), as the interpreter does. */
  const settle = (at: S, shown: E[]): { state: S; events: E[]; phase: string } => {
    let p = chart.phaseOf(at);
    for (let resolve = program.transient.get(p); resolve; resolve = program.transient.get(p)) {
      const done = resolve(at, shown.slice()) as { state: S; events: E[] };
      at = done.state;
      shown = done.events;
      p = chart.phaseOf(at);
    }
    if (!program.phases.has(p)) throw new Error(`game "${game}": the rules left the game in phase "${p}", which its statechart has no state for`);
    return { state: at, events: shown, phase: p };
  };

  const dealt = chart.create(setup);
  if (!dealt.ok) throw new Error(`${dealt.error.code}: ${dealt.error.message}`);
  ({ state, events, phase } = settle(dealt.state, []));

  const refuse = (error: Refusal): { ok: false; error: Refusal } => {
    rejection = error;
    return { ok: false, error };
  };

  return {
    send(command) {
      if (failure) throw failure.error;
      if (stopped) return { ok: false, error: STOPPED };
      let outcome;
      let draws = null;
      let next;
      try {
        outcome = chart.step(state, command, source.source);
        if (outcome.ok) {
          draws = recorder ? recorder.take() : null;
          // A command its phase does not take is refused even when the rules would take it.
          if (!program.takes.get(phase)?.has(command.type) || !program.phases.has(chart.phaseOf(outcome.state))) {
            return refuse({ code: "WRONG_PHASE", message: `${command.type}: not allowed now` });
          }
          next = settle(outcome.state, outcome.events);
        }
      } catch (error) {
        failure = { error };
        throw error;
      }
      if (!outcome.ok) return refuse(outcome.error);
      const accepted: LogEntry<C> = draws && draws.length > 0 ? { command, draws } : { command };
      const unchanged = next!.state === state;
      ({ state, events, phase } = next!);
      entry = accepted;
      rejection = null;
      // As the interpreter's wrapper: an outcome that leaves the state object as it was is no move.
      if (unchanged) return { ok: false, error: { code: "INVALID_COMMAND", message: "command refused" } };
      entries.push(accepted);
      return { ok: true, state, events };
    },
    get state() {
      return state;
    },
    get value() {
      return phase;
    },
    log() {
      return { game, setup, entries: entries.slice() };
    },
    persist() {
      const context: MachineContext<S, C, E> = { setup, game: state, entry, events, rejection };
      const snapshot = machine.resolveState({ value: phase, context } as never);
      return { snapshot: machine.getPersistedSnapshot(snapshot), log: { game, setup, entries: entries.slice() } };
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * Starts a game of `module` for a new table, as createGameActor does (same answers, same refusal of
 * a bad setup), on the module's statechart compiled to a table (see runCompiled): what the server runs
 * per command. A module whose machine is not a phase chart of createPhaseMachine gets the XState actor.
 */
export function createCompiledGameActor<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  module: ModuleParts<S, C, E, Setup>,
  setup: Setup,
  options?: MachineOptions,
): { ok: true; actor: GameActor<S, C, E, Setup> } | { ok: false; error: Refusal } {
  const machine = machineOf(module, options);
  const source = chartSourceOf(machine);
  if (!source) return createGameActor(module, setup, options);
  const checked = module.create(setup);
  if (!checked.ok) return checked;
  return { ok: true, actor: runCompiled<S, C, E, Setup>(module.id, machine, source, setup) };
}
