import { randomBytes, randomUUID } from "node:crypto";
import type { AnyGameModule, SetupBase } from "@bang/game-core";
import { findGame } from "@bang/games";
import type { FastifyBaseLogger } from "fastify";
import type { PresenceMessage } from "@bang/protocol";
import type { GameStore, StoredEntry, StoredGame, StoredRefusal } from "../persistence/store.js";
import { GameNotDealt, SetupRefused } from "./deal-errors.js";
import { GameRoom, REFUSED_MEMORY, type AppliedEntry, type RoomTimings } from "./room.js";
import { SeatedMap } from "./seated-map.js";
import type { GameDirectory, RoomMetrics, RoomSeat } from "./types.js";

/** What a room is built from: its game, setup, seats and stored entries, and a cluster owner's hooks. */
export interface RoomArgs {
  id: string;
  game: string;
  setup: SetupBase;
  seats: RoomSeat[];
  tableCode: string | null;
  entries: StoredEntry[];
  refusals?: readonly StoredRefusal[] | undefined;
  turnSeconds: number;
  store?: GameStore | undefined;
  onStored?: RoomStoredListener | undefined;
  onPresence?: ((presence: PresenceMessage) => void) | undefined;
}

/** Called with each stored entry of a room (a cluster owner fans them out). */
export type RoomStoredListener = (entry: AppliedEntry & { clientCommandId: string }) => void;

/** How a cluster node creates a game: its id, the owner's fencing token, its fenced store. */
export interface NewGameOptions {
  id?: string;
  fencingToken?: number;
  store?: GameStore;
  onStored?: RoomStoredListener;
  /** Called when the room's presence changes (a cluster owner fans it out). */
  onPresence?: ((presence: PresenceMessage) => void) | undefined;
}

/**
 * The actor host of a node: one GameRoom per running game, created here or restored from the store
 * after a restart (DESIGN invariant 3), and drained on shutdown.
 */
/** How long a finished game's room stays in memory for late resumes, in ms. */
const FINISHED_LINGER_MS = 60_000;
/** Most finished games opened again from the store for late resumes at once (about 60 KB each). */
const MAX_REOPENED = 256;

export class GameHost implements GameDirectory {
  private readonly rooms = new SeatedMap<GameRoom>((room) => room.seats);
  private readonly lingering = new Map<string, NodeJS.Timeout>();
  private readonly finishedListeners = new Set<(room: GameRoom) => void>();
  private accepting = true;

