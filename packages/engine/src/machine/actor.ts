import { createActor, type Snapshot } from "xstate";
import { createGame, type GameSetup } from "../setup.js";
import type { ApplyResult, Command, GameState, RuleError } from "../types.js";
import type { GameLog, LogEntry } from "../replay.js";
import { gameMachine, type GameMachine } from "./gameMachine.js";

/** What `persist()` returns: the statechart's persisted snapshot and the log so far (plain JSON). */
export interface PersistedGame {
  snapshot: Snapshot<unknown>;
  log: GameLog;
}

/**
 * A running game: an XState actor of the game statechart with a command API that answers each command
 * with its events or its refusal (the actor processes events synchronously), and the game's log.
 */
export interface GameActor {
  /** Sends a command; returns the new state and events, or the refusal (nothing changed). */
  send(command: Command): ApplyResult;
  /** The current state (treat as immutable). */
  readonly state: GameState;
  /** The current statechart state value: rolling, resolving, reaction, gameOver. */
  readonly value: string;
  /** The game's log so far (a copy). */
  log(): GameLog;
  /** A JSON-serialisable snapshot for `restoreGameActor`. */
  persist(): PersistedGame;
  stop(): void;
}

function wrap(actor: ReturnType<typeof createActor<GameMachine>>, setup: GameSetup, entries: LogEntry[]): GameActor {
  actor.start();
  return {
    send(command) {
      const before = actor.getSnapshot().context.game;
      actor.send(command);
      const { context } = actor.getSnapshot();
      if (context.game === before) {
        const error: RuleError = context.rejection ?? { code: "INVALID_COMMAND", message: "command refused" };
        return { ok: false, error };
      }
      entries.push(context.entry!);
      return { ok: true, state: context.game, events: context.events };
    },
    get state() {
      return actor.getSnapshot().context.game;
    },
    get value() {
      return String(actor.getSnapshot().value);
    },
    log() {
      return { setup, entries: entries.slice() };
    },
    persist() {
      return { snapshot: actor.getPersistedSnapshot(), log: { setup, entries: entries.slice() } };
    },
    stop() {
      actor.stop();
    },
  };
}

/**
 * Starts a game actor for a new table. Validates the setup first (R1.1, R1.3): returns the refusal
 * (INVALID_SETUP naming the field) instead of an actor when it is wrong.
 */
export function createGameActor(
  setup: GameSetup,
  machine: GameMachine = gameMachine,
): { ok: true; actor: GameActor } | { ok: false; error: RuleError } {
  const checked = createGame(setup);
  if (!checked.ok) return checked;
  return { ok: true, actor: wrap(createActor(machine, { input: { setup } }), setup, []) };
}

/** Restores a game actor from what `persist()` returned, in the state it was in. */
export function restoreGameActor(persisted: PersistedGame, machine: GameMachine = gameMachine): GameActor {
  const actor = createActor(machine, { snapshot: persisted.snapshot as never, input: undefined as never });
  return wrap(actor, persisted.log.setup, persisted.log.entries.slice());
}
