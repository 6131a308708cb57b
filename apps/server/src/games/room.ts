import { createHash } from "node:crypto";
import { createBot, type Bot } from "@bang/bots";
import {
  applyCommand,
  createGame,
  createGameActor,
  duelCommandView,
  duelPlayersToAct,
  playerToAct,
  playerView,
  type AnyCommand as Command,
  type AnyGameActor as GameActor,
  type AnyGameEvent as GameEvent,
  type AnyGameState as GameState,
  type GameSetup,
  type Viewer,
} from "@bang/engine";
import type { GameCommand, ServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { GameStore, StoredEntry } from "../persistence/store.js";
import { botSeed } from "./bot-seed.js";
import { canonicalJson } from "./canonical.js";
import type { Answer, Origin, RoomMetrics, RoomSeat, Subscriber } from "./types.js";

/** Timings of a room, in ms. */
export interface RoomTimings {
  /** Time a present player has to act before the bot plays for them. */
  turnMs: number;
  /** Delay before a bot seat (or the bot of an away player) plays. */
  botDelayMs: number;
  /** Time a disconnected player's seat waits before the bot takes over. */
  disconnectGraceMs: number;
}

/** Start of the ids of the server's own commands (bots, timers): no client id can start so (protocol commandId). */
const SERVER_ID_PREFIX = "~";
/** Waits before each new try to record a result, in ms. */
const RESULT_RETRIES = [500, 2_000, 8_000];
/** How many refused command ids a room remembers (accepted ones are all remembered: they are the log). */
const REFUSED_MEMORY = 1024;

/** An accepted entry with its events and the state after it: what each viewer's event message needs. */
export interface AppliedEntry {
  seq: number;
  by: string;
  command: GameCommand;
  events: GameEvent[];
  state: GameState;
}

/**
 * One running game on this node (a Colyseus room): its statechart actor, seats, subscribers, timers and
 * the command queue that applies commands one at a time, in order. A command is applied to the actor,
 * stored, and only then acknowledged and broadcast (DESIGN invariants 3 and 5). If the store fails,
 * the actor is rebuilt from the stored log, so memory never runs ahead of what is durable.
 */
export class GameRoom {
  private actor: GameActor;
  private queue: Promise<unknown> = Promise.resolve();
  private seqNo: number;
  /** (player, clientCommandId) -> fingerprint (a hash of the canonical command) and answer (exactly once). */
  private readonly answers = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly refusedOrder: string[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly connections = new Map<string, number>();
  /** Players the bot plays for until they come back (timed out, or disconnected past the grace). */
  private readonly away = new Set<string>();
  private readonly bots = new Map<string, Bot>();
  /** Players an admin replaced by the bot for the rest of the game (their commands are refused). */
  private readonly replaced = new Set<string>();
  private turnTimer: NodeJS.Timeout | null = null;
  /** The people's deadline for the current duel round's picks (R8.9), keyed by turn and round. */
  private pickDeadline: { key: string; at: number } | null = null;
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private disposed = false;
  private stopping = false;
  private finishing: Promise<void> | null = null;

  private constructor(
    readonly id: string,
    readonly setup: GameSetup,
    readonly seats: readonly RoomSeat[],
    readonly tableCode: string | null,
    actor: GameActor,
    entries: readonly StoredEntry[],
    private readonly store: GameStore,
    private readonly timings: RoomTimings,
    private readonly metrics: RoomMetrics,
    private readonly log: FastifyBaseLogger,
    private readonly onFinished?: (room: GameRoom) => void,
    private readonly onStored?: (entry: AppliedEntry & { clientCommandId: string }) => void,
  ) {
    this.actor = actor;
    this.seqNo = entries.length;
    for (const e of entries) this.answers.set(answerKey(e.playerId, e.clientCommandId), { fingerprint: fingerprintOf(e.command), answer: { ok: true, seq: e.seq } });
    seats.forEach((s, i) => {
      if (s.bot) this.bots.set(s.playerId, createBot(s.bot, botSeed(setup, id, { seat: i })));
    });
  }

  /**
   * Builds a room from a setup and the stored entries (none for a new game), replaying them through the
   * statechart. Throws when the setup or an entry does not replay (a corrupt log).
   */
  static open(args: {
    id: string;
    setup: GameSetup;
    seats: RoomSeat[];
    tableCode: string | null;
    entries: StoredEntry[];
    store: GameStore;
    timings: RoomTimings;
    metrics: RoomMetrics;
    log: FastifyBaseLogger;
    /** Called once the result of the finished game is recorded (or given up). */
    onFinished?: (room: GameRoom) => void;
    /** Called with every stored entry, before its answer (a cluster node fans it out). */
    onStored?: (entry: AppliedEntry & { clientCommandId: string }) => void;
  }): GameRoom {
    const actor = rebuild(args.setup, args.entries);
    return new GameRoom(args.id, args.setup, args.seats, args.tableCode, actor, args.entries, args.store, args.timings, args.metrics, args.log, args.onFinished, args.onStored);
  }

  /** The current state (server side only: never send it, send views). */
  get state(): GameState {
    return this.actor.state;
  }

  /** The last stored sequence number. */
  get seq(): number {
    return this.seqNo;
  }

  get over(): boolean {
    return this.actor.state.phase === "gameOver";
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

  /** The view of `viewer` now, as a snapshot message. */
  snapshot(viewer: Viewer): ServerMessage {
    return { type: "snapshot", gameId: this.id, seq: this.seqNo, view: playerView(this.actor.state, viewer) };
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  /**
   * What `viewer` missed after `lastSeq`: every event since, one by one, recomputed from the game's log
   * with the pure reducer (deterministic, DESIGN invariant 1), so a room keeps no history in memory.
   * Returns null for a `lastSeq` ahead of the game (BAD_SEQ).
   */
  missedSince(viewer: Viewer, lastSeq: number): ServerMessage[] | null {
    if (lastSeq > this.seqNo) return null;
    if (lastSeq === this.seqNo) return [];
    const created = createGame(this.setup);
    if (!created.ok) return [this.snapshot(viewer)];
    const out: ServerMessage[] = [];
    let state = created.state;
    for (const [i, entry] of this.actor.log().entries.entries()) {
      const result = applyCommand(state, entry.command);
      if (!result.ok) return [this.snapshot(viewer)];
      state = result.state;
      const seq = i + 1;
      if (seq <= lastSeq) continue;
      const { by, ...command } = entry.command;
      out.push(this.eventMessage({ seq, by, command: command as GameCommand, events: result.events, state }, viewer));
    }
    return out;
  }

  /** A socket of `playerId` opened or closed; the bot covers a seat left without socket (DESIGN 7). */
  connectionChanged(playerId: string, delta: 1 | -1): void {
    if (!this.hasPlayer(playerId)) return;
    const n = Math.max(0, (this.connections.get(playerId) ?? 0) + delta);
    this.connections.set(playerId, n);
    if (n > 0) {
      clearTimeout(this.graceTimers.get(playerId));
      this.graceTimers.delete(playerId);
      this.comeBack(playerId);
    } else this.markDisconnected(playerId);
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
    for (const sub of this.subscribers) this.deliver(sub, { type: "error", code: "GAME_ENDED", message: reason });
    this.dispose();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTurnTimer();
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
    this.subscribers.clear();
    this.actor.stop();
  }

  private async apply(by: string, commandId: string, gameCommand: GameCommand, origin: Origin, received: number): Promise<Answer> {
    const command = { ...gameCommand, by } as Command;
    const fingerprint = fingerprintOf(command);
    const key = answerKey(by, commandId);
    const prior = this.answers.get(key);
    if (prior) {
      if (prior.fingerprint !== fingerprint) return { ok: false, code: "COMMAND_ID_REUSED", message: `command id "${commandId}" was used for another command` };
      return prior.answer;
    }
    if (this.disposed) return { ok: false, code: "RETRY", message: "the game is moving; try again" };
    if (origin === "player" && this.replaced.has(by)) return { ok: false, code: "NOT_SEATED", message: "an admin gave your seat to the bot" };
    // The owner checks the seat itself: a node forwarding this may hold a copy of the game from before
    // an admin gave the seat to the bot (stored, and so a bot seat for an owner that took over since).
    if (origin === "player" && !this.hasPlayer(by)) return { ok: false, code: "NOT_SEATED", message: "you have no seat in this game (or an admin gave it to the bot)" };
    // The edge refuses these already (protocol); a command forwarded by another node is checked again.
    if (origin === "player" && (gameCommand.type === "pickTimeout" || commandId.startsWith(SERVER_ID_PREFIX))) return { ok: false, code: "INVALID_MESSAGE", message: "that command and id are the server's own" };
    if (origin === "player") this.comeBack(by);

    const result = this.actor.send(command);
    if (!result.ok) {
      this.metrics.commandRefused();
      const answer: Answer = { ok: false, code: result.error.code, message: result.error.message };
      this.remember(key, fingerprint, answer);
      return answer;
    }
    const seq = this.seqNo + 1;
    const entry: StoredEntry = { seq, playerId: by, clientCommandId: commandId, command, dice: null };
    try {
      await this.store.append(this.id, entry);
    } catch (error) {
      // Not durable: forget it, so that memory matches the store (DESIGN 3).
      this.log.error({ err: error, gameId: this.id, seq }, "log append failed; rebuilding the game from its stored log");
      this.actor.stop();
      this.actor = rebuild(this.setup, this.actor.log().entries.slice(0, -1).map((e, i) => ({ seq: i + 1, playerId: e.command.by, clientCommandId: "", command: e.command, dice: null })));
      return { ok: false, code: "RETRY", message: "the move could not be stored; try again" };
    }
    this.seqNo = seq;
    const answer: Answer = { ok: true, seq };
    this.answers.set(key, { fingerprint, answer });
    const item: AppliedEntry = { seq, by, command: gameCommand, events: result.events, state: result.state };
    this.metrics.commandAccepted((performance.now() - received) / 1000);
    for (const sub of this.subscribers) this.deliver(sub, this.eventMessage(item, sub.viewer));
    try {
      this.onStored?.({ ...item, clientCommandId: commandId });
    } catch (error) {
      this.log.warn({ err: error, gameId: this.id, seq }, "the stored-entry listener failed");
    }
    if (result.state.phase === "gameOver") this.finish();
    else this.schedule();
    return answer;
  }

  /** An accepted command as `viewer` may see it: a duel pick keeps its card secret until the reveal (R8.9). */
  private eventMessage(item: AppliedEntry, viewer: Viewer): ServerMessage {
    const command = item.state.mode === "duel" ? duelCommandView(item.state, item.command, item.by, viewer) : item.command;
    return { type: "event", gameId: this.id, seq: item.seq, by: item.by, command, events: item.events, view: playerView(item.state, viewer) } as ServerMessage;
  }

  private deliver(sub: Subscriber, message: ServerMessage): void {
    try {
      sub.deliver(message);
    } catch (error) {
      this.log.warn({ err: error, gameId: this.id }, "delivery to a subscriber failed");
    }
  }

  private remember(key: string, fingerprint: string, answer: Answer): void {
    this.answers.set(key, { fingerprint, answer });
    this.refusedOrder.push(key);
    if (this.refusedOrder.length > REFUSED_MEMORY) this.answers.delete(this.refusedOrder.shift()!);
  }

  /**
   * Records the result, retrying with a backoff (0.5 s, 2 s, 8 s); if the store still refuses, the
   * game stays "running" in the store and the next restore records it (its log replays to game over).
   * Then tells the host, which lets the room linger for late resumes before dropping it.
   */
  private finish(): void {
    this.clearTurnTimer();
    const winner = this.actor.state.winner!;
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

  private comeBack(playerId: string): void {
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

  private clearTurnTimer(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
  }

  /** Arms the timer for whoever the game waits for: a bot's short delay, or a person's turn timer. */
  private schedule(): void {
    this.clearTurnTimer();
    if (this.disposed || this.stopping || this.over) return;
    const state = this.actor.state;
    if (state.mode === "duel" && state.phase === "duel") {
      this.schedulePicks(state.turnNumber, state.duel!.round);
      return;
    }
    const waitingFor = playerToAct(this.actor.state);
    if (waitingFor === null) return;
    const seat = this.seats.find((s) => s.playerId === waitingFor);
    const botPlays = seat?.bot !== null || this.away.has(waitingFor) || this.replaced.has(waitingFor);
    const delay = botPlays ? this.timings.botDelayMs : this.timings.turnMs;
    const stateId = this.actor.state.stateId;
    this.turnTimer = setTimeout(() => {
      this.turnTimer = null;
      if (this.disposed || this.actor.state.stateId !== stateId) return;
      if (!botPlays) {
        this.log.info({ gameId: this.id, playerId: waitingFor }, "turn timer ran out; the bot plays for the player until they return");
        this.away.add(waitingFor);
      }
      void this.playBot(waitingFor, botPlays ? "bot" : "timeout");
    }, delay);
  }

  /**
   * The duel's secret choice (R8.9) waits for both players at once: a bot (or the bot of an away player)
   * picks after its short delay; the people share one deadline per duel round, the table's turn time,
   * after which the server sends `pickTimeout` for each of them (the engine draws their card from the
   * game's seeded source, so it replays).
   */
  private schedulePicks(turn: number, round: number): void {
    const key = `${turn}:${round}`;
    if (this.pickDeadline?.key !== key) this.pickDeadline = { key, at: performance.now() + this.timings.turnMs };
    const awaited = duelPlayersToAct(this.actor.state as Extract<GameState, { mode: "duel" }>);
    const botSeat = awaited.find((id) => this.seats.find((s) => s.playerId === id)?.bot != null || this.away.has(id));
    const stateId = this.actor.state.stateId;
    const delay = botSeat ? this.timings.botDelayMs : Math.max(0, this.pickDeadline.at - performance.now());
    this.turnTimer = setTimeout(() => {
      this.turnTimer = null;
      if (this.disposed || this.actor.state.stateId !== stateId) return;
      if (botSeat) {
        void this.playBot(botSeat, "bot");
        return;
      }
      for (const id of awaited) {
        this.log.info({ gameId: this.id, playerId: id }, "duel pick timer ran out; the server picks for the player from the game's seeded source");
        void this.submit(id, `${SERVER_ID_PREFIX}pickTimeout:${this.id}:${key}:${id}`, { type: "pickTimeout" }, "timeout");
      }
    }, delay);
  }

  private async playBot(playerId: string, origin: Origin): Promise<void> {
    const bot = this.bots.get(playerId) ?? this.bots.set(playerId, createBot("heuristic", botSeed(this.setup, this.id, { standIn: playerId }))).get(playerId)!;
    const view = playerView(this.actor.state, { kind: "player", id: playerId });
    const { by: _by, ...command } = bot.choose(view, playerId);
    const answer = await this.submit(playerId, `${SERVER_ID_PREFIX}bot:${this.id}:${this.seqNo + 1}`, command as GameCommand, origin);
    if (!answer.ok && !["NOT_YOUR_TURN", "WRONG_PHASE", "COMMAND_ID_REUSED", "RETRY", "SHUTTING_DOWN"].includes(answer.code)) {
      this.log.error({ gameId: this.id, playerId, code: answer.code, message: answer.message }, "bot command refused");
    }
    if (!answer.ok) this.schedule();
  }
}

/** Builds the actor of a game and replays its stored entries into it. Throws on a corrupt log. */
function rebuild(setup: GameSetup, entries: readonly StoredEntry[]): GameActor {
  const created = createGameActor(setup);
  if (!created.ok) throw new Error(`game setup refused: ${created.error.message}`);
  for (const e of entries) {
    const result = created.actor.send(e.command);
    if (!result.ok) throw new Error(`stored entry ${e.seq} does not replay: ${result.error.code}`);
  }
  return created.actor;
}

/** A short fingerprint of a command (sha1 of its canonical JSON): kept per command id, so it is small. */
export function fingerprintOf(command: Command): string {
  return createHash("sha1").update(canonicalJson(command)).digest("base64");
}

/**
 * The key of a command's answer: command ids are the client's own, unique per player of a game (as the
 * log's unique index), so that one player cannot take the id another's client will use next.
 */
function answerKey(playerId: string, commandId: string): string {
  return `${playerId}\u0000${commandId}`;
}