  constructor(
    private readonly store: GameStore,
    private readonly timings: Omit<RoomTimings, "turnMs">,
    private readonly metrics: RoomMetrics,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Running games on this node. */
  get size(): number {
    let n = 0;
    for (const room of this.rooms.values()) if (!room.over) n++;
    return n;
  }

  get accepts(): boolean {
    return this.accepting;
  }

  /** Called when a game is over and its result recorded (the lobby closes its table). */
  onFinished(listener: (room: GameRoom) => void): void {
    this.finishedListeners.add(listener);
  }

  private finished = (room: GameRoom): void => {
    for (const l of this.finishedListeners) l(room);
    this.linger(room);
  };

  /** Keeps a finished game's room FINISHED_LINGER_MS for late resumes, then drops it. */
  private linger(room: GameRoom): void {
    clearTimeout(this.lingering.get(room.id));
    const timer = setTimeout(() => {
      this.lingering.delete(room.id);
      if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
      room.dispose();
    }, FINISHED_LINGER_MS);
    timer.unref();
    this.lingering.set(room.id, timer);
  }

  get(gameId: string): GameRoom | undefined {
    return this.rooms.get(gameId);
  }

  /**
   * GameDirectory of the single node: the room itself; a finished game no longer in memory (past its
   * linger, or before a restart) is opened again from the store for the late resume that asks, and
   * lingers as a just-finished one does (as a cluster node's copy of a finished game stays). Its room is
   * never started and refuses every command by the rules (the game is over). An unknown, running (not
   * here) or ended (abandoned) game: null.
   */
  has(gameId: string): boolean {
    return this.rooms.has(gameId);
  }

  open(gameId: string): GameRoom | null | Promise<GameRoom | null> {
    return this.rooms.get(gameId) ?? this.openFinished(gameId);
  }

  private readonly opening = new Map<string, Promise<GameRoom | null>>();
  /** Finished games opened again from the store, oldest first (at most MAX_REOPENED kept). */
  private readonly reopened: string[] = [];

  private openFinished(gameId: string): Promise<GameRoom | null> {
    const pending = this.opening.get(gameId);
    if (pending) return pending;
    const opening = (async () => {
      const game = await this.store.getGame(gameId);
      if (!game || game.status !== "finished") return null;
      const here = this.rooms.get(gameId);
      if (here) return here;
      const room = await this.openStored(game);
      if (!room.over) {
        // Marked finished but its log does not end the game: not a game to serve.
        this.evict(room);
        this.log.error({ gameId }, "a finished game's log does not replay to its end");
        return null;
      }
      this.linger(room);
      // Anyone may resume or spectate any finished game: keep a bounded number of them opened again.
      this.reopened.push(room.id);
      if (this.reopened.length > MAX_REOPENED) {
        const oldest = this.rooms.get(this.reopened.shift()!);
        if (oldest?.over) this.evict(oldest);
      }
      return room;
    })()
      .catch((error: unknown) => {
        this.log.error({ err: error, gameId }, "a finished game could not be opened for a resume");
        return null;
      })
      .finally(() => this.opening.delete(gameId));
    this.opening.set(gameId, opening);
    return opening;
  }

  /** Running games where `playerId` has a seat. */
  gamesOf(playerId: string): GameRoom[] {
    return this.rooms.of(playerId).filter((r) => !r.over);
  }

  all(): GameRoom[] {
    return [...this.rooms.values()];
  }

  /**
   * Deals a new game of `game` (a registered module's id) for `seats` (clockwise), with the options the
   * game owns (already checked by its schema), stores it, and starts its room. The seed is a 256-bit key
   * from the node's crypto source (a ChaCha20 seed: nothing seen at the table tells the deal or what
   * chance brings next); the rules draw everything from it, the bots their own keys. The game is dealt
   * before it is stored: GameNotDealt (INVALID_SETUP) when its module refuses the setup or throws while
   * dealing, and then nothing is stored. Also throws when the node is shutting down, the game is
   * unknown, or the store fails (nothing kept on this node then either).
   */
  async createGame(args: { game: string; seats: RoomSeat[]; tableCode: string | null; turnSeconds: number; gameOptions?: Record<string, unknown> }, cluster: NewGameOptions = {}): Promise<GameRoom> {
    if (!this.accepting) throw new Error("the node is shutting down");
    const module = moduleOf(args.game);
    const id = cluster.id ?? randomUUID();
    // Dealt before anything is stored: a game its module cannot deal must leave no running game behind
    // (one that cannot be opened, ended or replayed, yet counts against its players' GAMES_PER_PLAYER).
    let setup: SetupBase;
    let room: GameRoom;
    try {
      setup = module.setupFor({ players: args.seats.map((s) => s.playerId), seed: randomBytes(32).toString("hex"), options: args.gameOptions ?? {} });
      room = this.buildRoom({ id, game: module.id, setup, seats: args.seats, tableCode: args.tableCode, entries: [], turnSeconds: args.turnSeconds, store: cluster.store, onStored: cluster.onStored, onPresence: cluster.onPresence });
    } catch (error) {
      if (error instanceof SetupRefused) throw new GameNotDealt(`the ${module.id} game could not be dealt: ${error.refusal.message}; nothing was started`);
      this.log.error({ err: error, game: module.id }, "the game's module failed while dealing a new game; nothing was stored");
      throw new GameNotDealt(`the ${module.id} game could not be dealt (its module failed; the fault is logged); nothing was started`);
    }
    try {
      await this.store.createGame({
        id,
        game: module.id,
        setup,
        tableCode: args.tableCode,
        seats: args.seats.map((s) => ({ seat: s.index, playerId: s.playerId, name: s.name, botKind: s.bot })),
        turnSeconds: args.turnSeconds,
        ...(cluster.fencingToken === undefined ? {} : { fencingToken: cluster.fencingToken }),
      });
    } catch (error) {
      room.dispose();
      throw error;
    }
    this.keep(room);
    room.start();
    return room;
  }

  /**
   * Builds the room of a stored game from its entries and keeps it on this node (not started: call
   * room.start()). `store` replaces the node's store for its writes (a cluster owner's fenced store).
   * Throws when the game's module is not registered or the log does not replay (SetupRefused when the
   * module refuses the setup itself).
   */
  openRoom(args: RoomArgs): GameRoom {
    return this.keep(this.buildRoom(args));
  }

  /** The room of `args`, built from its setup and entries but not kept on this node (see openRoom). */
  private buildRoom(args: RoomArgs): GameRoom {
    return GameRoom.open({ id: args.id, module: moduleOf(args.game), setup: args.setup, seats: args.seats, tableCode: args.tableCode, entries: args.entries, refusals: args.refusals ?? [], store: args.store ?? this.store, timings: { ...this.timings, turnMs: args.turnSeconds * 1000 }, metrics: this.metrics, log: this.log, onFinished: this.finished, ...(args.onStored ? { onStored: args.onStored } : {}), ...(args.onPresence ? { onPresence: args.onPresence } : {}) });
  }

  /** Keeps `room` on this node, in place of an earlier room of the same game (disposed). */
  private keep(room: GameRoom): GameRoom {
    this.rooms.get(room.id)?.dispose();
    this.rooms.set(room.id, room);
    return room;
  }

  /** The room of stored game `game` from its log, kept on this node and not started. Throws when the log does not replay. */
  private async openStored(game: StoredGame): Promise<GameRoom> {
    const [entries, refusals] = await Promise.all([this.store.loadLog(game.id), this.store.loadRefusals(game.id, REFUSED_MEMORY)]);
    return this.openRoom({ id: game.id, game: game.game, setup: game.setup, seats: seatsOf(game), tableCode: game.tableCode, entries, refusals, turnSeconds: game.turnSeconds });
  }

  /** Drops `room` from this node at once (a cluster node that lost the game's lease): it answers RETRY. */
  evict(room: GameRoom): void {
    if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
    clearTimeout(this.lingering.get(room.id));
    this.lingering.delete(room.id);
    room.dispose();
  }

  /**
   * Admin action: ends running game `gameId` without a winner (GameRoom.end) and forgets its room.
   * False when no running game of that id is on this node.
   */
  async endGame(gameId: string, reason: string): Promise<boolean> {
    const room = this.rooms.get(gameId);
    if (!room || room.over) return false;
    this.rooms.delete(gameId);
    await room.end(reason);
    return true;
  }

  /**
   * Reopens every running game of the store (after a restart), each from its stored log with its own
   * turn timer. A game whose module this node does not have is reported by name and left as stored.
   */
  async restore(): Promise<number> {
    const games = await this.store.listGames({ status: "running" });
    let restored = 0;
    for (const game of games) {
      if (this.rooms.has(game.id)) continue;
      if (!findGame(game.game)) {
        this.log.error({ gameId: game.id, game: game.game }, `a stored game could not be restored: no module of game "${game.game}" is registered on this node (GAME_MODULES)`);
        continue;
      }
      try {
        const room = await this.openStored(game);
        room.start();
        restored++;
      } catch (error) {
        this.log.error({ err: error, gameId: game.id }, "a stored game could not be restored");
      }
    }
    return restored;
  }

  /** Stops taking new games, waits for every queued command, and drains the store's writes. */
  async drain(): Promise<void> {
    this.accepting = false;
    await Promise.all([...this.rooms.values()].map((r) => r.stop()));
    await this.store.flush();
  }

  dispose(): void {
    for (const t of this.lingering.values()) clearTimeout(t);
    this.lingering.clear();
    for (const room of this.rooms.values()) room.dispose();
    this.rooms.clear();
  }
}

/** The seats of a stored game as its room takes them. */
export function seatsOf(game: StoredGame): RoomSeat[] {
  return game.seats.map((s) => ({ index: s.seat, playerId: s.playerId, name: s.name, bot: s.botKind }));
}

/** The registered module of game `id`. Throws naming the game when this node has none. */
export function moduleOf(id: string): AnyGameModule {
  const module = findGame(id);
  if (!module) throw new Error(`no module of game "${id}" is registered on this node`);
  return module;
}
