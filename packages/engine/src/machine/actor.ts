import { createActor, type AnyActorRef, type Snapshot } from "xstate";
import { createDuelMachine, duelMachine, type DuelMachine } from "../duel/machine.js";
import type { DuelApplyResult, DuelCommand, DuelEvent, DuelState } from "../duel/types.js";
import type { RandomSource } from "../random.js";
import { createGame, type ClassicSetup, type DuelSetup, type GameSetup } from "../setup.js";
import type { AnyApplyResult, AnyCommand, AnyGameEvent, AnyGameState, ApplyResult, Command, GameEvent, GameState, RuleError } from "../types.js";
import type { GameLog, LogEntry } from "../replay.js";
import { createGameMachine, gameMachine, type GameMachine } from "./gameMachine.js";

/** What `persist()` returns: the statechart's persisted snapshot and the log so far (plain JSON). */
export interface PersistedGame {
  snapshot: Snapshot<unknown>;
  log: GameLog;
}

/**
 * A running game: an XState actor of the game's statechart (classic or duel) with a command API that
 * answers each command with its events or its refusal (the actor processes events synchronously), and
 * the game's log. The type parameters are the mode's state, command and event types.
 */
export interface GameActor<S = GameState, C = Command, R = ApplyResult> {
  /** Sends a command; returns the new state and events, or the refusal (nothing changed). */
  send(command: C): R;
  /** The current state (treat as immutable). */
  readonly state: S;
  /** The current statechart state value: rolling, resolving, reaction, duel, duelEffect, gameOver. */
  readonly value: string;
  /** The game's log so far (a copy). */
  log(): GameLog;
  /** A JSON-serialisable snapshot for `restoreGameActor`. */
  persist(): PersistedGame;
  stop(): void;
}

/** A running duel game (RULES.md part D). */
export type DuelActor = GameActor<DuelState, DuelCommand, DuelApplyResult>;
/** A running game of either mode. */
export type AnyGameActor = GameActor<AnyGameState, AnyCommand, AnyApplyResult>;

/** The context both statecharts keep (GameContext, DuelContext). */
interface CommandContext {
  game: AnyGameState;
  entry: LogEntry | null;
  events: AnyGameEvent[];
  rejection: RuleError | null;
}

function wrap(actor: AnyActorRef, setup: GameSetup, entries: LogEntry[]): AnyGameActor {
  actor.start();
  const context = (): CommandContext => (actor.getSnapshot() as { context: CommandContext }).context;
  return {
    send(command) {
      const before = context().game;
      actor.send(command);
      const after = context();
      if (after.game === before) {
        const error: RuleError = after.rejection ?? { code: "INVALID_COMMAND", message: "command refused" };
        return { ok: false, error };
      }
      entries.push(after.entry!);
      return { ok: true, state: after.game, events: after.events } as AnyApplyResult;
    },
    get state() {
      return context().game;
    },
    get value() {
      return String((actor.getSnapshot() as { value: unknown }).value);
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

type Created<A> = { ok: true; actor: A } | { ok: false; error: RuleError };

/**
 * Starts a game actor for a new table, with the statechart of the setup's mode (the classic
 * `gameMachine`, or `duelMachine` for `mode: "duel"`) unless `machine` is given. Validates the setup
 * first (R1.1, R1.3, R8.1): returns the refusal (INVALID_SETUP naming the field) instead of an actor.
 */
export function createGameActor(setup: ClassicSetup, machine?: GameMachine): Created<GameActor>;
export function createGameActor(setup: DuelSetup, machine?: DuelMachine): Created<DuelActor>;
export function createGameActor(setup: GameSetup, machine: GameMachine): Created<GameActor>;
export function createGameActor(setup: GameSetup, machine: DuelMachine): Created<DuelActor>;
export function createGameActor(setup: GameSetup, machine?: GameMachine | DuelMachine): Created<AnyGameActor>;
export function createGameActor(setup: GameSetup, machine?: GameMachine | DuelMachine): Created<AnyGameActor> {
  const checked = createGame(setup);
  if (!checked.ok) return checked;
  const chosen = machine ?? (checked.state.mode === "duel" ? duelMachine : gameMachine);
  return { ok: true, actor: wrap(createActor(chosen as GameMachine, { input: { setup } }), setup, []) };
}

/** The statechart for a setup's mode, with dice from `random` (recorded in the log with `recordDice`). */
export function machineFor(setup: GameSetup, random?: RandomSource, recordDice = false): GameMachine | DuelMachine {
  return setup.mode === "duel" ? createDuelMachine(random, recordDice) : createGameMachine(random, recordDice);
}

/** Restores a game actor from what `persist()` returned, in the state it was in. */
export function restoreGameActor(persisted: PersistedGame, machine: GameMachine): GameActor;
export function restoreGameActor(persisted: PersistedGame, machine?: GameMachine | DuelMachine): AnyGameActor;
export function restoreGameActor(persisted: PersistedGame, machine?: GameMachine | DuelMachine): AnyGameActor {
  const chosen = machine ?? (persisted.log.setup.mode === "duel" ? duelMachine : gameMachine);
  const actor = createActor(chosen as GameMachine, { snapshot: persisted.snapshot as never, input: undefined as never });
  return wrap(actor, persisted.log.setup, persisted.log.entries.slice());
}

export type { DuelEvent, GameEvent };
