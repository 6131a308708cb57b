import { createCompiledGameActor, replaySteps, type AnyGameModule, type Bot, type CommandBase, type EventBase, type GameActor, type GameResult, type SetupBase, type StateBase, type Viewer } from "@bang/game-core";
import type { GameCommand, PresenceMessage, ServerMessage, WireServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { GameStore, StoredEntry, StoredRefusal } from "../persistence/store.js";
import { botSeed } from "./bot-seed.js";
import { SetupRefused } from "./deal-errors.js";
import { TokenBucket } from "../limits/token-bucket.js";
import { fingerprintOf, refusalAnswer, repeatAnswer, type KnownAnswer } from "./answers.js";
import { EventFrames, frameOf } from "./frames.js";
import { LastViews } from "./view-changes.js";
import type { Answer, GameHandle, Origin, RoomMetrics, RoomSeat, Subscriber } from "./types.js";

/** Timings of a room, in ms. */
export interface RoomTimings {
  /** Time a present player has to act before the bot (or the game's timeout choice) plays for them. */
  turnMs: number;
  /** Delay before a bot seat (or the bot of an away player) plays. */
  botDelayMs: number;
  /** Time a disconnected player's seat waits before the bot takes over. */
  disconnectGraceMs: number;
  /** Each person's budget of refused commands per game (default REFUSAL_BURST at once, REFUSALS_PER_SECOND). */
  refusalBudget?: { burst: number; perSecond: number } | undefined;
}

/** Start of the ids of the server's own commands (bots, timers): no client id can start so (protocol commandId). */
const SERVER_ID_PREFIX = "~";
/** Waits before each new try to record a result, in ms. */
const RESULT_RETRIES = [500, 2_000, 8_000];
/**
 * How many refused command ids a room remembers, and loads back from the store when it is rebuilt
 * (accepted ones are all remembered: they are the log).
 */
export const REFUSED_MEMORY = 1024;
/**
 * Refusals of the rules one player may run up in one game: 20 at once, then one a second. Each is a
 * stored row (DESIGN 5), so a player who keeps sending refused commands, from any number of sockets,
 * is answered RATE_LIMITED past it (nothing stored); a legal command always passes.
 */
export const REFUSAL_BURST = 20;
export const REFUSALS_PER_SECOND = 1;
/** What the players of a game whose module failed are told (INTERNAL carries no detail: the log has it). */
const FAULT_MESSAGE = "this game's rules failed: the game is stopped until an admin ends it";
const FAULTED: ServerMessage = { type: "error", code: "INTERNAL", message: FAULT_MESSAGE };
/** Refusals a bot's command may meet that are no bug: the game moved on meanwhile, or is moving. */
const BOT_RACES = ["NOT_YOUR_TURN", "WRONG_PHASE", "COMMAND_ID_REUSED", "RETRY", "SHUTTING_DOWN"];

/** What `GameRoom.presence()` returns: who the bot plays for, who is connected, each running timer. */
export interface RoomPresence {
  /** Persons the bot plays for now (`replaced` ones included). */
  away: string[];
  /** Persons an admin gave to the bot for the rest of the game. */
  replaced: string[];
  connected: string[];
  /** Each awaited person's time left, ms (the table's turn time when the game started waiting for them). */
  timers: { playerId: string; remainingMs: number }[];
  /** The table's turn time, ms: the full length of each timer. */
  turnMs: number;
}

type Actor = GameActor<StateBase, CommandBase, EventBase, SetupBase>;

/** An accepted entry with its events and the state after it: what each viewer's event message needs. */
export interface AppliedEntry {
  seq: number;
  by: string;
  /** The command as the rules took it, with its `by`. */
  command: CommandBase;
  events: EventBase[];
  state: StateBase;
}

/**
 * The event message of one accepted entry as `viewer` may see it, whichever node computes it: the
 * module's `viewEvent` hides what the rules keep secret (a pick before its reveal), `view` the rest.
 */
export function eventMessage(module: AnyGameModule, gameId: string, entry: AppliedEntry, viewer: Viewer): ServerMessage {
  const shown = module.viewEvent({ command: entry.command, events: entry.events, state: entry.state }, viewer);
  return { type: "event", gameId, game: module.id, seq: entry.seq, by: entry.by, command: shown.command, events: shown.events, view: module.view(entry.state, viewer) } as ServerMessage;
}

/** The snapshot message of a game's state as `viewer` may see it. */
export function snapshotMessage(module: AnyGameModule, gameId: string, seq: number, state: StateBase, viewer: Viewer): ServerMessage {
  return { type: "snapshot", gameId, game: module.id, seq, view: module.view(state, viewer) } as ServerMessage;
}

/**
 * What `viewer` missed of a game after `lastSeq`: every event since, one by one, recomputed from the
 * game's commands with the module's pure rules (deterministic, DESIGN invariant 1), so nobody keeps a
 * history in memory. `commands` are the accepted commands in order (with `by`). Null when they do not
 * replay (the caller sends a snapshot instead).
 */
export function missedEvents(module: AnyGameModule, gameId: string, setup: SetupBase, commands: readonly CommandBase[], lastSeq: number, viewer: Viewer): ServerMessage[] | null {
  let steps;
  try {
    steps = replaySteps(module, { game: module.id, setup, entries: commands.map((command) => ({ command })) });
  } catch {
    return null;
  }
  const out: ServerMessage[] = [];
  for (let seq = lastSeq + 1; seq < steps.length; seq++) {
    const step = steps[seq]!;
    const command = commands[seq - 1]!;
    out.push(eventMessage(module, gameId, { seq, by: command.by, command, events: step.events, state: step.state }, viewer));
  }
  return out;
}

/**
 * One running game on this node (a Colyseus room): the statechart actor of its game module, seats,
 * subscribers, timers and the command queue that applies commands one at a time, in order. A command is
 * applied to the actor, stored, and only then acknowledged and broadcast (DESIGN invariants 3 and 5).
 * If the store fails, the actor is rebuilt from the stored log, so memory never runs ahead of what is
 * durable. The room knows no game's rules: who must act (`toAct`), what a timed-out player plays
 * (`onTimeout`), the views and the result all come from the module.
 */
export class GameRoom implements GameHandle {
  private actor: Actor;
  private queue: Promise<unknown> = Promise.resolve();
  private seqNo: number;
  /** (player, clientCommandId) -> the answer and what tells a repeat from another command (exactly once). */
  private readonly answers = new Map<string, KnownAnswer>();
  private readonly refusedOrder: string[] = [];
  /**
   * Has this room let go of a stored refusal (more than REFUSED_MEMORY refused, or loaded back with the
   * cap full)? Then a command id it does not know is looked up in the store before the rules see it:
   * another player's refusals must not make this player's refused id forget its answer (DESIGN 5).
   */
  private refusalsForgotten = false;
  /** Each person's budget of refused commands in this game (REFUSAL_BURST, REFUSALS_PER_SECOND). */
  private readonly refusalBudgets = new Map<string, TokenBucket>();
  private readonly subscribers = new Set<Subscriber>();
  private readonly connections = new Map<string, number>();
  /** Players the bot plays for until they come back (timed out, or disconnected past the grace). */
  private readonly away = new Set<string>();
  /** Of those, the ones whose timer ran out: only a command or takeSeatBack brings them back. */
  private readonly timedOutAway = new Set<string>();
  private readonly bots = new Map<string, Bot<unknown, CommandBase>>();
  /** Players an admin replaced by the bot for the rest of the game (their commands are refused). */
  private readonly replaced = new Set<string>();
  /**
   * Each awaited person's deadline (performance.now() ms): set when the game starts waiting for them,
   * kept while it still waits for them and they have not acted (the players of a simultaneous choice
   * share the deadline set when it opened), dropped when they act or are no longer awaited.
   */
  private readonly deadlines = new Map<string, number>();
  private turnTimer: NodeJS.Timeout | null = null;
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private disposed = false;
  private stopping = false;
  private finishing: Promise<void> | null = null;
  /** The last presence announced (announcePresence), to send only changes. */
  private presenceKey = "";
  /** The module's result of the last state it was asked for (see `result`). */
  private resultOf: { state: StateBase; result: GameResult | null } | null = null;
  /** What the game's module threw (a bug of the game, not of a player): the game is stopped since. */
  private faultedWith: string | null = null;
  /** Each viewer's last view shown, that its next event's view changes are made from (hello feature `viewChanges`). */
  private readonly lastViews = new LastViews();

  private constructor(
    readonly id: string,
    readonly module: AnyGameModule,
    readonly setup: SetupBase,
    readonly seats: readonly RoomSeat[],
    readonly tableCode: string | null,
    actor: Actor,
    entries: readonly StoredEntry[],
    refusals: readonly StoredRefusal[],
    private readonly store: GameStore,
    private readonly timings: RoomTimings,
    private readonly metrics: RoomMetrics,
    private readonly log: FastifyBaseLogger,
    private readonly onFinished?: (room: GameRoom) => void,
    private readonly onStored?: (entry: AppliedEntry & { clientCommandId: string }) => void,
    private readonly onPresence?: (presence: PresenceMessage) => void,
  ) {
    this.actor = actor;
    this.seqNo = entries.length;
    for (const e of entries) this.answers.set(answerKey(e.playerId, e.clientCommandId), { command: e.command, answer: { ok: true, seq: e.seq } });
    for (const r of refusals) this.remember(answerKey(r.playerId, r.clientCommandId), r.fingerprint, refusalAnswer(r));
    if (refusals.length >= REFUSED_MEMORY) this.refusalsForgotten = true;
    seats.forEach((s, i) => {
      if (s.bot) this.bots.set(s.playerId, module.bots[s.bot](botSeed(setup, id, { seat: i })));
    });
  }

  /**
   * Builds a room of `module` from a setup and the stored entries (none for a new game), replaying them
   * through the statechart. Throws when the setup or an entry does not replay (a corrupt log).
   */
  static open(args: {
    id: string;
    module: AnyGameModule;
    setup: SetupBase;
    seats: RoomSeat[];
    tableCode: string | null;
    entries: StoredEntry[];
    /** The game's stored refusals (the latest REFUSED_MEMORY): a repeat of one gets it again. */
    refusals?: readonly StoredRefusal[];
    store: GameStore;
    timings: RoomTimings;
    metrics: RoomMetrics;
    log: FastifyBaseLogger;
    /** Called once the result of the finished game is recorded (or given up). */
    onFinished?: (room: GameRoom) => void;
    /** Called with every stored entry, before its answer (a cluster node fans it out). */
    onStored?: (entry: AppliedEntry & { clientCommandId: string }) => void;
    /** Called when the presence changes (a cluster node fans it out to the game's other nodes). */
    onPresence?: (presence: PresenceMessage) => void;
  }): GameRoom {
    const actor = rebuild(args.module, args.setup, args.entries.map((e) => e.command));
    return new GameRoom(args.id, args.module, args.setup, args.seats, args.tableCode, actor, args.entries, args.refusals ?? [], args.store, args.timings, args.metrics, args.log, args.onFinished, args.onStored, args.onPresence);
  }

  /** The current state (server side only: never send it, send views). */
  get state(): StateBase {
    return this.actor.state;
  }

  /** The game's phase: the statechart's state now. */
  get phase(): string {
    return this.actor.value;
  }

  /** The last stored sequence number. */
  get seq(): number {
    return this.seqNo;
  }

  /** How the game ended, or null while it runs (and after its module failed). */
  get result(): GameResult | null {
    if (this.faultedWith !== null) return null;
    // The module's `result` is a pure function of the state: asked once per state, however often read.
    const state = this.actor.state;
    if (this.resultOf?.state === state) return this.resultOf.result;
    const result = this.guard("reading the result", () => this.module.result(state)) ?? null;
    if (this.faultedWith === null) this.resultOf = { state, result };
    return result;
  }

  /** Why the game is stopped: its module threw (see `fault`), or null. */
  get fault(): string | null {
    return this.faultedWith;
  }

  get over(): boolean {
    return this.result !== null;
  }

  /**
   * The seats beyond the game's view, as of now: the persons the bot plays for (`away`: timed out,
   * disconnected past the grace, or given to the bot by an admin), those with a socket open on this
   * node, and each awaited person's time left before their timer runs out (ms, >= 0). Bot seats are
   * in none of the lists.
   */
  presence(): RoomPresence {
    return this.presenceAt(performance.now());
  }

  /** `presence()` as of `now` (performance.now() ms). */
  private presenceAt(now: number): RoomPresence {
    const people = this.seats.filter((s) => !s.bot).map((s) => s.playerId);
    return {
      away: people.filter((id) => this.away.has(id) || this.replaced.has(id)),
      replaced: people.filter((id) => this.replaced.has(id)),
      connected: people.filter((id) => (this.connections.get(id) ?? 0) > 0),
      timers: [...this.deadlines].map(([playerId, at]) => ({ playerId, remainingMs: Math.max(0, Math.round(at - now)) })),
      turnMs: this.timings.turnMs,
    };
  }

  /** `presence()` as the protocol's `presence` message, or null once the game is over (nothing to show then). */
  presenceNow(): PresenceMessage | null {
    return this.over ? null : this.presenceMessage();
  }

  /** `presence()` as the protocol's `presence` message (what every follower of the game is sent). */
  private presenceMessage(now = performance.now()): PresenceMessage {
    return { type: "presence", gameId: this.id, ...this.presenceAt(now) };
  }

  /**
   * What tells one presence from another, as of `now`: per person seated (in seat order) whether the
   * bot plays for them, whether an admin gave the seat to the bot and whether they are connected, then
   * each timer's end to the 100 ms. Built from the sets directly: the message is made only when this
   * changes (every command asks).
   */
  private presenceKeyAt(now: number): string {
    let key = "";
    for (const seat of this.seats) {
      if (seat.bot) continue;
      const id = seat.playerId;
      const replaced = this.replaced.has(id);
      key += `${this.away.has(id) || replaced ? 1 : 0}${replaced ? 1 : 0}${(this.connections.get(id) ?? 0) > 0 ? 1 : 0}${id}\u0000`;
    }
    for (const [id, at] of this.deadlines) key += `${id}\u0001${Math.round((now + Math.max(0, Math.round(at - now))) / 100)}\u0000`;
    return key;
  }

  /**
   * The person `playerId` ends the bot's control of their seat at once (after a timeout or a lost
   * connection): their timer starts again. Refused NOT_SEATED for no person seated here or a seat an
   * admin gave to the bot.
   */
  takeSeatBack(playerId: string): { ok: true } | { ok: false; code: "NOT_SEATED"; message: string } {
    if (!this.hasPlayer(playerId)) return { ok: false, code: "NOT_SEATED", message: "you have no seat in this game" };
    if (this.replaced.has(playerId)) return { ok: false, code: "NOT_SEATED", message: "an admin gave your seat to the bot for the rest of the game" };
    this.comeBack(playerId);
    return { ok: true };
  }

  /** Is `playerId` seated here (a person, not a bot)? */
  hasPlayer(playerId: string): boolean {
    return this.seats.some((s) => s.playerId === playerId && !s.bot);
  }

  /** Starts the timers (after creation or a restore); a game restored already over records its result. */
  start(): void {
    if (this.over) {
      this.finish();
      return;
    }
    for (const s of this.seats) if (!s.bot && !this.connections.get(s.playerId)) this.markDisconnected(s.playerId);
    this.schedule();
  }

  /** The view of `viewer` now, as a snapshot message (an INTERNAL error when the module cannot show it). */
  snapshot(viewer: Viewer): ServerMessage {
    return this.guard("showing the game", () => snapshotMessage(this.module, this.id, this.seqNo, this.actor.state, viewer)) ?? FAULTED;
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  /**
   * What `viewer` missed after `lastSeq`: every event since (missedEvents), or a snapshot when the log
   * does not replay or when both are at seq 0 (a client with no view yet). Returns null for a
   * `lastSeq` ahead of the game (BAD_SEQ).
   */
  missedSince(viewer: Viewer, lastSeq: number): ServerMessage[] | null {
    if (lastSeq > this.seqNo) return null;
    // Nothing missed; but a client at seq 0 of a game still at seq 0 (a reload before the first move)
    // has no view yet: it gets one.
    if (lastSeq === this.seqNo) return lastSeq === 0 ? [this.snapshot(viewer)] : [];
    const commands = this.acceptedCommands();
    return this.guard("showing the game's moves", () => missedEvents(this.module, this.id, this.setup, commands, lastSeq, viewer)) ?? [this.snapshot(viewer)];
  }

  /** A socket of `playerId` opened or closed; the bot covers a seat left without socket (DESIGN 7). */
  connectionChanged(playerId: string, delta: 1 | -1): void {
    if (!this.hasPlayer(playerId)) return;
    const n = Math.max(0, (this.connections.get(playerId) ?? 0) + delta);
    this.connections.set(playerId, n);
    if (n > 0) {
      clearTimeout(this.graceTimers.get(playerId));
      this.graceTimers.delete(playerId);
      this.comeBack(playerId, "socket");
    } else this.markDisconnected(playerId);
    this.announcePresence();
  }

  /**
   * Queues a command of `by` with its client command id. Resolves with the answer once the command is
   * stored (or refused). A repeated id gets the first answer again and applies nothing (DESIGN 5).
   */
  submit(by: string, commandId: string, command: GameCommand, origin: Origin = "player"): Promise<Answer> {
    if (this.stopping) return Promise.resolve({ ok: false, code: "SHUTTING_DOWN", message: "this node is shutting down: reconnect and send the command again" });
    const received = performance.now();
    const run = this.queue.then(() => this.apply(by, commandId, command, origin, received));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops taking commands (they are answered SHUTTING_DOWN, which the SDK resends elsewhere) and
   * timers; the commands already queued still run. Resolves once they are handled.
   */
  stop(): Promise<void> {
    this.stopping = true;
    this.clearTurnTimer();
    return this.idle();
  }

  /** Resolves when every queued command has been handled. */
  idle(): Promise<void> {
    return this.queue.then(() => this.finishing ?? undefined);
  }

  /** Has an admin replaced `playerId` by the bot? */
  isReplaced(playerId: string): boolean {
    return this.replaced.has(playerId);
  }

  /**
   * Admin action: the bot plays `playerId`'s seat for the rest of the game, and the player's own
   * commands are refused (NOT_SEATED). False when `playerId` is no person seated here or the game is over.
   */
  replaceByBot(playerId: string): boolean {
    if (this.over || !this.hasPlayer(playerId)) return false;
    this.replaced.add(playerId);
    this.schedule();
    return true;
  }

  /**
   * Admin action: ends the game without a winner. Stops taking commands, lets the queued ones finish,
   * tells every subscriber (error GAME_ENDED) and disposes the room; the caller records it abandoned.
   */
  async end(reason: string): Promise<void> {
    await this.stop();
    const ended = frameOf({ type: "error", code: "GAME_ENDED", message: reason });
    for (const sub of this.subscribers) this.deliver(sub, ended.message, ended.text);
    this.dispose();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTurnTimer();
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
    this.subscribers.clear();
    this.lastViews.clear();
    this.actor.stop();
  }

  private async apply(by: string, commandId: string, gameCommand: GameCommand, origin: Origin, received: number): Promise<Answer> {
    const command: CommandBase = { ...gameCommand, by };
    const key = answerKey(by, commandId);
    const prior = this.answers.get(key);
    if (prior) return repeatAnswer(prior, command, commandId);
    if (origin === "player" && this.refusalsForgotten) {
      // A refusal this room let go of is still stored: it holds (the same answer, or COMMAND_ID_REUSED).
      let stored: StoredRefusal | null;
      try {
        stored = await this.store.findRefusal(this.id, by, commandId);
      } catch (error) {
        this.log.warn({ err: error, gameId: this.id }, "a stored refusal could not be read; answering RETRY");
        return { ok: false, code: "RETRY", message: "the answer could not be read; send the command again" };
      }
      if (stored) {
        const known = { fingerprint: stored.fingerprint, answer: refusalAnswer(stored) };
        this.remember(key, known.fingerprint, known.answer);
        return repeatAnswer(known, command, commandId);
      }
    }
    if (this.disposed) return { ok: false, code: "RETRY", message: "the game is moving; try again" };
    if (this.faultedWith !== null) return { ok: false, code: "INTERNAL", message: FAULT_MESSAGE };
    if (origin === "player" && this.replaced.has(by)) return { ok: false, code: "NOT_SEATED", message: "an admin gave your seat to the bot" };
    // A bot's move chosen for a person who took their seat back meanwhile is not played (takeSeatBack: at once).
    if (origin === "bot" && !this.botPlays(by)) return { ok: false, code: "NOT_YOUR_TURN", message: "the player took their seat back" };
    // The owner checks the seat itself: a node forwarding this may hold a copy of the game from before
    // an admin gave the seat to the bot (stored, and so a bot seat for an owner that took over since).
    if (origin === "player" && !this.hasPlayer(by)) return { ok: false, code: "NOT_SEATED", message: "you have no seat in this game (or an admin gave it to the bot)" };
    // The edge refuses these already (parseGameCommand); a command forwarded by another node is checked again.
    if (origin === "player" && (this.module.serverCommands.includes(gameCommand.type) || commandId.startsWith(SERVER_ID_PREFIX))) {
      return { ok: false, code: "INVALID_MESSAGE", message: "that command and id are the server's own" };
    }
    if (origin === "player") this.comeBack(by);

    let result;
    try {
      result = this.actor.send(command);
    } catch (error) {
      // The rules threw: the actor is dead; rebuild it from the log (nothing was stored) and stop the game.
      this.actor = rebuild(this.module, this.setup, this.acceptedCommands());
      this.stopOnFault(error, `applying ${command.type} of ${by}`);
      return { ok: false, code: "INTERNAL", message: FAULT_MESSAGE };
    }
    if (!result.ok) {
      this.metrics.commandRefused();
      const answer = { ok: false as const, code: result.error.code, message: result.error.message };
      // A refusal keeps a fingerprint (stored with it): its command is kept nowhere else.
      const fingerprint = fingerprintOf(command);
      // A person's refusal is stored before it is answered: the same id sent again after a failover or a
      // restart gets it again instead of being applied (DESIGN 5). A bot's is the server's own affair,
      // and a game that is over refuses everything, stored or not.
      if (origin === "player" && this.result === null) {
        const limit = this.timings.refusalBudget ?? { burst: REFUSAL_BURST, perSecond: REFUSALS_PER_SECOND };
        const budget = this.refusalBudgets.get(by) ?? new TokenBucket(limit.burst, limit.perSecond);
        this.refusalBudgets.set(by, budget);
        if (!budget.take()) {
          return { ok: false, code: "RATE_LIMITED", message: "too many refused commands in this game: slow down", retryAfterMs: budget.waitMs() };
        }
        try {
          await this.store.refuse(this.id, { playerId: by, clientCommandId: commandId, fingerprint, code: answer.code, message: answer.message, atSeq: this.seqNo });
        } catch (error) {
          this.log.warn({ err: error, gameId: this.id }, "a refusal could not be stored; answering RETRY");
          return { ok: false, code: "RETRY", message: "the answer could not be stored; send the command again" };
        }
      }
      this.remember(key, fingerprint, answer);
      return answer;
    }
    const seq = this.seqNo + 1;
    const entry: StoredEntry = { seq, playerId: by, clientCommandId: commandId, command, draws: null };
    try {
      await this.store.append(this.id, entry);
    } catch (error) {
      // Not durable: forget it, so that memory matches the store (DESIGN 3).
      this.log.error({ err: error, gameId: this.id, seq }, "log append failed; rebuilding the game from its stored log");
      this.actor.stop();
      this.actor = rebuild(this.module, this.setup, this.acceptedCommands().slice(0, -1));
      return { ok: false, code: "RETRY", message: "the move could not be stored; try again" };
    }
    this.seqNo = seq;
    const answer: Answer = { ok: true, seq };
    // The command itself tells a repeat from another command (the actor's log holds it already).
    this.answers.set(key, { command, answer });
    this.deadlines.delete(by);
    const item: AppliedEntry = { seq, by, command, events: result.events, state: result.state };
    this.metrics.commandAccepted((performance.now() - received) / 1000);
    // Each distinct view is made and serialised once, however many sockets show it.
    const frames = new EventFrames(this.module, this.id, item, this.lastViews);
    for (const sub of this.subscribers) {
      // As `guard`, written out: no closure per follower of every move.
      if (this.faultedWith !== null) break;
      let frame;
      try {
        frame = frames.frameFor(sub);
      } catch (error) {
        this.stopOnFault(error, "showing a move");
        break;
      }
      this.deliver(sub, frame.message, frame.text, commandId);
    }
    try {
      this.onStored?.({ ...item, clientCommandId: commandId });
    } catch (error) {
      this.log.warn({ err: error, gameId: this.id, seq }, "the stored-entry listener failed");
    }
    if (this.result !== null) this.finish();
    else this.schedule();
    return answer;
  }

  /** The commands the actor accepted, in order (with `by`): its log, which is the stored log but for a failed append. */
  private acceptedCommands(): CommandBase[] {
    return this.actor.log().entries.map((e) => e.command);
  }

  private deliver(sub: Subscriber, message: WireServerMessage, text?: string, commandId?: string): void {
    try {
      sub.deliver(message, text, commandId);
    } catch (error) {
      this.log.warn({ err: error, gameId: this.id }, "delivery to a subscriber failed");
    }
  }

  /**
   * Runs a call into the game's module; when it throws (a bug of the game, not of a player), the game
   * is stopped (stopOnFault) and undefined is returned. A stopped game's calls return undefined at once.
   */
  private guard<T>(doing: string, call: () => T): T | undefined {
    if (this.faultedWith !== null) return undefined;
    try {
      return call();
    } catch (error) {
      this.stopOnFault(error, doing);
      return undefined;
    }
  }

  /**
   * The game's module threw: the node goes on, the game stops. Its timers stop, its commands are refused
   * INTERNAL, its subscribers are told once; an admin can end it (abandoned). The fault is logged with
   * the game, the module and what the room was doing.
   */
  private stopOnFault(error: unknown, doing: string): void {
    if (this.faultedWith !== null) return;
    this.faultedWith = doing;
    this.clearTurnTimer();
    this.log.error({ err: error, gameId: this.id, game: this.module.id, doing }, `the game's module failed while ${doing}: the game is stopped until an admin ends it`);
    const text = JSON.stringify(FAULTED);
    for (const sub of this.subscribers) this.deliver(sub, FAULTED, text);
  }

  private remember(key: string, fingerprint: string, answer: Answer): void {
    this.answers.set(key, { fingerprint, answer });
    this.refusedOrder.push(key);
    if (this.refusedOrder.length > REFUSED_MEMORY) {
      this.answers.delete(this.refusedOrder.shift()!);
      this.refusalsForgotten = true;
    }
  }

  /**
   * Records the result (its winner), retrying with a backoff (0.5 s, 2 s, 8 s); if the store still
   * refuses, the game stays "running" in the store and the next restore records it (its log replays to
   * the end). Then tells the host, which lets the room linger for late resumes before dropping it.
   */
  private finish(): void {
    this.clearTurnTimer();
    // No entry follows the last: no view changes will be made from these views.
    this.lastViews.clear();
    const winner = this.result!.winner;
    this.metrics.gameFinished();
    const record = async (): Promise<void> => {
      for (let attempt = 0; ; attempt++) {
        try {
          await this.store.finishGame(this.id, winner);
          return;
        } catch (error) {
          if (attempt >= RESULT_RETRIES.length || this.disposed) {
            this.log.error({ err: error, gameId: this.id }, "could not record the result; the next restore will");
            return;
          }
          await new Promise((r) => setTimeout(r, RESULT_RETRIES[attempt]).unref());
        }
      }
    };
    this.finishing = record().finally(() => this.onFinished?.(this));
  }

  /**
   * `playerId` is back: by a command or takeSeatBack (`player`), or by a socket opening (`socket`),
   * which ends only an away that a lost connection began: after their timer ran out, a person's
   * reloaded page or new tab does not take the seat back behind their back (takeSeatBack does).
   */
  private comeBack(playerId: string, how: "player" | "socket" = "player"): void {
    if (how === "socket" && this.timedOutAway.has(playerId)) return;
    this.timedOutAway.delete(playerId);
    if (this.replaced.has(playerId)) return;
    if (this.away.delete(playerId)) this.schedule();
  }

  private markDisconnected(playerId: string): void {
    clearTimeout(this.graceTimers.get(playerId));
    this.graceTimers.set(
      playerId,
      setTimeout(() => {
        this.graceTimers.delete(playerId);
        if (this.disposed || (this.connections.get(playerId) ?? 0) > 0) return;
        this.away.add(playerId);
        this.schedule();
      }, this.timings.disconnectGraceMs),
    );
  }

  /**
   * Tells every follower (and `onPresence`: a cluster's other nodes) when who is away, who is connected
   * or a timer changed. Deadlines compare to the 100 ms, so a re-armed timer with the same end is no news.
   */
  private announcePresence(): void {
    if (this.disposed) return;
    const now = performance.now();
    const key = this.presenceKeyAt(now);
    if (key === this.presenceKey) return;
    this.presenceKey = key;
    const presence = this.presenceMessage(now);
    // The same message for every follower: serialised once.
    const text = JSON.stringify(presence);
    for (const sub of this.subscribers) this.deliver(sub, presence, text);
    this.onPresence?.(presence);
  }

  private clearTurnTimer(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
  }

  /** Does the bot play for `playerId` now (a bot seat, an away player, a seat an admin gave the bot)? */
  private botPlays(playerId: string): boolean {
    return this.seats.find((s) => s.playerId === playerId)?.bot != null || this.away.has(playerId) || this.replaced.has(playerId);
  }

  /**
   * Arms the one timer for everyone the game waits for (`toAct`: one player, or several at once for a
   * simultaneous choice): the first of them the bot plays for acts after the bot's short delay; each
   * person has the table's turn time from when the game started waiting for them (their deadline), and
   * when it runs out the game's `onTimeout` command is played for them (a card drawn from the game's
   * seeded source, so it replays) or, when the game has none, the bot plays for them until they return.
   */
  private schedule(): void {
    this.arm();
    this.announcePresence();
  }

  /** schedule()'s work: arms the timer (see there). */
  private arm(): void {
    this.clearTurnTimer();
    if (this.faultedWith !== null || this.over) this.deadlines.clear();
    if (this.disposed || this.stopping || this.faultedWith !== null || this.over) return;
    const state = this.actor.state;
    const awaited = this.guard("finding who must act", () => this.module.toAct(state));
    if (!awaited) return;
    // A person no longer awaited, or whom the bot plays for now, has no timer running.
    for (const id of [...this.deadlines.keys()]) if (!awaited.includes(id) || this.botPlays(id)) this.deadlines.delete(id);
    const now = performance.now();
    const botSeat = awaited.find((id) => this.botPlays(id));
    const people = awaited.filter((id) => !this.botPlays(id));
    for (const id of people) if (!this.deadlines.has(id)) this.deadlines.set(id, now + this.timings.turnMs);
    const firstDeadline = Math.min(...people.map((id) => this.deadlines.get(id)!));
    const botAt = botSeat === undefined ? Infinity : now + this.timings.botDelayMs;
    const at = Math.min(botAt, firstDeadline);
    if (at === Infinity) return;
    const stateId = state.stateId;
    this.turnTimer = setTimeout(() => {
      this.turnTimer = null;
      if (this.disposed || this.actor.state.stateId !== stateId) return;
      if (botSeat !== undefined && botAt <= firstDeadline) {
        void this.playBot(botSeat, "bot");
        return;
      }
      const late = people.filter((id) => this.deadlines.get(id)! <= performance.now());
      // A timer may fire a fraction of a millisecond early: then wait out the rest.
      if (late.length === 0) return this.schedule();
      for (const id of late) this.timedOut(id);
    }, Math.max(0, Math.ceil(at - now)));
  }

  /** `playerId`'s deadline passed: the game's timeout command for them, or the bot until they return. */
  private timedOut(playerId: string): void {
    this.deadlines.delete(playerId);
    const command = this.guard("choosing a timed-out player's command", () => this.module.onTimeout(this.actor.state, playerId));
    if (command === undefined) return;
    if (command) {
      this.log.info({ gameId: this.id, playerId, command: command.type }, "turn timer ran out; the game plays its timeout command for the player");
      void this.submit(playerId, `${SERVER_ID_PREFIX}timeout:${this.id}:${this.seqNo}:${playerId}`, command as GameCommand, "timeout").then((answer) => {
        if (!answer.ok) this.schedule();
      });
      return;
    }
    this.log.info({ gameId: this.id, playerId }, "turn timer ran out; the bot plays for the player until they return");
    this.away.add(playerId);
    this.timedOutAway.add(playerId);
    this.announcePresence();
    void this.playBot(playerId, "timeout");
  }

  private async playBot(playerId: string, origin: Origin): Promise<void> {
    const chosen = this.guard("choosing the bot's move", () => {
      const bot = this.bots.get(playerId) ?? this.bots.set(playerId, this.module.bots.heuristic(botSeed(this.setup, this.id, { standIn: playerId }))).get(playerId)!;
      return bot.choose(this.module.view(this.actor.state, { kind: "player", id: playerId }), playerId);
    });
    if (!chosen) return;
    const { by: _by, ...command } = chosen;
    const answer = await this.submit(playerId, `${SERVER_ID_PREFIX}bot:${this.id}:${this.seqNo + 1}`, command as GameCommand, origin);
    if (!answer.ok && !BOT_RACES.includes(answer.code)) {
      this.log.error({ gameId: this.id, playerId, code: answer.code, message: answer.message }, "bot command refused");
    }
    if (!answer.ok) this.schedule();
  }
}

/**
 * Builds the actor of a game of `module` and replays `commands` into it (the log's commands in order,
 * each with its `by`). Throws on a corrupt log.
 */
function rebuild(module: AnyGameModule, setup: SetupBase, commands: readonly CommandBase[]): Actor {
  // The module's statechart compiled to a table (the XState actor's answers, without its interpreter per command).
  const created = createCompiledGameActor<StateBase, CommandBase, EventBase, SetupBase>(module, setup);
  if (!created.ok) throw new SetupRefused(created.error);
  commands.forEach((command, i) => {
    const result = created.actor.send(command);
    if (!result.ok) throw new Error(`stored entry ${i + 1} does not replay: ${result.error.code}`);
  });
  return created.actor;
}

/**
 * The key of a command's answer: command ids are the client's own, unique per player of a game (as the
 * log's unique index), so that one player cannot take the id another's client will use next.
 */
function answerKey(playerId: string, commandId: string): string {
  return `${playerId}\u0000${commandId}`;
}
