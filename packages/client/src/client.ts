import { parseClientMessage, parseServerMessage, tableOptions, type ClientFeature, type ClientMessage, type GameCommand, type GameHistory, type PresenceMessage, type GameView as PlayerView, type QueueStatus, type TableView, type EventChangesMessage, type WireServerMessage } from "@bang/protocol";
import type { z } from "zod";
import { backoffDelay } from "./backoff.js";
import { Connection, type CloseDetail, type ConnectionDetail, type ConnectionStatus } from "./connection.js";
import { Emitter } from "./emitter.js";
import { ClientError } from "./errors.js";
import { GameTracker, type GameState } from "./games.js";
import { newCommandId } from "./ids.js";
import type { EventMessage, Player, ServerMessageOf, SnapshotMessage } from "./messages.js";
import { resolveOptions, type ClientOptions, type ResolvedOptions } from "./options.js";
import { Outbox, type CommandResult, type Pending, type PendingCommand, type RequestAnswer } from "./outbox.js";
import { sameJson } from "./same.js";
import { frameText, webSocketUrl } from "./socket.js";

/** Options of a table as a caller writes them: fields with a default may be left out. */
export type TableOptionsInput = z.input<typeof tableOptions>;

/** Listener signatures of {@link BangClient.on}. */
export type ClientEvents = {
  /** An accepted command of a followed game, in seq order, each exactly once. */
  event: (event: EventMessage) => void;
  /** A whole view (after start, spectate, or a resume too far behind). */
  snapshot: (snapshot: SnapshotMessage) => void;
  /** A table the player sits at changed (only real changes are reported). */
  table: (table: TableView) => void;
  /** The view of a game changed (after an event or a snapshot); `game` says which game (its module's id). */
  state: (gameId: string, view: PlayerView, seq: number, game: string) => void;
  connection: (status: ConnectionStatus, detail: ConnectionDetail) => void;
  /** Who the bot plays for, who is connected and each running timer of a followed game changed (PresenceMessage). */
  presence: (presence: PresenceMessage) => void;
  /** The player's matchmaking status changed (queued, matched, back in the queue, out, playing). */
  queue: (status: QueueStatus) => void;
  /** A table was found: confirm it with `confirmMatch(matchId)` before its deadline. */
  matchFound: (match: ServerMessageOf<"matchFound">) => void;
  /** Something went wrong that no promise reports: an invalid server frame, a server error without request, a listener that threw. */
  error: (error: ClientError) => void;
};

/** A `waitFor` still waiting: its promise's settlers, its timeout (ms) and timer, its `state` listener (which holds the condition). */
interface StateWaiter {
  resolve(state: GameState): void;
  reject(error: unknown): void;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  listener: ClientEvents["state"];
}

type Request = Extract<ClientMessage, { rid: string }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A request as a method builds it; the client adds the `rid`. */
type RequestBody = DistributiveOmit<Request, "rid">;

/**
 * The game server's client: one WebSocket, requests answered by `rid`, game commands sent exactly once,
 * and the games the player follows tracked in seq order. It reconnects by itself after an unexpected
 * close (backoff with jitter), then says hello again, resumes every followed game from its last seq and
 * sends again, with the same ids, the commands still unanswered.
 *
 * Nothing waits forever: requests, commands, `connect()` and `waitFor()` time out (TIMEOUT), a drop
 * fails the requests in flight (DISCONNECTED), and `close()` fails everything still waiting (CLOSED).
 */
export class BangClient {
  private readonly options: ResolvedOptions;
  private readonly connection: Connection;
  /** The last presence message of each game. */
  private readonly presences = new Map<string, { message: PresenceMessage; at: number }>();
  private readonly emitter = new Emitter<ClientEvents>((error, name) => this.listenerFailed(error, String(name)));
  private readonly tracker = new GameTracker();
  private readonly tables = new Map<string, TableView>();
  private readonly outbox = new Outbox();
  /** Games with a `resume` in flight. */
  private readonly resuming = new Set<string>();
  /** Games named in the last hello (the server resumes them itself). */
  private resumedInHello = new Set<string>();
  /** Callers of `connect()` waiting for the welcome. */
  private readonly connectWaiters = new Set<{ resolve(player: Player): void; reject(error: ClientError): void }>();
  /** The pending `waitFor` calls (failed by `close()`). */
  private readonly waiters = new Set<StateWaiter>();
  private ridCounter = 0;
  private queueState: QueueStatus = { state: "idle" };
  private me: Player | null = null;

