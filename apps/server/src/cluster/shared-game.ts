/**
 * A cluster node's copy of one game (the Colyseus room as a socket sees it, whichever node writes it).
 *
 * Every node with sockets on a game keeps one: the game's setup and seats, its log of commands and the
 * state after them, replayed with the pure engine (DESIGN invariant 1). It computes the view of each of
 * its own sockets itself, with the same per-viewer rule (the module's view and viewEvent), so no secret
 * crosses the bus: only log entries (seq, command) do. A command may hold a secret (a pick before its
 * reveal): the bus is the cluster's own, and every node hides it again per viewer.
 *
 * On the owner node the copy holds the game's GameRoom (the only writer, behind a lease and a fencing
 * token) and takes each stored entry straight from it, before the answer goes out. Elsewhere it takes
 * the entries the owner publishes on the game's channel; an entry that does not follow (a message lost
 * while Redis was away) makes it reload the log from the store, which has every acknowledged entry.
 * Commands from its sockets go to the local room, or to the owner over the bus; while the game moves
 * (lease lost, owner dead, drain) they are retried against the new owner for a while, then answered RETRY.
 */
import type { AnyGameModule, CommandBase as Command, EventBase as GameEvent, SetupBase, StateBase as GameState, Viewer } from "@bang/game-core";
import type { GameCommand, PresenceMessage, ServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import { moduleOf, type RoomStoredListener } from "../games/host.js";
import { refusalAnswer, repeatAnswer } from "../games/answers.js";
import { EventFrames, frameOf } from "../games/frames.js";
import { LastViews } from "../games/view-changes.js";
import { missedEvents, snapshotMessage, type GameRoom } from "../games/room.js";
import type { Answer, GameHandle, RoomSeat, Subscriber } from "../games/types.js";
import type { StoredEntry, StoredRefusal } from "../persistence/store.js";

/** What a shared game needs from its node. */
export interface SharedGameContext {
  readonly nodeId: string;
  log: FastifyBaseLogger;
  /** The node holding the game's lease now (null: none, or Redis unreachable). */
  ownerOf(gameId: string): Promise<string | null>;
  /** Sends a command to `nodeId`; "NOT_OWNER" when that node does not own the game (any more). Rejects on timeout. */
  forward(nodeId: string, command: { gameId: string; by: string; id: string; command: GameCommand }): Promise<Answer | "NOT_OWNER">;
  /**
   * Tells the owner `nodeId` whether `playerId` has a socket on this node, and with `back` that the
   * player takes their seat back from the bot (fire and forget).
   */
  presence(nodeId: string, message: { gameId: string; playerId: string; connected: boolean; back?: boolean }): void;
  /** The stored log of the game (every acknowledged entry). */
  loadLog(gameId: string): Promise<StoredEntry[]>;
  /** A stored refusal of the rules (DESIGN 5: the repeat of a refused id gets it again), or null. */
  findRefusal(gameId: string, playerId: string, clientCommandId: string): Promise<StoredRefusal | null>;
  /** How long a command is retried against a moving game before it is answered RETRY, in ms. */
  retryBudgetMs: number;
  /** Called when the last subscriber left (the node may drop the copy). */
  idle(game: SharedGame): void;
}

/**
 * A message on a game's channel: a stored entry, the announcement of a new owner, or the end of the
 * game by an admin (stored `abandoned` before it is published; `reason` goes to the sockets).
 */
export type GameChannelMessage =
  /** `id`: the client's id of the command (a sender's socket on this node folds its ack into the event). */
  | { kind: "entry"; seq: number; command: Command; id?: string }
  | { kind: "owner"; nodeId: string; seq: number }
  | { kind: "ended"; reason: string }
  /** The owner room's presence changed (timers in ms left as of publishing). */
  | { kind: "presence"; presence: PresenceMessage };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** See the file's comment. Build with SharedGame.from(). */
export class SharedGame implements GameHandle {
  private stateNow: GameState;
  private readonly commands: Command[] = [];
  private readonly subscribers = new Set<Subscriber>();
  /** Sockets of each player on this node. */
  private readonly local = new Map<string, number>();
  /** Owner side: the nodes where each player has a socket (this one included). */
  private readonly present = new Map<string, Set<string>>();
  private roomNow: GameRoom | null = null;
  /** Set while the owner hands the game over (drain): commands go to the next owner. */
  handingOver = false;
  /** The last owner seen (announcement or lookup). */
  private ownerHint: string | null = null;
  private catchingUp: Promise<void> | null = null;
  private again = false;
  /** Why an admin ended the game; from then on its commands are refused GAME_ENDED. */
  private endedWith: string | null = null;
  /** The game's module threw while this copy applied an entry: the copy follows the game no more. */
  private faulted = false;
  /** Each viewer's last view shown here, that its next event's view changes are made from (hello feature `viewChanges`). */
  private readonly lastViews = new LastViews();
  /** The owner's last presence and when it arrived (performance.now() ms), on a node that does not own the game. */
  private heardPresence: { message: PresenceMessage; at: number } | null = null;

  private constructor(
    readonly id: string,
    readonly module: AnyGameModule,
    readonly setup: SetupBase,
    readonly seats: readonly RoomSeat[],
    readonly tableCode: string | null,
    initial: GameState,
    private readonly ctx: SharedGameContext,
  ) {
    this.stateNow = initial;
  }

  /**
   * The copy of a stored game of `game` (a module's id) after `entries`. Throws when this node has no
   * module of that game, or the setup or an entry does not replay.
   */
  static from(args: { id: string; game: string; setup: SetupBase; seats: RoomSeat[]; tableCode: string | null; entries: readonly StoredEntry[] }, ctx: SharedGameContext): SharedGame {
    const module = moduleOf(args.game);
    const created = module.create(args.setup);
    if (!created.ok) throw new Error(`game setup refused: ${created.error.message}`);
    const game = new SharedGame(args.id, module, args.setup, args.seats, args.tableCode, created.state, ctx);
    for (const e of args.entries) if (!game.take(e.seq, e.command)) throw new Error(`stored entry ${e.seq} of game ${args.id} does not replay`);
    return game;
  }

  get seq(): number {
    return this.commands.length;
  }

  get state(): GameState {
    return this.stateNow;
  }

  get over(): boolean {
    return this.module.result(this.stateNow) !== null;
  }

  /** The owner's room when this node owns the game. */
  get room(): GameRoom | null {
    return this.roomNow;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  hasPlayer(playerId: string): boolean {
    return this.seats.some((s) => s.playerId === playerId && !s.bot);
  }

  /** Why an admin ended the game, or null while it was not ended. */
  get endReason(): string | null {
    return this.endedWith;
  }

  /** An admin is ending the game: every command is refused (GAME_ENDED) from now on. */
  refuseCommands(reason: string): void {
    this.endedWith ??= reason;
  }

  /**
   * The game was ended by an admin (and stored `abandoned`): commands are refused, and every
   * subscriber of this node is told once (error GAME_ENDED, as a single node's room tells its own).
   */
  ended(reason: string): void {
    this.refuseCommands(reason);
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    this.lastViews.clear();
    const frame = frameOf({ type: "error", code: "GAME_ENDED", message: this.endedWith ?? reason });
    for (const sub of subscribers) {
      try {
        sub.deliver(frame.message, frame.text);
      } catch (error) {
        this.ctx.log.warn({ err: error, gameId: this.id }, "delivery to a subscriber failed");
      }
    }
  }

  snapshot(viewer: Viewer): ServerMessage {
    try {
      return snapshotMessage(this.module, this.id, this.seq, this.stateNow, viewer);
    } catch (error) {
      // The module's bug, not the viewer's: the owner's room stops the game; this copy says so.
      this.ctx.log.error({ err: error, gameId: this.id, game: this.module.id }, "the game's module failed to show the game");
      return { type: "error", code: "INTERNAL", message: "this game's rules failed: the game is stopped until an admin ends it" };
    }
  }

  /** As GameRoom.missedSince: recomputed from the log with the module's pure rules. */
  missedSince(viewer: Viewer, lastSeq: number): ServerMessage[] | null {
    if (lastSeq > this.seq) return null;
    // Nothing missed; but a client at seq 0 of a game still at seq 0 has no view yet: it gets one.
    if (lastSeq === this.seq) return lastSeq === 0 ? [this.snapshot(viewer)] : [];
    let missed: ServerMessage[] | null = null;
    try {
      missed = missedEvents(this.module, this.id, this.setup, this.commands, lastSeq, viewer);
    } catch (error) {
      this.ctx.log.error({ err: error, gameId: this.id, game: this.module.id }, "the game's module failed to show the game's moves");
    }
    return missed ?? [this.snapshot(viewer)];
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => {
      if (this.subscribers.delete(sub) && this.subscribers.size === 0) this.ctx.idle(this);
    };
  }

  connectionChanged(playerId: string, delta: 1 | -1): void {
    if (!this.hasPlayer(playerId)) return;
    const before = (this.local.get(playerId) ?? 0) > 0;
    const n = Math.max(0, (this.local.get(playerId) ?? 0) + delta);
    this.local.set(playerId, n);
    if (before === n > 0) return;
    if (this.roomNow) this.presenceOn(this.ctx.nodeId, playerId, n > 0);
    else void this.tellOwner(playerId, n > 0);
  }

  /** The owner's presence: its room's now, else the last one heard with each timer's time left counted down since. */
  presenceNow(): PresenceMessage | null {
    if (this.roomNow) return this.roomNow.presenceNow();
    if (!this.heardPresence || this.over) return null;
    const { message, at } = this.heardPresence;
    const elapsed = Math.round(performance.now() - at);
    return { ...message, timers: message.timers.map((t) => ({ ...t, remainingMs: Math.max(0, t.remainingMs - elapsed) })) };
  }

  /** The owner's presence changed (its room on this node, or the game's channel): every subscriber here is told. */
  presenceChanged(message: PresenceMessage): void {
    this.heardPresence = { message, at: performance.now() };
    const text = JSON.stringify(message);
    for (const sub of this.subscribers) {
      try {
        sub.deliver(message, text);
      } catch (error) {
        this.ctx.log.warn({ err: error, gameId: this.id }, "delivery to a subscriber failed");
      }
    }
  }

  /** As GameRoom.takeSeatBack, on the owner: at once on this node, else told to the owner over the bus. */
  takeSeatBack(playerId: string): { ok: true } | { ok: false; code: "NOT_SEATED"; message: string } {
    if (this.roomNow) return this.roomNow.takeSeatBack(playerId);
    if (!this.hasPlayer(playerId)) return { ok: false, code: "NOT_SEATED", message: "you have no seat in this game" };
    void this.tellOwner(playerId, (this.local.get(playerId) ?? 0) > 0, true);
    return { ok: true };
  }

  /** Owner side: `nodeId` says whether `playerId` has a socket there; the room hears when that changes anywhere. */
  presenceOn(nodeId: string, playerId: string, connected: boolean): void {
    if (!this.hasPlayer(playerId)) return;
    const nodes = this.present.get(playerId) ?? new Set<string>();
    const before = nodes.size > 0;
    if (connected) nodes.add(nodeId);
    else nodes.delete(nodeId);
    this.present.set(playerId, nodes);
    if (before !== nodes.size > 0) this.roomNow?.connectionChanged(playerId, nodes.size > 0 ? 1 : -1);
  }

  /**
   * Owner side: forgets the sockets of nodes that left the membership (crashed): a player whose only
   * sockets were there counts as disconnected, so the bot covers the seat after the grace.
   */
  keepNodes(live: ReadonlySet<string>): void {
    for (const [playerId, nodes] of this.present) {
      for (const nodeId of [...nodes]) if (nodeId !== this.ctx.nodeId && !live.has(nodeId)) this.presenceOn(nodeId, playerId, false);
    }
  }

  /**
   * Applies a command exactly once by its id: on the local room when this node owns the game, else on
   * the owner over the bus. While the game moves between nodes, tries again (new owner looked up in
   * Redis) for retryBudgetMs, then answers RETRY (the SDK sends it again with the same id).
   */
  async submit(by: string, commandId: string, command: GameCommand): Promise<Answer> {
    const deadline = performance.now() + this.ctx.retryBudgetMs;
    for (;;) {
      if (this.endedWith !== null) return { ok: false, code: "GAME_ENDED", message: this.endedWith };
      const room = this.roomNow;
      if (room && !this.handingOver) {
        const answer = await room.submit(by, commandId, command);
        // RETRY from a room that lost the game meanwhile: the command goes to the next owner.
        if (answer.ok || answer.code !== "RETRY" || (this.roomNow === room && !this.handingOver)) return answer;
      } else if (!room) {
        const owner = this.ownerHint ?? (await this.ctx.ownerOf(this.id).catch(() => null));
        // Over, and no node holds it any more (its lease was released): nothing can move it; answer now.
        if (owner === null && this.over) return this.answerOver(by, commandId, command);
        if (owner && owner !== this.ctx.nodeId) {
          try {
            const reply = await this.ctx.forward(owner, { gameId: this.id, by, id: commandId, command });
            if (reply !== "NOT_OWNER") {
              this.ownerHint = owner;
              return reply;
            }
          } catch (error) {
            this.ctx.log.debug({ err: error, gameId: this.id, owner }, "a forwarded command got no answer");
          }
          this.ownerHint = null;
        }
      }
      if (performance.now() >= deadline) return { ok: false, code: "RETRY", message: "the game is moving to another node: send the command again" };
      await sleep(100);
    }
  }

  /**
   * The answer to a command for a finished game no node holds: a repeated id gets its stored answer
   * again (DESIGN 5, from the log or the stored refusals), the same id with another command
   * COMMAND_ID_REUSED, any other command the rules' refusal (the game is over). Nothing is stored.
   */
  private async answerOver(by: string, commandId: string, command: GameCommand): Promise<Answer> {
    const full = { ...command, by } as Command;
    const prior = (await this.ctx.loadLog(this.id)).find((e) => e.playerId === by && e.clientCommandId === commandId);
    if (prior) return repeatAnswer({ command: prior.command, answer: { ok: true, seq: prior.seq } }, full, commandId);
    const refused = await this.ctx.findRefusal(this.id, by, commandId);
    if (refused) return repeatAnswer({ fingerprint: refused.fingerprint, answer: refusalAnswer(refused) }, full, commandId);
    if (!this.hasPlayer(by)) return { ok: false, code: "NOT_SEATED", message: "you have no seat in this game" };
    const result = this.module.apply(this.stateNow, full);
    return result.ok ? { ok: false, code: "RETRY", message: "the game is over" } : { ok: false, code: result.error.code, message: result.error.message };
  }

  /** A message of the game's channel. */
  onChannel(message: GameChannelMessage): void {
    if (message.kind === "entry") {
      if (!this.roomNow) this.accept(message.seq, message.command, message.id);
      return;
    }
    if (message.kind === "ended") {
      this.ended(message.reason);
      return;
    }
    if (message.kind === "presence") {
      if (!this.roomNow) this.presenceChanged(message.presence);
      return;
    }
    if (message.nodeId === this.ctx.nodeId) return;
    this.ownerHint = message.nodeId;
    // The new owner starts with no idea who is connected where: say it again.
    for (const [playerId, n] of this.local) if (n > 0) void this.tellOwner(playerId, true);
    if (message.seq > this.seq) void this.catchUp();
  }

  /** The owner room's listener: each stored entry, before its answer goes out. */
  readonly stored: RoomStoredListener = (entry) => {
    const command = entry.command;
    if (entry.seq !== this.seq + 1) {
      void this.catchUp();
      return;
    }
    this.commands.push(command);
    this.stateNow = entry.state;
    this.broadcast(entry.seq, command, entry.events, entry.state, entry.clientCommandId);
  };

  /** This node now owns the game through `room` (built from `entries`, the whole stored log). */
  attach(room: GameRoom, entries: readonly StoredEntry[]): void {
    for (const e of entries) if (e.seq > this.seq) this.accept(e.seq, e.command);
    this.roomNow = room;
    this.handingOver = false;
    this.ownerHint = this.ctx.nodeId;
    this.present.clear();
    for (const [playerId, n] of this.local) if (n > 0) this.presenceOn(this.ctx.nodeId, playerId, true);
  }

  /** This node no longer owns the game (lease lost, fenced, handed over). */
  detach(): void {
    this.roomNow = null;
    this.handingOver = false;
    this.ownerHint = null;
    this.present.clear();
  }

  /** Catches up with the stored log (after a gap); one reload at a time, again if asked meanwhile. */
  catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.again = true;
      return this.catchingUp;
    }
    this.catchingUp = (async () => {
      do {
        this.again = false;
        try {
          const entries = await this.ctx.loadLog(this.id);
          for (const e of entries) if (e.seq > this.seq) this.accept(e.seq, e.command, e.clientCommandId);
        } catch (error) {
          this.ctx.log.warn({ err: error, gameId: this.id }, "could not reload the game's log");
        }
      } while (this.again);
    })().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  private async tellOwner(playerId: string, connected: boolean, back = false): Promise<void> {
    const owner = this.ownerHint ?? (await this.ctx.ownerOf(this.id).catch(() => null));
    if (owner && owner !== this.ctx.nodeId) this.ctx.presence(owner, { gameId: this.id, playerId, connected, ...(back ? { back } : {}) });
  }

  /** Entry `seq` from the channel or the store: applied if it is the next one; a gap reloads the log. */
  private accept(seq: number, command: Command, commandId?: string): void {
    if (seq <= this.seq) return;
    if (seq > this.seq + 1) {
      void this.catchUp();
      return;
    }
    if (!this.take(seq, command, commandId)) {
      this.ctx.log.error({ gameId: this.id, seq }, "a fanned-out entry does not replay; reloading the log");
      void this.catchUp();
    }
  }

  /** Applies the next entry with the module's pure rules and tells the subscribers. False if it does not apply. */
  private take(seq: number, command: Command, commandId?: string): boolean {
    if (this.faulted) return true;
    let result;
    try {
      result = this.module.apply(this.stateNow, command);
    } catch (error) {
      // The module's bug: this copy stops following the game (reloading the log would only fail again).
      this.faulted = true;
      this.ctx.log.error({ err: error, gameId: this.id, game: this.module.id, seq }, "the game's module failed to apply a stored entry: this node stops following the game");
      return true;
    }
    if (!result.ok) return false;
    this.commands.push(command);
    this.stateNow = result.state;
    this.broadcast(seq, command, result.events, result.state, commandId);
    return true;
  }

  /** Tells every subscriber here; `commandId` (the client's id of the command, when known) lets its sender's socket fold its ack in. */
  private broadcast(seq: number, command: Command, events: GameEvent[], state: GameState, commandId?: string): void {
    // Each distinct view is made and serialised once, however many sockets here show it.
    const frames = new EventFrames(this.module, this.id, { seq, by: command.by, command, events, state }, this.lastViews);
    for (const sub of this.subscribers) {
      try {
        const frame = frames.frameFor(sub);
        sub.deliver(frame.message, frame.text, commandId);
      } catch (error) {
        this.ctx.log.warn({ err: error, gameId: this.id }, "delivery to a subscriber failed");
      }
    }
  }
}
