import { createActor, type Snapshot } from "xstate";
import { createGame, type GameSetup } from "../setup.js";
import type { ApplyResult, Command, GameState, RuleError } from "../types.js";
import type { GameLog } from "../replay.js";
import { gameMachine, type GameMachine } from "./gameMachine.js";

/**
 * A running game: an XState actor of the game statechart with a command API that answers each command
 * with its events or its refusal (the actor processes events synchronously).
 */
export interface GameActor {
  /** Sends a command; returns the new state and events, or the refusal (nothing changed). */
  send(command: Command): ApplyResult;
  /** The current state (treat as immutable). */
  readonly state: GameState;
  /** The current statechart state value: setup, rolling, resolving, reaction, gameOver. */
  readonly value: string;
  /** The game's log so far. */
  log(): GameLog;
  /** A JSON-serialisable snapshot for `restoreGameActor`. */
  persist(): Snapshot<unknown>;
  stop(): void;
}

function wrap(actor: ReturnType<typeof createActor<GameMachine>>): GameActor {
  actor.start();
  return {
    send(command) {
      const before = actor.getSnapshot().context.game.stateId;
      actor.send(command);
      const snap = actor.getSnapshot();
      if (snap.context.game.stateId === before) {
        const error: RuleError = snap.context.rejection ?? { code: "INVALID_COMMAND", message: "command refused" };
        return { ok: false, error };
      }
      return { ok: true, state: snap.context.game, events: snap.context.events };
    },
    get state() {
      return actor.getSnapshot().context.game;
    },
    get value() {
      return String(actor.getSnapshot().value);
    },
    log() {
      const { setup, log } = actor.getSnapshot().context;
      return { setup, entries: log };
    },
    persist() {
      return actor.getPersistedSnapshot();
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
  return { ok: true, actor: wrap(createActor(machine, { input: { setup } })) };
}

/** Restores a game actor from a snapshot taken with `persist()`, in the state it was in. */
export function restoreGameActor(snapshot: Snapshot<unknown>, machine: GameMachine = gameMachine): GameActor {
  return wrap(createActor(machine, { snapshot: snapshot as never, input: undefined as never }));
}
