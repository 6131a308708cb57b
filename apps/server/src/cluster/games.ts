/**
 * The games of a cluster node (GameDirectory in cluster mode): the node's copies of games (SharedGame),
 * the games it owns (a GameRoom behind a lease and the game's fencing token), and the moves of games
 * between nodes:
 *  - create: a new game's lease is taken first, and its token stored with the game (Game.fencingToken);
 *  - claim (failover, hand-over): lease taken in Redis (token above the stored one), then the game
 *    claimed in the database (`claimGame`: token raised, lastSeq read), then the room rebuilt from the
 *    stored log and the new owner announced on the game's channel;
 *  - lost: a lease given up (expired by this node's clock, refused by Redis) or a write FENCED by the
 *    database drops the room at once: its commands go to the next owner;
 *  - scan: every half lease, the running games of the store without a lease are claimed, the least
 *    loaded live nodes first (placement of orphans), each node taking its share.
 */
import { randomUUID } from "node:crypto";
import { isDbError } from "@bang/db";
import type { CommandBase } from "@bang/game-core";
import type { GameCommand, PresenceMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import { seatsOf, type GameHost, type RoomStoredListener } from "../games/host.js";
import { REFUSED_MEMORY, type GameRoom } from "../games/room.js";
import { SeatedMap } from "../games/seated-map.js";
import type { Answer, GameDirectory, GameHandle, RoomSeat } from "../games/types.js";
import type { GameStore, StoredGame } from "../persistence/store.js";
import type { Json, MessageBus, Unsubscribe } from "./bus.js";
import type { ClusterKeys } from "./keys.js";
import type { HeldLease, LeaseKeeper, LeaseLoss, Leases } from "./lease.js";
import type { Membership } from "./membership.js";
import type { Redis } from "./redis.js";
import { SharedGame, type GameChannelMessage, type SharedGameContext } from "./shared-game.js";

export interface ClusterGamesOptions {
  nodeId: string;
  host: GameHost;
  store: GameStore;
  bus: MessageBus;
  redis: Redis;
  keys: ClusterKeys;
  leases: Leases;
  keeper: LeaseKeeper;
  membership: Membership;
  /** Lease TTL, in ms. */
  leaseTtlMs: number;
  log: FastifyBaseLogger;
}

/** A request between nodes about games (the `kind` of a bus request). */
export type GameRequest =
  | { kind: "command"; gameId: string; by: string; id: string; command: GameCommand }
  | { kind: "presence"; gameId: string; playerId: string; connected: boolean; nodeId: string; back?: boolean }
  | { kind: "createGame"; game: string; seats: RoomSeat[]; tableCode: string | null; turnSeconds: number; gameOptions?: Record<string, unknown> }
  | { kind: "claim"; gameId: string };

/** How long a copy nobody watches (or a finished game's) stays, in ms. */
const IDLE_DROP_MS = 60_000;
/** Most running games one scan looks at. */
const SCAN_LIMIT = 1000;

const channelOf = (gameId: string) => `game:${gameId}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** See the file's comment. One per cluster node; start() begins the orphan scan, close() ends it. */
export class ClusterGames implements GameDirectory {
  private readonly games = new SeatedMap<{ game: SharedGame; unsubscribe: Unsubscribe | null; dropTimer: NodeJS.Timeout | null }>((e) => e.game.seats);
  private readonly loading = new Map<string, Promise<SharedGame | null>>();
  private readonly context: SharedGameContext;
  private scanTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private draining = false;

  constructor(private readonly o: ClusterGamesOptions) {
    this.context = {
      nodeId: o.nodeId,
      log: o.log,
      ownerOf: (gameId) => this.ownerOf(gameId),
      forward: async (nodeId, command) => {
        const reply = (await o.bus.request(nodeId, { kind: "command", ...command } as unknown as Json, Math.max(1000, o.leaseTtlMs))) as unknown as Answer | { notOwner: true };
        return "notOwner" in reply ? "NOT_OWNER" : reply;
      },
      presence: (nodeId, message) => {
        void o.bus.request(nodeId, { kind: "presence", ...message, nodeId: o.nodeId }, 2000).catch(() => undefined);
      },
      loadLog: (gameId) => o.store.loadLog(gameId),
      findRefusal: (gameId, playerId, clientCommandId) => o.store.findRefusal(gameId, playerId, clientCommandId),
      retryBudgetMs: 2 * o.leaseTtlMs + 2000,
      idle: (game) => this.scheduleDrop(game.id),
    };
  }

  /** Starts the orphan scan (every half lease). */
  start(): void {
    this.scanTimer = setInterval(() => void this.scan(), Math.max(100, Math.floor(this.o.leaseTtlMs / 2)));
  }

  /** The node holding the game's lease now, or null (none). Rejects when Redis does not answer. */
  async ownerOf(gameId: string): Promise<string | null> {
    return (await this.o.leases.owner(gameId))?.nodeId ?? null;
  }

  /** Games owned here (their rooms). */
  owned(): GameRoom[] {
    return [...this.games.values()].map((e) => e.game.room).filter((r): r is GameRoom => r !== null);
  }

  /** This node's copy of the game, loaded from the store (and subscribed) on first use; null if unknown. */
  has(gameId: string): boolean {
    return this.games.has(gameId);
  }

  open(gameId: string): Promise<GameHandle | null> {
    const known = this.games.get(gameId);
    if (known) return Promise.resolve(known.game);
    return this.load(gameId);
  }

  /** Running games this node has a copy of where `playerId` has a seat. */
  gamesOf(playerId: string): GameHandle[] {
    return this.games.of(playerId).map((e) => e.game).filter((g) => !g.over);
  }

  /** Running games of `playerId` in the store that this node has no copy of (opened on hello). */
  async otherGamesOf(playerId: string): Promise<string[]> {
    return (await this.o.store.runningGameIdsOf(playerId)).filter((id) => !this.games.has(id));
  }

  /** Creates a game owned by this node (placement chose it): lease first, its token stored with the game. */
  async createLocal(args: { game: string; seats: RoomSeat[]; tableCode: string | null; turnSeconds: number; gameOptions?: Record<string, unknown> }): Promise<{ id: string }> {
    if (this.draining) throw new Error("this node is draining");
    const id = randomUUID();
    const got = await this.o.keeper.acquire(id, this.o.nodeId, this.o.leaseTtlMs);
    if (!got) throw new Error(`the lease of the new game ${id} is taken`);
    let holder: SharedGame | null = null;
    try {
      const onStored: RoomStoredListener = (e) => {
        holder?.stored(e);
        this.fanOut(id, e);
      };
      const onPresence = (presence: PresenceMessage) => {
        holder?.presenceChanged(presence);
        this.fanOutPresence(id, presence);
      };
      const room = await this.o.host.createGame(args, { id, fencingToken: got.token, store: this.fencedStore(id, got.token), onStored, onPresence });
      const game = SharedGame.from({ id, game: room.module.id, setup: room.setup, seats: [...room.seats], tableCode: room.tableCode, entries: [] }, this.context);
      holder = game;
      game.attach(room, []);
      this.games.set(id, { game, unsubscribe: null, dropTimer: null });
      await this.listen(game);
      return { id };
    } catch (error) {
      await this.o.keeper.release(id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Takes the game over: lease (token above the stored one), database claim, rebuild from the log,
   * announcement. Resolves true when this node owns it now, false when another node does or the game
   * is not running. Rejects on a Redis or database failure (the lease is then released).
   */
  async claim(gameId: string): Promise<boolean> {
    if (this.draining) return false;
    if (this.games.get(gameId)?.game.room) return true;
    const stored = await this.o.store.getGame(gameId);
    if (!stored || stored.status !== "running") return false;
    let got = await this.o.keeper.acquire(gameId, this.o.nodeId, this.o.leaseTtlMs, { minToken: stored.fencingToken });
    if (!got) return false;
    try {
      let claimed = await this.o.store.claimGame(gameId, got.token);
      if (!claimed) {
        // A greater token is stored (Redis lost its counter): take a token above it.
        await this.o.keeper.release(gameId);
        const again = await this.o.store.getGame(gameId);
        if (!again) return false;
        got = await this.o.keeper.acquire(gameId, this.o.nodeId, this.o.leaseTtlMs, { minToken: again.fencingToken });
        if (!got) return false;
        claimed = await this.o.store.claimGame(gameId, got.token);
        if (!claimed) {
          await this.o.keeper.release(gameId);
          return false;
        }
      }
      // No earlier owner can write after the claim: the log is complete.
      const [entries, refusals] = await Promise.all([this.o.store.loadLog(gameId), this.o.store.loadRefusals(gameId, REFUSED_MEMORY)]);
      const game = (await this.load(gameId, stored)) as SharedGame | null;
      if (!game) throw new Error(`game ${gameId} could not be loaded`);
      const token = got.token;
      const onStored: RoomStoredListener = (e) => {
        game.stored(e);
        this.fanOut(gameId, e);
      };
      const onPresence = (presence: PresenceMessage) => {
        game.presenceChanged(presence);
        this.fanOutPresence(gameId, presence);
      };
      const room = this.o.host.openRoom({ id: gameId, game: stored.game, setup: stored.setup, seats: seatsOf(stored), tableCode: stored.tableCode, entries, refusals, turnSeconds: stored.turnSeconds, store: this.fencedStore(gameId, token), onStored, onPresence });
      game.attach(room, entries);
      room.start();
      this.cancelDrop(gameId);
      this.o.log.info({ gameId, token, seq: entries.length }, "game claimed");
      const announcement: GameChannelMessage = { kind: "owner", nodeId: this.o.nodeId, seq: entries.length };
      await this.o.bus.publish(channelOf(gameId), announcement as unknown as Json).catch(() => undefined);
      return true;
    } catch (error) {
      await this.o.keeper.release(gameId).catch(() => undefined);
      throw error;
    }
  }

  /** The keeper gave a lease up: the room stops at once (its commands are answered RETRY and move on). */
  lost(lease: HeldLease, reason: LeaseLoss): void {
    const entry = this.games.get(lease.gameId);
    const room = entry?.game.room;
    if (!entry || !room) return;
    this.o.log.warn({ gameId: lease.gameId, token: lease.token, reason }, "lease lost: the room stops");
    entry.game.detach();
    this.o.host.evict(room);
    if (entry.game.subscriberCount === 0) this.scheduleDrop(lease.gameId);
  }

  /** A finished game's result is recorded: its lease is no longer needed. */
  finished(room: GameRoom): void {
    const entry = this.games.get(room.id);
    if (entry?.game.room !== room) return;
    void this.o.keeper.release(room.id).catch(() => undefined);
    this.scheduleDrop(room.id);
  }

  /** Answers a game request from another node. */
  async handle(request: GameRequest): Promise<Json> {
    switch (request.kind) {
      case "command": {
        const game = this.games.get(request.gameId)?.game;
        const room = game?.room;
        if (!game || !room || game.handingOver) return { notOwner: true };
        if (game.endReason !== null) return { ok: false, code: "GAME_ENDED", message: game.endReason };
        const answer = await room.submit(request.by, request.id, request.command);
        if (!answer.ok && answer.code === "RETRY" && game.room !== room) return { notOwner: true };
        return answer as unknown as Json;
      }
      case "presence":
        this.games.get(request.gameId)?.game.presenceOn(request.nodeId, request.playerId, request.connected);
        if (request.back) this.games.get(request.gameId)?.game.room?.takeSeatBack(request.playerId);
        return null;
      case "createGame":
        return await this.createLocal(request);
      case "claim":
        return { claimed: await this.claim(request.gameId) };
    }
  }

  /**
   * Admin action on the owner: ends running game `gameId` without a winner. New commands are refused
   * (GAME_ENDED) at once, the queued ones finish and are stored, the game is stored `abandoned`, every
   * node's sockets are told (the "ended" message of the game's channel), and only then is the lease
   * released (so no node claims the game meanwhile). "notOwner" when this node does not own the game
   * (the caller asks the owner), "over" when the game is over already. Rejects when the store fails
   * (the game then stays running here and refuses commands: try again).
   */
  async end(gameId: string, reason: string): Promise<"ended" | "over" | "notOwner"> {
    const entry = this.games.get(gameId);
    const room = entry?.game.room;
    if (!entry || !room || entry.game.handingOver) return "notOwner";
    if (room.over || entry.game.endReason !== null) return "over";
    entry.game.refuseCommands(reason);
    await this.o.host.endGame(gameId, reason);
    await this.o.store.flush();
    await this.o.store.admin.abandonGame(gameId);
    const message: GameChannelMessage = { kind: "ended", reason };
    await this.o.bus.publish(channelOf(gameId), message as unknown as Json).catch((error: unknown) => this.o.log.warn({ err: error, gameId }, "could not tell the other nodes that the game ended"));
    this.forget(gameId, reason);
    await this.o.keeper.release(gameId).catch(() => undefined);
    return "ended";
  }

  /**
   * Admin action on a running game that no node holds: one whose stored setup or log no longer deals
   * or replays (stored by an older server), which every orphan scan fails to claim, or one between two
   * owners. This node takes the game's lease with a fencing token above the stored one and records that
   * token (so no earlier owner can write after it, DESIGN 2), stores the game `abandoned`, tells every
   * node (the "ended" message) and lets the lease go; the game is not loaded. Resolves "ended" with the
   * game's table code (null: none), "held" when a node holds the lease now (ask it: `end` there), "over"
   * when the game is not stored running. Rejects when the store or Redis fails (nothing is ended then,
   * or the game is stored ended and only the lease waits for its expiry).
   */
  async endUnheld(gameId: string, reason: string): Promise<{ outcome: "ended"; tableCode: string | null } | { outcome: "held" } | { outcome: "over" }> {
    if (this.games.get(gameId)?.game.room) return { outcome: "held" };
    const stored = await this.o.store.getGame(gameId);
    if (!stored || stored.status !== "running") return { outcome: "over" };
    const got = await this.o.keeper.acquire(gameId, this.o.nodeId, this.o.leaseTtlMs, { minToken: stored.fencingToken });
    if (!got) return { outcome: "held" };
    try {
      // A greater token stored (another node claimed the game since it was read), or the game ended or
      // finished meanwhile: the relay looks again (and then finds its owner, or no running game).
      if (!(await this.o.store.claimGame(gameId, got.token))) return { outcome: "held" };
      await this.o.store.admin.abandonGame(gameId);
    } finally {
      await this.o.keeper.release(gameId).catch(() => undefined);
    }
    const message: GameChannelMessage = { kind: "ended", reason };
    await this.o.bus.publish(channelOf(gameId), message as unknown as Json).catch((error: unknown) => this.o.log.warn({ err: error, gameId }, "could not tell the other nodes that the game ended"));
    return { outcome: "ended", tableCode: stored.tableCode };
  }

  /**
   * Looks for running games without a lease and claims this node's share of them. The least loaded
   * live nodes look first (a delay by load rank), so orphans land on them.
   */
  scan(): Promise<void> {
    return (this.scanning ??= this.scanOnce()
      .catch((error: unknown) => this.o.log.debug({ err: error }, "orphan scan failed"))
      .finally(() => {
        this.scanning = null;
      }));
  }

  private async scanOnce(): Promise<void> {
    if (this.draining) return;
    // Copies whose channel could not be subscribed (Redis was down) try again.
    for (const entry of this.games.values()) if (!entry.unsubscribe) await this.listen(entry.game);
    const live = await this.o.membership.liveNodes();
    const liveIds = new Set(live.map((n) => n.nodeId));
    for (const entry of this.games.values()) if (entry.game.room) entry.game.keepNodes(liveIds);
    const running = await this.o.store.listGames({ status: "running", limit: SCAN_LIMIT });
    const candidates = running.filter((g) => !this.games.get(g.id)?.game.room);
    if (candidates.length === 0) return;
    const leases = await this.o.redis.mget(candidates.map((g) => this.o.keys.lease(g.id)));
    const orphans = candidates.filter((_, i) => leases[i] === null);
    if (orphans.length === 0) return;
    const ranked = [...live].sort((a, b) => a.load - b.load || (a.nodeId < b.nodeId ? -1 : 1));
    const rank = Math.max(0, ranked.findIndex((n) => n.nodeId === this.o.nodeId));
    const share = Math.ceil(orphans.length / Math.max(1, ranked.length));
    await sleep(rank * 100);
    let taken = 0;
    for (const g of shuffle(orphans)) {
      if (taken >= share || this.draining) break;
      if (await this.claim(g.id).catch((error: unknown) => (this.o.log.warn({ err: error, gameId: g.id }, "claim failed"), false))) taken++;
    }
  }

  /**
   * Hands every owned game over (SIGTERM): new commands go to the next owner, the queued ones finish
   * and are stored, then each lease is released and a live node asked to claim the game at once.
   */
  async drain(): Promise<void> {
    this.draining = true;
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.scanTimer = null;
    const owned = [...this.games.values()].filter((e) => e.game.room);
    for (const e of owned) e.game.handingOver = true;
    await Promise.all(owned.map((e) => e.game.room!.stop()));
    await this.o.store.flush();
    const others = (await this.o.membership.liveNodes().catch(() => [])).filter((n) => n.nodeId !== this.o.nodeId).sort((a, b) => a.load - b.load);
    await Promise.all(
      owned.map(async (e, i) => {
        const room = e.game.room;
        if (!room) return;
        e.game.detach();
        this.o.host.evict(room);
        await this.o.keeper.release(room.id).catch(() => undefined);
        const target = others[i % Math.max(1, others.length)];
        if (target && !room.over) await this.o.bus.request(target.nodeId, { kind: "claim", gameId: room.id }, 3000).catch(() => undefined);
      }),
    );
  }

  /** Stops the scan and drops every copy (after drain). */
  async close(): Promise<void> {
    this.draining = true;
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.scanTimer = null;
    await this.scanning;
    for (const [id, e] of this.games) {
      if (e.dropTimer) clearTimeout(e.dropTimer);
      if (e.game.room) this.o.host.evict(e.game.room);
      await e.unsubscribe?.();
      this.games.delete(id);
    }
  }

  /** Publishes a stored entry on the game's channel (before the command's answer goes out). */
  private fanOut(gameId: string, entry: { seq: number; command: CommandBase; clientCommandId: string }): void {
    const message: GameChannelMessage = { kind: "entry", seq: entry.seq, command: entry.command, id: entry.clientCommandId };
    this.o.bus.publish(channelOf(gameId), message as unknown as Json).catch((error: unknown) => this.o.log.debug({ err: error, gameId }, "could not fan an entry out (followers reload from the store)"));
  }

  /** Publishes the owner room's presence on the game's channel (lost messages are harmless: the next change says it all again). */
  private fanOutPresence(gameId: string, presence: PresenceMessage): void {
    const message: GameChannelMessage = { kind: "presence", presence };
    this.o.bus.publish(channelOf(gameId), message as unknown as Json).catch((error: unknown) => this.o.log.debug({ err: error, gameId }, "could not fan the presence out"));
  }

  /**
   * A store whose writes (log appends, refusals) carry this owner's token and stop at once when the
   * lease is no longer held; a write the database fences ends this node's ownership.
   */
  private fencedStore(gameId: string, token: number): GameStore {
    const { store, keeper } = this.o;
    const fenced = async (id: string, write: () => Promise<void>): Promise<void> => {
      if (keeper.tokenOf(id) !== token) throw new Error(`game ${id}: this node no longer holds the lease (token ${token})`);
      try {
        await write();
      } catch (error) {
        if (isDbError(error) && error.code === "FENCED") {
          keeper.forget(gameId);
          const lease = { gameId, nodeId: this.o.nodeId, token, ttlMs: this.o.leaseTtlMs };
          queueMicrotask(() => this.lost(lease, "refused"));
        }
        throw error;
      }
    };
    return {
      ...store,
      finishGame: (id, winner) => store.finishGame(id, winner, token),
      append: (id, entry) => fenced(id, () => store.append(id, { ...entry, fencingToken: token })),
      refuse: (id, refusal) => fenced(id, () => store.refuse(id, refusal, token)),
    };
  }

  /** Loads the node's copy of a stored game (subscribed to its channel first, so no entry is missed). */
  private load(gameId: string, known?: StoredGame): Promise<SharedGame | null> {
    const existing = this.games.get(gameId);
    if (existing) return Promise.resolve(existing.game);
    const pending = this.loading.get(gameId);
    if (pending) return pending;
    const loading = (async (): Promise<SharedGame | null> => {
      const early: GameChannelMessage[] = [];
      let game: SharedGame | null = null;
      let unsubscribe: Unsubscribe | null = null;
      try {
        unsubscribe = await this.o.bus.subscribe(channelOf(gameId), (m) => {
          const message = m as unknown as GameChannelMessage;
          if (game) this.onChannel(game, message);
          else early.push(message);
        });
      } catch (error) {
        this.o.log.warn({ err: error, gameId }, "could not subscribe to the game's channel; trying again later");
      }
      try {
        const stored = known ?? (await this.o.store.getGame(gameId));
        // An ended game is gone, as on a single node (GAME_NOT_FOUND); a finished one stays for resumes.
        if (!stored || stored.status === "abandoned") {
          await unsubscribe?.();
          return null;
        }
        const entries = await this.o.store.loadLog(gameId);
        const made = SharedGame.from({ id: gameId, game: stored.game, setup: stored.setup, seats: seatsOf(stored), tableCode: stored.tableCode, entries }, this.context);
        game = made;
        this.games.set(gameId, { game: made, unsubscribe, dropTimer: null });
        for (const m of early) this.onChannel(made, m);
        if (made.subscriberCount === 0) this.scheduleDrop(gameId);
        return made;
      } catch (error) {
        await unsubscribe?.();
        this.o.log.error({ err: error, gameId }, "could not load the game");
        return null;
      }
    })().finally(() => this.loading.delete(gameId));
    this.loading.set(gameId, loading);
    return loading;
  }

  /** Subscribes a copy made without its channel (created here, or Redis was down), then catches up. */
  private async listen(game: SharedGame): Promise<void> {
    const entry = this.games.get(game.id);
    if (!entry || entry.unsubscribe) return;
    try {
      entry.unsubscribe = await this.o.bus.subscribe(channelOf(game.id), (m) => this.onChannel(game, m as unknown as GameChannelMessage));
      if (!game.room) await game.catchUp();
    } catch (error) {
      this.o.log.debug({ err: error, gameId: game.id }, "could not subscribe to the game's channel");
    }
  }

  /** A message of a game's channel for this node's copy; an ended game's copy is dropped. */
  private onChannel(game: SharedGame, message: GameChannelMessage): void {
    if (message.kind === "ended") this.forget(game.id, message.reason);
    else game.onChannel(message);
  }

  /** Drops the copy of a game an admin ended, telling its subscribers (GAME_ENDED) first. */
  private forget(gameId: string, reason: string): void {
    const entry = this.games.get(gameId);
    if (!entry) return;
    entry.game.ended(reason);
    if (entry.game.room) {
      this.o.host.evict(entry.game.room);
      entry.game.detach();
    }
    if (entry.dropTimer) clearTimeout(entry.dropTimer);
    this.games.delete(gameId);
    void entry.unsubscribe?.();
  }

  private scheduleDrop(gameId: string): void {
    const entry = this.games.get(gameId);
    if (!entry || entry.dropTimer) return;
    entry.dropTimer = setTimeout(() => {
      entry.dropTimer = null;
      const { game } = entry;
      if (this.games.get(gameId) !== entry || game.subscriberCount > 0 || (game.room && !game.over)) return;
      if (game.room) this.o.host.evict(game.room);
      this.games.delete(gameId);
      void entry.unsubscribe?.();
    }, IDLE_DROP_MS);
    entry.dropTimer.unref();
  }

  private cancelDrop(gameId: string): void {
    const entry = this.games.get(gameId);
    if (entry?.dropTimer) clearTimeout(entry.dropTimer);
    if (entry) entry.dropTimer = null;
  }
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