  /** Checks the options (throws a TypeError or an INVALID_MESSAGE ClientError); does not connect yet. */
  constructor(options: ClientOptions) {
    this.options = resolveOptions(options);
    const hello = parseClientMessage(JSON.stringify({ type: "hello", token: options.token }));
    if (!hello.ok) throw new ClientError(hello.code, hello.message);
    this.connection = new Connection(webSocketUrl(options.url), this.options, {
      frame: (data) => this.receive(data),
      dropped: (detail) => this.dropped(detail),
      status: (status, detail) => this.emitter.emit("connection", status, detail),
      gaveUp: (error, detail) => this.fail(error, detail),
      ping: () => this.ping(),
      hello: () => this.helloFrame(),
    });
  }

  // ---- connection -------------------------------------------------------------------------------

  /**
   * Opens the connection (if not yet) and resolves with the player once the server said welcome. Rejects
   * with TIMEOUT after `requestTimeoutMs` (the client goes on trying: call `close()` to stop it), with
   * BAD_TOKEN if the server refuses the token, or CLOSED.
   */
  connect(): Promise<Player> {
    if (this.connection.closed) return Promise.reject(closedError());
    if (this.connection.ready && this.me) return Promise.resolve(this.me);
    this.connection.start();
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (player: Player) => {
          clearTimeout(timer);
          resolve(player);
        },
        reject: (error: ClientError) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.connectWaiters.delete(waiter);
        reject(new ClientError("TIMEOUT", `no welcome from ${this.connection.url} within ${this.options.requestTimeoutMs} ms`));
      }, this.options.requestTimeoutMs);
      this.connectWaiters.add(waiter);
    });
  }

  /**
   * Closes the connection for good: no reconnect, and everything still waiting (requests, commands,
   * `connect()`, `waitFor()`) rejects with CLOSED. Resolves once the socket is closed (at most 1 s).
   */
  close(): Promise<void> {
    return this.shutDown(closedError, {});
  }

  /** The player the server welcomed (null before the first welcome). */
  get player(): Player | null {
    return this.me;
  }

  /** The connection's state now. */
  get status(): ConnectionStatus {
    return this.connection.status;
  }

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof ClientEvents>(name: K, listener: ClientEvents[K]): () => void {
    return this.emitter.on(name, listener);
  }

  /** Removes a listener. */
  off<K extends keyof ClientEvents>(name: K, listener: ClientEvents[K]): void {
    this.emitter.off(name, listener);
  }

  // ---- tables -----------------------------------------------------------------------------------

  /** Creates a private table (the caller is its host and sits at it) and returns it. */
  async createTable(options: TableOptionsInput): Promise<TableView> {
    const parsed = tableOptions.safeParse(options);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ClientError("INVALID_MESSAGE", `options.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
    }
    return this.tableOf(await this.request({ type: "createTable", options: parsed.data }), null);
  }

  /** Sits at the table `code`. */
  async joinTable(code: string): Promise<TableView> {
    return this.tableOf(await this.request({ type: "joinTable", code }), code);
  }

  /** Leaves the table `code` (the client forgets it). */
  async leaveTable(code: string): Promise<void> {
    await this.request({ type: "leaveTable", code });
    this.tables.delete(code);
  }

  /** Says whether the player is ready to start at table `code`. */
  async setReady(code: string, ready: boolean): Promise<TableView> {
    return this.tableOf(await this.request({ type: "ready", code, ready }), code);
  }

  /** Fills the empty seats of table `code` with bots (host only). */
  async fillBots(code: string): Promise<TableView> {
    return this.tableOf(await this.request({ type: "fillBots", code }), code);
  }

  /** Starts the game of table `code` (host only); the game's snapshot follows as a `snapshot` event. */
  async startGame(code: string): Promise<TableView> {
    return this.tableOf(await this.request({ type: "startGame", code }), code);
  }

  /** The last known state of table `code`, if the player sits at it. */
  table(code: string): TableView | undefined {
    return this.tables.get(code);
  }

  // ---- matchmaking ------------------------------------------------------------------------------

  /**
   * Joins public queue `queueId` (GET /api/queues lists them) and resolves with the status (queued).
   * Rejects with QUEUE_NOT_FOUND, or ALREADY_QUEUED when the player is in a queue already. A match
   * found arrives as a `matchFound` event; its game, once everyone confirmed, as a `queue` status
   * `playing` followed by the game's snapshot.
   */
  async joinQueue(queueId: string): Promise<QueueStatus> {
    return this.queueOf(await this.request({ type: "queueJoin", queueId }));
  }

  /** Leaves the queue, or declines the match found. Rejects with NOT_QUEUED when in none. */
  async leaveQueue(): Promise<QueueStatus> {
    return this.queueOf(await this.request({ type: "queueLeave" }));
  }

  /** Asks the server where the player stands in matchmaking. */
  async queueStatus(): Promise<QueueStatus> {
    return this.queueOf(await this.request({ type: "queueStatus" }));
  }

  /** Confirms (default) or declines a found match. Rejects with MATCH_NOT_FOUND when it is over. */
  async confirmMatch(matchId: string, accept = true): Promise<QueueStatus> {
    return this.queueOf(await this.request({ type: "matchConfirm", matchId, accept }));
  }

  /**
   * The last matchmaking status the server sent. A reconnect makes it `idle` (reason `disconnected`):
   * the server takes a player whose socket closed out of the queue; join again.
   */
  get queue(): QueueStatus {
    return this.queueState;
  }

  /** The status of an `ok` answer (already applied, in frame order, by onAnswer). */
  private queueOf(answer: RequestAnswer): QueueStatus {
    if (answer.type !== "ok" || !answer.queue) throw new ClientError("BAD_RESPONSE", "the server's ok carried no queue status");
    return answer.queue;
  }

  private updateQueue(status: QueueStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.queueState)) return;
    this.queueState = status;
    this.emitter.emit("queue", status);
  }

  // ---- games ------------------------------------------------------------------------------------

  /** Watches game `gameId` as a spectator; resolves with its state once the snapshot is in. */
  async spectate(gameId: string): Promise<GameState> {
    await this.request({ type: "spectate", gameId });
    return this.tracker.get(gameId) ?? this.waitFor((_, id) => id === gameId);
  }

  /**
   * Follows game `gameId` from the last seq the client has (0 for a game it does not follow yet, which
   * gets the whole game or a snapshot): for a game the player sits at after a restart of the program.
   * Resolves with the game's state once the server answered.
   */
  async resume(gameId: string): Promise<GameState> {
    await this.request({ type: "resume", gameId, lastSeq: this.tracker.lastSeq(gameId) });
    return this.tracker.get(gameId) ?? this.waitFor((_, id) => id === gameId);
  }

  /**
   * Every entry of game `gameId` so far, oldest first, as this player may see it (their seat's view, or
   * a spectator's): for a log opened late or after a reload. Follows the game too. Rejects with
   * GAME_NOT_FOUND for a game no node runs.
   */
  async history(gameId: string): Promise<GameHistory> {
    const answer = await this.request({ type: "history", gameId });
    if (answer.type !== "ok" || !answer.history) throw new ClientError("BAD_RESPONSE", "the server's ok carried no history");
    return answer.history;
  }

  /**
   * Ends the bot's control of the player's own seat in game `gameId` at once (after a timeout or a lost
   * connection): the player's timer starts again. Rejects NOT_SEATED when the seat is not theirs to take
   * (an admin gave it to the bot).
   */
  async takeSeatBack(gameId: string): Promise<void> {
    await this.request({ type: "takeSeatBack", gameId });
  }

  /**
   * The last presence the server sent for game `gameId` (away seats, connections, timers), if any, with
   * each timer's `remainingMs` counted down to now.
   */
  presenceOf(gameId: string): PresenceMessage | undefined {
    const known = this.presences.get(gameId);
    if (!known) return undefined;
    const elapsed = Date.now() - known.at;
    return { ...known.message, timers: known.message.timers.map((t) => ({ ...t, remainingMs: Math.max(0, t.remainingMs - elapsed) })) };
  }

  /**
   * Sends a game command and resolves once the server stored it (its ack, or the ack folded into its
   * event: hello feature `ackInEvent`) with the seq it was stored as; the event of that seq is usually
   * applied by then (the server broadcasts before it acks, and a folded ack is applied after its event). Rejects
   * with the server's code (NOT_YOUR_TURN, WRONG_PHASE, ...) when refused, or TIMEOUT, or CLOSED.
   *
   * `id` (default: a random UUID) is the command's id: a socket drop before the answer makes the client
   * send the same id again after reconnecting, and the server applies an id once. Sending again an id
   * still waiting returns the same promise. After a TIMEOUT the command may still have been applied:
   * send it again with the same id to learn its fate.
   */
  send(gameId: string, command: GameCommand, options: { id?: string } = {}): Promise<CommandResult> {
    if (this.connection.closed) return Promise.reject(closedError());
    const id = options.id ?? newCommandId();
    // The frame is the text checked: the server parses the very same text with the same function (a
    // command's schema fills in no default, so writing the parsed message out again said the same).
    const frame = JSON.stringify({ type: "command", id, gameId, command });
    const parsed = parseClientMessage(frame);
    if (!parsed.ok) return Promise.reject(new ClientError(parsed.code, parsed.message));
    const waiting = this.outbox.command(id);
    if (waiting) {
      if (waiting.frame === frame) return waiting.promise;
      return Promise.reject(new ClientError("COMMAND_ID_REUSED", `command id "${id}" is already waiting for another command`));
    }
    let settle!: Pick<PendingCommand, "resolve" | "reject">;
    const promise = new Promise<CommandResult>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const entry: PendingCommand = {
      kind: "command",
      key: Outbox.commandKey(id),
      id,
      gameId,
      frame,
      sent: false,
      retries: 0,
      retryTimer: null,
      timer: setTimeout(() => this.outbox.fail(entry, new ClientError("TIMEOUT", `no answer to command ${id} within ${this.options.requestTimeoutMs} ms`)), this.options.requestTimeoutMs),
      promise,
      ...settle,
    };
    this.outbox.add(entry);
    if (this.connection.ready) this.transmit(entry);
    else this.connection.start();
    return promise;
  }

  /** The current view of game `gameId`, if followed. */
  view(gameId: string): PlayerView | undefined {
    return this.tracker.get(gameId)?.view;
  }

  /** What the client knows of game `gameId` (which game it is, its seq and view), if followed. */
  game(gameId: string): GameState | undefined {
    return this.tracker.get(gameId);
  }

  /** The last seq applied for game `gameId`, if followed. */
  lastSeq(gameId: string): number | undefined {
    return this.tracker.get(gameId)?.seq;
  }

  /** Every followed game. */
  games(): GameState[] {
    return this.tracker.all();
  }

  /** Stops following game `gameId` (it is no longer resumed after a reconnect). */
  forget(gameId: string): void {
    this.tracker.forget(gameId);
  }

  /**
   * Resolves with the first game state whose view satisfies `predicate`: one already there, or the next
   * to come. Rejects with TIMEOUT after `timeoutMs` (default `requestTimeoutMs`), CLOSED on `close()`,
   * or with what the predicate threw.
   */
  waitFor(predicate: (view: PlayerView, gameId: string, seq: number) => boolean, timeoutMs: number = this.options.requestTimeoutMs): Promise<GameState> {
    if (this.connection.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      try {
        for (const state of this.tracker.all()) if (predicate(state.view, state.gameId, state.seq)) return resolve(state);
      } catch (error) {
        return reject(error);
      }
      // One object and one listener per wait (bots wait for every state): no closure per way it ends.
      const waiter: StateWaiter = {
        resolve,
        reject,
        timeoutMs,
        timer: undefined,
        listener: (gameId, view, seq, game) => {
          try {
            if (predicate(view, gameId, seq)) this.settleWaiter(waiter, undefined, { gameId, game, seq, view });
          } catch (error) {
            this.settleWaiter(waiter, error);
          }
        },
      };
      waiter.timer = setTimeout(this.expireWaiter, timeoutMs, waiter);
      this.emitter.add("state", waiter.listener);
      this.waiters.add(waiter);
    });
  }

  /** Ends a `waitFor` (once): with `state`, else rejected with `error`. */
  private settleWaiter(waiter: StateWaiter, error: unknown, state?: GameState): void {
    if (!this.waiters.delete(waiter)) return;
    clearTimeout(waiter.timer);
    this.emitter.off("state", waiter.listener);
    if (state) waiter.resolve(state);
    else waiter.reject(error);
  }

  /** A `waitFor` timed out (a field: the one timer callback of every wait). */
  private readonly expireWaiter = (waiter: StateWaiter): void => {
    this.settleWaiter(waiter, new ClientError("TIMEOUT", `no view satisfied the condition within ${waiter.timeoutMs} ms`));
  };

  /** Measures a round trip to the server, in ms. */
  async ping(): Promise<number> {
    const started = Date.now();
    await this.request({ type: "ping" });
    return Date.now() - started;
  }

  // ---- sending ----------------------------------------------------------------------------------

  /** Sends a request (validated first: a wrong one rejects locally) and resolves with its answer. */
  private request(body: RequestBody): Promise<RequestAnswer> {
    if (this.connection.closed) return Promise.reject(closedError());
    const rid = `r${++this.ridCounter}`;
    const parsed = parseClientMessage(JSON.stringify({ ...body, rid }));
    if (!parsed.ok) return Promise.reject(new ClientError(parsed.code, parsed.message));
    return new Promise((resolve, reject) => {
      const entry: Pending = {
        kind: "request",
        key: Outbox.requestKey(rid),
        frame: JSON.stringify(parsed.message),
        sent: false,
        timer: setTimeout(() => this.outbox.fail(entry, new ClientError("TIMEOUT", `no answer to ${body.type} within ${this.options.requestTimeoutMs} ms`)), this.options.requestTimeoutMs),
        resolve,
        reject,
      };
      this.outbox.add(entry);
      if (this.connection.ready) this.transmit(entry);
      else this.connection.start();
    });
  }

  /** Writes an entry's frame on the socket. */
  private transmit(entry: Pending): void {
    if (entry.kind === "command" && entry.retryTimer) {
      clearTimeout(entry.retryTimer);
      entry.retryTimer = null;
    }
    entry.sent = this.connection.write(entry.frame);
  }

  /** The table of an `ok` answer, else the last known one; a BAD_RESPONSE without either. */
  private tableOf(answer: RequestAnswer, code: string | null): TableView {
    const table = (answer.type === "ok" ? answer.table : undefined) ?? (code === null ? undefined : this.tables.get(code));
    if (!table) throw new ClientError("BAD_RESPONSE", `the server's ok carried no table${code === null ? "" : ` for ${code}`}`);
    return table;
  }

  // ---- connection events ----------------------------------------------------------------------

  /** The socket is gone: fail the requests in flight, keep the commands for resending. */
  private dropped(detail: CloseDetail): void {
    this.resuming.clear();
    for (const entry of this.outbox.list()) {
      if (entry.kind === "command") {
        entry.sent = false;
        if (entry.retryTimer) clearTimeout(entry.retryTimer);
        entry.retryTimer = null;
      } else if (entry.sent) {
        this.outbox.fail(entry, new ClientError("DISCONNECTED", `the connection dropped before the answer (close ${detail.code ?? "?"}${detail.reason ? `: ${detail.reason}` : ""})`));
      }
    }
  }

  /** A fatal error: report it and close for good. */
  private fail(error: ClientError, detail: CloseDetail): void {
    this.emitError(error);
    void this.shutDown(() => error, { ...detail, error });
  }

  /**
   * Closes the connection and fails every promise still waiting with the error `errorOf` makes, made
   * once and only if something waits (an error's stack trace is not free, and a table's clients close
   * with nothing waiting).
   */
  private shutDown(errorOf: () => ClientError, detail: Omit<ConnectionDetail, "attempt">): Promise<void> {
    const closing = this.connection.close(detail);
    if (this.outbox.size === 0 && this.connectWaiters.size === 0 && this.waiters.size === 0) return closing;
    const error = errorOf();
    this.outbox.failAll(error);
    for (const waiter of [...this.connectWaiters]) waiter.reject(error);
    this.connectWaiters.clear();
    for (const waiter of [...this.waiters]) this.settleWaiter(waiter, error);
    return closing;
  }

  // ---- receiving --------------------------------------------------------------------------------

  /** Checks a frame with the protocol's schemas; a bad one is reported, never thrown. */
  private receive(data: unknown): void {
    const text = frameText(data);
    if (text === null) {
      this.emitError(new ClientError("BAD_FRAME", "the server sent a frame that is not text"));
      return;
    }
    const parsed = parseServerMessage(text);
    if (!parsed.ok) {
      this.emitError(new ClientError("BAD_FRAME", `the server sent an invalid frame (${parsed.code}: ${parsed.message})`));
      return;
    }
    this.handle(parsed.message);
  }

  private handle(message: WireServerMessage): void {
    switch (message.type) {
      case "welcome":
        return this.onWelcome(message.player);
      case "ok":
      case "pong":
        return this.onAnswer(message);
      case "table":
        return this.updateTable(message.table);
      case "snapshot":
        return this.onSnapshot(message);
      case "event":
        return this.onEvent(message);
      case "ack":
        return this.onAck(message);
      case "error":
        return this.onError(message);
      case "queue":
        return this.updateQueue(message.status);
      case "matchFound":
        this.emitter.emit("matchFound", message);
        return;
      case "presence":
        this.presences.set(message.gameId, { message, at: Date.now() });
        this.emitter.emit("presence", message);
        return;
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  }

  /**
   * The hello of a new socket: it names every followed game with its last seq, and the server sends
   * what each missed right after its welcome (no separate `resume` that a snapshot could overtake).
   */
  private helloFrame(): string {
    const resume = this.tracker.followed().slice(0, 32).map((gameId) => ({ gameId, lastSeq: this.tracker.lastSeq(gameId) }));
    this.resumedInHello = new Set(resume.map((r) => r.gameId));
    const features: ClientFeature[] = [];
    if (this.options.ackInEvent) features.push("ackInEvent");
    if (this.options.viewChanges) features.push("viewChanges");
    return JSON.stringify({ type: "hello", token: this.options.token, ...(resume.length > 0 ? { resume } : {}), ...(features.length > 0 ? { features } : {}) });
  }

  /** Welcomed: resume every followed game, then send what waits (commands with their same ids). */
  private onWelcome(player: Player): void {
    if (this.connection.ready) return;
    this.me = player;
    this.connection.welcomed();
    for (const waiter of [...this.connectWaiters]) waiter.resolve(player);
    this.connectWaiters.clear();
    // A dropped socket took the player out of the queue or the ready check (the server's rule): say so.
    if (this.queueState.state === "queued" || this.queueState.state === "matched") this.updateQueue({ state: "idle", reason: "disconnected" });
    const games = new Set(this.tracker.followed());
    // A game started while the snapshot was lost in a drop: the table names it.
    for (const table of this.tables.values()) if (table.gameId && table.status === "playing") games.add(table.gameId);
    for (const gameId of games) if (!this.resumedInHello.has(gameId)) this.resumeInBackground(gameId);
    for (const entry of this.outbox.list()) if (!entry.sent && (entry.kind === "request" || !entry.retryTimer)) this.transmit(entry);
  }

  private onAnswer(message: RequestAnswer): void {
    if (message.type === "ok" && message.table) this.updateTable(message.table);
    // Applied here, in frame order: a push right behind this answer (in the same read) must not be
    // overwritten by the answer when the awaiting caller resumes.
    if (message.type === "ok" && message.queue) this.updateQueue(message.queue);
    const entry = this.outbox.request(message.rid);
    if (entry && this.outbox.remove(entry)) entry.resolve(message);
  }

  /** Keeps the table and reports it when it really changed (a push may repeat an ok's table): equal data, key order aside, is no change. */
  private updateTable(table: TableView): void {
    const known = this.tables.get(table.code);
    if (known && sameJson(known, table)) return;
    this.tables.set(table.code, table);
    this.emitter.emit("table", table);
  }

  private onSnapshot(message: SnapshotMessage): void {
    if (!this.tracker.applySnapshot(message)) return;
    this.emitter.emit("snapshot", message);
    this.emitter.emit("state", message.gameId, message.view, message.seq, message.game);
  }

  /**
   * Applies the next event of a game; drops a duplicate; resumes after a gap. An event that carries the
   * ack of this socket's command (`ack`) settles that command after the event is applied, whatever
   * became of the event (the command is stored as its seq all the same).
   */
  private onEvent(message: EventMessage | EventChangesMessage): void {
    const outcome = this.tracker.applyEvent(message);
    if (outcome.kind === "gap") this.resumeInBackground(message.gameId);
    if (outcome.kind === "applied") {
      // Listeners get the whole view, made from the view's changes when the frame carried those.
      const { event } = outcome;
      this.emitter.emit("event", event);
      this.emitter.emit("state", event.gameId, event.view, event.seq, event.game);
    }
    if (message.ack !== undefined) this.acknowledged(message.ack, message.gameId, message.seq);
  }

  private onAck(message: ServerMessageOf<"ack">): void {
    this.acknowledged(message.id, message.gameId, message.seq);
  }

  /** Command `id` of game `gameId` is stored as entry `seq` (an `ack`, or an event's folded ack): its promise resolves. */
  private acknowledged(id: string, gameId: string, seq: number): void {
    const entry = this.outbox.command(id);
    if (!entry || entry.gameId !== gameId) return;
    if (this.outbox.remove(entry)) entry.resolve({ id: entry.id, gameId: entry.gameId, seq });
  }

  /**
   * An error: the answer to a command (by id) or a request (by rid), or a connection-wide one. RETRY or
   * RATE_LIMITED on a command sends it again after a backoff; SHUTTING_DOWN reconnects (a command then goes out again
   * on the new connection); BAD_TOKEN closes for good.
   */
  private onError(message: ServerMessageOf<"error">): void {
    const error = new ClientError(message.code, message.message, undefined, message.retryAfterMs);
    if (message.id !== undefined) {
      const entry = this.outbox.command(message.id);
      if (!entry) return;
      if (message.code === "SHUTTING_DOWN") {
        entry.sent = false;
        this.connection.drop("server shutting down");
      } else if ((message.code === "RETRY" || message.code === "RATE_LIMITED") && entry.retries < this.options.maxCommandRetries) {
        // Neither reached the game (RATE_LIMITED: the frame was dropped at the edge): the same id again,
        // not before the budget allows it.
        entry.sent = false;
        entry.retryTimer = setTimeout(
          () => {
            entry.retryTimer = null;
            if (this.connection.ready) this.transmit(entry);
          },
          Math.max(backoffDelay(entry.retries, this.options.reconnect), message.retryAfterMs ?? 0),
        );
        entry.retries += 1;
      } else this.outbox.fail(entry, error);
      return;
    }
    if (message.rid !== undefined) {
      const entry = this.outbox.request(message.rid);
      if (entry) this.outbox.fail(entry, error);
      if (message.code === "SHUTTING_DOWN") this.connection.drop("server shutting down");
      return;
    }
    if (message.code === "BAD_TOKEN") return this.fail(error, {});
    this.emitError(error);
    if (message.code === "SHUTTING_DOWN") this.connection.drop("server shutting down");
  }

  /**
   * Asks for what game `gameId` missed since its last seq (one resume at a time per game). If the
   * answer still leaves a gap, asks again as long as it makes progress.
   */
  private resumeInBackground(gameId: string): void {
    if (this.resuming.has(gameId) || !this.connection.ready) return;
    this.resuming.add(gameId);
    const from = this.tracker.lastSeq(gameId);
    this.request({ type: "resume", gameId, lastSeq: from }).then(
      () => {
        this.resuming.delete(gameId);
        if (!this.tracker.behind(gameId)) return;
        if (this.tracker.lastSeq(gameId) > from) this.resumeInBackground(gameId);
        else this.emitError(new ClientError("BAD_RESPONSE", `resume of game ${gameId} from seq ${from} delivered nothing new`));
      },
      (error: unknown) => {
        this.resuming.delete(gameId);
        if (error instanceof ClientError && (error.code === "DISCONNECTED" || error.code === "CLOSED")) return;
        this.emitError(error instanceof ClientError ? error : new ClientError("INTERNAL", String(error)));
      },
    );
  }

  private emitError(error: ClientError): void {
    this.emitter.emit("error", error);
  }

  private listenerFailed(error: unknown, name: string): void {
    if (name === "error") return;
    this.emitError(new ClientError("LISTENER_FAILED", `a "${name}" listener threw: ${error instanceof Error ? error.message : String(error)}`));
  }
}

function closedError(): ClientError {
  return new ClientError("CLOSED", "the client is closed");
}

/** Creates a client and resolves once the server welcomed it (closing it again if that fails). */
export async function connect(options: ClientOptions): Promise<BangClient> {
  const client = new BangClient(options);
  try {
    await client.connect();
  } catch (error) {
    await client.close();
    throw error;
  }
  return client;
}
