import { createActor, type AnyActorRef, type AnyStateMachine, type Snapshot } from "xstate";
import type { GameLog, LogEntry } from "./log.js";
import type { MachineContext, MachineOptions } from "./machine.js";
import type { GameModule } from "./module.js";
import type { Applied, CommandBase, EventBase, Refusal, SetupBase, StateBase, ViewBase } from "./types.js";

/** What `persist()` returns: the statechart's persisted snapshot and the log so far (plain JSON). */
export interface PersistedGame<Setup = SetupBase, C = CommandBase> {
  snapshot: Snapshot<unknown>;
  log: GameLog<Setup, C>;
}

/**
 * A running game: an XState actor of the module's statechart with a command API that answers each
 * command with its events or its refusal (the actor processes events synchronously), and the game's log.
 */
export interface GameActor<S = StateBase, C = CommandBase, E = EventBase, Setup = SetupBase> {
  /**
   * Sends a command; returns the new state and events, or the refusal (nothing changed). Throws what
   * a rule threw (a module's bug): the actor is then stopped for good, and every later send throws it.
   */
  send(command: C): Applied<S, E>;
  /** The current state (treat as immutable). */
  readonly state: S;
  /** The current statechart state value: one of the game's phases. */
  readonly value: string;
  /** The game's log so far (a copy). */
  log(): GameLog<Setup, C>;
  /** A JSON-serialisable snapshot for `restoreGameActor`. */
  persist(): PersistedGame<Setup, C>;
  stop(): void;
}

/** The members an actor uses (`apply` only types the commands and events it answers with). */
export type ModuleParts<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase> = Pick<GameModule<S, C, E, ViewBase, Setup>, "id" | "create" | "apply" | "machine">;

/**
 * Each module's machine with the default options (seeded draws, none recorded), built once: building a
 * statechart costs more than playing a whole game through it. A machine holds no game's data (that is
 * in each actor's context), so every actor of the module shares it.
 */
const defaultMachines = new WeakMap<object, AnyStateMachine>();

/** The machine of `module` for `options`: the module's shared default machine, or one built for a forced or recorded source. */
export function machineOf(module: { machine(options?: MachineOptions): AnyStateMachine }, options: MachineOptions | undefined): AnyStateMachine {
  if (options?.random !== undefined || options?.recordDraws) return module.machine(options);
  let machine = defaultMachines.get(module);
  if (!machine) {
    machine = module.machine();
    defaultMachines.set(module, machine);
  }
  return machine;
}

function wrap<S, C, E, Setup extends SetupBase>(game: string, actor: AnyActorRef, setup: Setup, entries: LogEntry<C>[]): GameActor<S, C, E, Setup> {
  // A rule that throws stops the actor (XState reports it to the error observer; without one it would
  // be thrown later from a timer, out of every caller's reach): `send` throws it to its caller instead.
  const failure: { error?: unknown; happened: boolean } = { happened: false };
  actor.subscribe({
    error: (error: unknown) => {
      if (failure.happened) return;
      failure.happened = true;
      failure.error = error;
    },
  });
  actor.start();
  const context = (): MachineContext<S, C, E> => (actor.getSnapshot() as { context: MachineContext<S, C, E> }).context;
  return {
    send(command) {
      if (failure.happened) throw failure.error;
      const before = context().game;
      actor.send(command as never);
      if (failure.happened) throw failure.error;
      const after = context();
      if (after.game === before) {
        const error: Refusal = after.rejection ?? { code: "INVALID_COMMAND", message: "command refused" };
        return { ok: false, error };
      }
      entries.push(after.entry!);
      return { ok: true, state: after.game, events: after.events };
    },
    get state() {
      return context().game;
    },
    get value() {
      return String((actor.getSnapshot() as { value: unknown }).value);
    },
    log() {
      return { game, setup, entries: entries.slice() };
    },
    persist() {
      return { snapshot: actor.getPersistedSnapshot(), log: { game, setup, entries: entries.slice() } };
    },
    stop() {
      actor.stop();
    },
  };
}

/**
 * Starts a game actor of `module` for a new table. Validates the setup first (the module's `create`):
 * returns the refusal (INVALID_SETUP naming the field) instead of an actor. `options` says where draws
 * come from and whether the log records them (forced games).
 */
export function createGameActor<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  module: ModuleParts<S, C, E, Setup>,
  setup: Setup,
  options?: MachineOptions,
): { ok: true; actor: GameActor<S, C, E, Setup> } | { ok: false; error: Refusal } {
  const checked = module.create(setup);
  if (!checked.ok) return checked;
  return { ok: true, actor: wrap<S, C, E, Setup>(module.id, createActor(machineOf(module, options), { input: { setup } }), setup, []) };
}

/** Restores a game actor of `module` from what `persist()` returned, in the state it was in. */
export function restoreGameActor<S extends StateBase, C extends CommandBase, E extends EventBase, Setup extends SetupBase>(
  module: ModuleParts<S, C, E, Setup>,
  persisted: PersistedGame<Setup, C>,
  options?: MachineOptions,
): GameActor<S, C, E, Setup> {
  const actor = createActor(machineOf(module, options), { snapshot: persisted.snapshot as never, input: undefined as never });
  return wrap<S, C, E, Setup>(module.id, actor, persisted.log.setup, persisted.log.entries.slice());
}
