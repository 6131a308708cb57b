import { randomUUID } from "node:crypto";
import type { ErrorCode, QueueExitReason, QueueStatus, ServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { RoomSeat } from "../games/types.js";
import { formTables, ratingWindow, type Proposal } from "./forming.js";
import type { QueueDefinition } from "./queues.js";
import type { MatchRelay, RemoteQueueOp } from "./relay.js";
import type { QueueEntry, QueueStore } from "./store.js";
import { queueWaits, RECENT_WAITS_WINDOW_MS, type QueueWaits } from "./waits.js";

/** A refused queue request, with its stable code (nothing changed). */
export class MatchmakingError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MatchmakingError";
  }
}

/**
 * Starts the game of a confirmed match and resolves its id. The default (services.ts) calls the node's
 * GameHost.createGame; in cluster mode this is the seam where the game is placed on a node.
 */
export type GameStarter = (match: { queue: QueueDefinition; seats: RoomSeat[] }) => Promise<{ gameId: string }>;

/** Delivers a message to a player's sockets on this node (the seam for routing it to another node). */
export type MatchNotifier = (playerId: string, message: ServerMessage) => void;

export interface MatchmakerOptions {
  queues: readonly QueueDefinition[];
  store: QueueStore;
  /** The rating ordinal of each player in game `game` (0 for players never rated). */
  ordinals(playerIds: readonly string[], game: string): Promise<Map<string, number>>;
  startGame: GameStarter;
  notify: MatchNotifier;
  /** Is the player seated in a running game? Such a player cannot queue (one game at a time). */
  inGame?(playerId: string): boolean;
  /**
   * Cluster mode: where ready checks held by other nodes are reached (confirm, leave, disconnect), and
   * whether a player still has a socket on another node. Absent on a single node.
   */
  relay?: MatchRelay;
  /** Milliseconds between two matching passes (0: no timer; call tick() yourself). */
  tickMs: number;
  log?: FastifyBaseLogger;
  /** Clock, epoch ms (tests). */
  now?: () => number;
}

/** A found match waiting for every player's confirmation. Its timer is owned by the matchmaker. */
interface ReadyCheck {
  matchId: string;
  queue: QueueDefinition;
  entries: QueueEntry[];
  bots: number;
  confirmed: Set<string>;
  /** When the table was found (epoch ms): the end of its players' waits. */
  foundAt: number;
  deadline: number;
  timer: NodeJS.Timeout;
  settled: boolean;
}

/**
 * The matchmaker of a node: joins and leaves, matching passes over every queue (formTables, then an
 * atomic claim per table), ready checks, and the start of confirmed matches. Whoever does not confirm
 * in time (or declines, or disconnects) goes out; the others go back in with their original join time.
 */
export class Matchmaker {
  private readonly queues: Map<string, QueueDefinition>;
  private readonly checks = new Map<string, ReadyCheck>();
  private readonly checkOf = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly opts: MatchmakerOptions) {
    this.queues = new Map(opts.queues.map((q) => [q.id, q]));
    this.now = opts.now ?? Date.now;
  }

  /** Starts the matching timer (every tickMs). */
  start(): void {
    if (this.opts.tickMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.opts.log?.error({ err }, "matching pass failed"));
    }, this.opts.tickMs);
    this.timer.unref();
  }

  /** Stops the timer and every ready check's timer. */
  dispose(): void {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.checks.values()) clearTimeout(c.timer);
    this.checks.clear();
    this.checkOf.clear();
  }

  /** The queue definitions. */
  definitions(): QueueDefinition[] {
    return [...this.queues.values()];
  }

  /** Players waiting in queue `queueId` now. */
  async waiting(queueId: string): Promise<number> {
    return (await this.opts.store.entries(queueId)).length;
  }

  /**
   * Queue `queueId` now, from what the store holds (so the whole cluster's queue on the Redis store):
   * how many wait, the longest current wait and the recent waits (waits.ts). No player is named.
   */
  async summary(queueId: string): Promise<{ waiting: number; waits: QueueWaits }> {
    const now = this.now();
    const [entries, recent] = await Promise.all([this.opts.store.entries(queueId), this.opts.store.recentWaits(queueId, now - RECENT_WAITS_WINDOW_MS)]);
    return { waiting: entries.length, waits: queueWaits(entries.map((e) => e.joinedAt), recent, now) };
  }

  /** Joins a queue. QUEUE_NOT_FOUND; ALREADY_PLAYING while seated in a running game; ALREADY_QUEUED when queued or in a ready check. */
  async join(player: { id: string; name: string }, queueId: string): Promise<QueueStatus> {
    const queue = this.queues.get(queueId);
    if (!queue) throw new MatchmakingError("QUEUE_NOT_FOUND", `no queue "${queueId}": GET /api/queues lists them`);
    if (this.opts.inGame?.(player.id)) throw new MatchmakingError("ALREADY_PLAYING", "your game is still running: finish it before joining a queue");
    const rating = (await this.opts.ordinals([player.id], queue.game)).get(player.id) ?? 0;
    const entry: QueueEntry = { playerId: player.id, name: player.name, rating, joinedAt: this.now() };
    let joined = await this.opts.store.join(queueId, entry);
    // (Cluster) in a ready check whose node died, nobody holds it: the player is set free and joins.
    if (!joined && (await this.freedFromDeadCheck(player.id))) joined = await this.opts.store.join(queueId, entry);
    if (!joined) {
      const place = await this.opts.store.placement(player.id);
      throw new MatchmakingError("ALREADY_QUEUED", `you are already ${place?.state === "matched" ? "in a ready check" : "queued"} in "${place?.queueId ?? "?"}": one queue at a time, leave it first`);
    }
    return this.queuedStatus(queue, entry);
  }

  /** Leaves the queue, or declines the ready check the player is in. NOT_QUEUED when neither. */
  async leave(playerId: string): Promise<QueueStatus> {
    const matchId = this.checkOf.get(playerId);
    if (matchId) {
      await this.fail(this.checks.get(matchId)!, new Map([[playerId, "declined"]]), playerId);
      return { state: "idle", reason: "declined" };
    }
    const left = await this.opts.store.leave(playerId);
    if (left) return { state: "idle", reason: "left" };
    // In a ready check another node holds (cluster): declined there.
    const remote = await this.remoteCheck(playerId);
    if (remote) return this.forward(remote, { op: "leave", playerId, matchId: remote.matchId });
    throw new MatchmakingError("NOT_QUEUED", "you are in no queue");
  }

  /**
   * The ready check of another node the player is in (cluster mode), or null. A check whose holder is
   * gone (its node died, so did its timer) sets the player free here: out of matchmaking, as a timeout.
   */
  private async remoteCheck(playerId: string): Promise<{ nodeId: string; matchId: string; deadline: number } | null> {
    const relay = this.opts.relay;
    if (!relay) return null;
    const place = await this.opts.store.placement(playerId);
    if (place?.state !== "matched" || this.checks.has(place.matchId)) return null;
    const holder = await relay.holder(place.matchId);
    if (!holder) {
      await this.opts.store.release(place.matchId, [playerId]);
      return null;
    }
    return holder.nodeId === relay.nodeId ? null : { ...holder, matchId: place.matchId };
  }

  /** True when the player was in a ready check no live node holds (cluster) and is now free. */
  private async freedFromDeadCheck(playerId: string): Promise<boolean> {
    if (!this.opts.relay) return false;
    const place = await this.opts.store.placement(playerId);
    if (place?.state !== "matched" || this.checks.has(place.matchId)) return false;
    await this.remoteCheck(playerId);
    return (await this.opts.store.placement(playerId)) === null;
  }

  private forward(remote: { nodeId: string }, op: RemoteQueueOp): Promise<QueueStatus> {
    return this.opts.relay!.forward(remote.nodeId, op);
  }

  /**
   * Applies `op` from another node to a ready check THIS node holds (the relay's inbox handler).
   * MATCH_NOT_FOUND when the check is not (or no longer) here.
   */
  async handleRemote(op: RemoteQueueOp): Promise<QueueStatus> {
    const check = this.checks.get(op.matchId);
    if (op.op === "confirm") return this.confirm(op.playerId, op.matchId, op.accept);
    if (!check || check.settled || !check.entries.some((e) => e.playerId === op.playerId)) {
      throw new MatchmakingError("MATCH_NOT_FOUND", `no ready check ${op.matchId} waits for you (it is over, or not yours)`);
    }
    await this.fail(check, new Map([[op.playerId, op.op === "leave" ? "declined" : "disconnected"]]), op.op === "leave" ? op.playerId : null);
    return { state: "idle", reason: op.op === "leave" ? "declined" : "disconnected" };
  }

  /** Where the player stands. */
  async status(playerId: string): Promise<QueueStatus> {
    const place = await this.opts.store.placement(playerId);
    if (!place) return { state: "idle" };
    if (place.state === "matched") {
      const deadline = this.checks.get(place.matchId)?.deadline ?? (await this.opts.relay?.holder(place.matchId))?.deadline ?? this.now();
      return { state: "matched", queueId: place.queueId, matchId: place.matchId, deadline };
    }
    const queue = this.queues.get(place.queueId);
    return queue ? this.queuedStatus(queue, place.entry) : { state: "idle" };
  }

  /** Confirms (or declines) a found match. MATCH_NOT_FOUND when the player has no such ready check here. */
  async confirm(playerId: string, matchId: string, accept: boolean): Promise<QueueStatus> {
    const check = this.checks.get(matchId);
    if (!check && this.opts.relay) {
      // Held by another node (cluster): the confirmation goes there. (Held by a dead node: the player is free.)
      const remote = await this.remoteCheck(playerId);
      if (remote?.matchId === matchId) return this.forward(remote, { op: "confirm", playerId, matchId, accept });
    }
    if (!check || check.settled || !check.entries.some((e) => e.playerId === playerId)) {
      throw new MatchmakingError("MATCH_NOT_FOUND", `no ready check ${matchId} waits for you (it is over, or not yours)`);
    }
    if (!accept) {
      await this.fail(check, new Map([[playerId, "declined"]]), playerId);
      return { state: "idle", reason: "declined" };
    }
    check.confirmed.add(playerId);
    const status: QueueStatus = { state: "matched", queueId: check.queue.id, matchId, deadline: check.deadline };
    if (check.confirmed.size === check.entries.length) {
      this.startMatch(check).catch((err: unknown) => this.opts.log?.error({ err, matchId }, "a confirmed match failed to start"));
    }
    return status;
  }

  /**
   * The player's last socket on this node closed: out of the queue or the ready check, unless (cluster)
   * they still have a socket on another node. A ready check held by another node is told there.
   */
  async disconnected(playerId: string): Promise<void> {
    if (this.opts.relay) {
      // Only a queued or matched player is worth asking the other nodes about.
      if (!this.checkOf.has(playerId) && !(await this.opts.store.placement(playerId))) return;
      if (await this.opts.relay.connectedElsewhere(playerId)) return;
    }
    const matchId = this.checkOf.get(playerId);
    if (matchId) return this.fail(this.checks.get(matchId)!, new Map([[playerId, "disconnected"]]), playerId);
    if (await this.opts.store.leave(playerId)) return;
    const remote = await this.remoteCheck(playerId);
    if (remote) await this.forward(remote, { op: "disconnected", playerId, matchId: remote.matchId }).catch(() => undefined);
  }

  /**
   * One matching pass over every queue: proposes tables, claims each atomically and opens its ready
   * check; then sends out whoever waited past the queue's maximum wait. Resolves the number of matches
   * found. Passes never overlap (a pass asked during another returns that one's promise).
   */
  tick(): Promise<number> {
    if (this.disposed) return Promise.resolve(0);
    return (this.ticking ??= this.pass().finally(() => (this.ticking = null)));
  }

  private async pass(): Promise<number> {
    let found = 0;
    for (const queue of this.queues.values()) {
      const entries = await this.opts.store.entries(queue.id);
      if (entries.length === 0) continue;
      const now = this.now();
      const matched = new Set<string>();
      for (const proposal of formTables(entries, queue, now)) {
        const matchId = randomUUID();
        const ids = proposal.players.map((p) => p.playerId);
        const foundAt = this.now();
        const deadline = foundAt + queue.readySeconds * 1000;
        // (Cluster) the holder is recorded BEFORE the claim: a player in a ready check always has one
        // (until the check ends), so no other node mistakes a check being opened for a dead one.
        if (!(await this.recordHolder(matchId, deadline))) continue;
        if (!(await this.opts.store.claim(queue.id, matchId, ids))) {
          await this.opts.relay?.closed(matchId);
          continue;
        }
        for (const id of ids) matched.add(id);
        this.openCheck(queue, matchId, proposal, foundAt, deadline);
        found++;
      }
      if (queue.maxWaitSeconds !== null) {
        for (const e of entries) {
          if (matched.has(e.playerId) || now - e.joinedAt < queue.maxWaitSeconds * 1000) continue;
          if (await this.opts.store.leave(e.playerId)) {
            this.opts.notify(e.playerId, { type: "queue", status: { state: "idle", reason: "maxWait", message: `no table found within ${queue.maxWaitSeconds} s in "${queue.id}": you left the queue; join again to keep waiting` } });
          }
        }
      }
    }
    return found;
  }

  /** (Cluster) records this node as the holder of `matchId`; false when Redis failed (the table waits for the next pass). */
  private async recordHolder(matchId: string, deadline: number): Promise<boolean> {
    if (!this.opts.relay) return true;
    try {
      await this.opts.relay.opened(matchId, deadline);
      return true;
    } catch (err) {
      this.opts.log?.warn({ err, matchId }, "a ready check's holder could not be recorded: the table waits for the next pass");
      return false;
    }
  }

  /** Opens the ready check of a claimed table (its holder recorded already, in cluster mode). */
  private openCheck(queue: QueueDefinition, matchId: string, proposal: Proposal, foundAt: number, deadline: number): void {
    const check: ReadyCheck = {
      matchId,
      queue,
      entries: proposal.players,
      bots: proposal.bots,
      confirmed: new Set(),
      foundAt,
      deadline,
      settled: false,
      timer: setTimeout(() => {
        const out = new Map<string, QueueExitReason>();
        for (const e of check.entries) if (!check.confirmed.has(e.playerId)) out.set(e.playerId, "readyTimeout");
        this.fail(check, out, null).catch((err: unknown) => this.opts.log?.error({ err, matchId }, "a ready check failed to end"));
      }, queue.readySeconds * 1000),
    };
    check.timer.unref();
    this.checks.set(matchId, check);
    for (const e of proposal.players) this.checkOf.set(e.playerId, matchId);
    const players = proposal.players.map((p) => ({ id: p.playerId, name: p.name }));
    for (const e of proposal.players) {
      this.opts.notify(e.playerId, { type: "matchFound", matchId, queueId: queue.id, players, bots: proposal.bots, deadline });
      this.opts.notify(e.playerId, { type: "queue", status: { state: "matched", queueId: queue.id, matchId, deadline } });
    }
  }

  /** Ends a ready check that failed: `out` leave matchmaking, everyone else goes back in. */
  private async fail(check: ReadyCheck, out: Map<string, QueueExitReason>, asker: string | null): Promise<void> {
    if (check.settled) return;
    this.settle(check);
    const back = check.entries.filter((e) => !out.has(e.playerId));
    await this.opts.store.release(check.matchId, [...out.keys()]);
    await this.opts.store.requeue(check.queue.id, check.matchId, back);
    // Forgotten once nobody is in it any more (an earlier end would look like a dead holder).
    await this.opts.relay?.closed(check.matchId);
    for (const [id, reason] of out) {
      if (id === asker) continue;
      const message =
        reason === "readyTimeout"
          ? `you did not confirm the match within ${check.queue.readySeconds} s: you left the queue`
          : reason === "alreadyPlaying"
            ? "you started another game before this match did: you left the queue (one game at a time)"
            : undefined;
      this.opts.notify(id, { type: "queue", status: message ? { state: "idle", reason, message } : { state: "idle", reason } });
    }
    for (const e of back) this.opts.notify(e.playerId, { type: "queue", status: this.queuedStatus(check.queue, e) });
  }

  private settle(check: ReadyCheck): void {
    check.settled = true;
    clearTimeout(check.timer);
    this.checks.delete(check.matchId);
    for (const e of check.entries) if (this.checkOf.get(e.playerId) === check.matchId) this.checkOf.delete(e.playerId);
  }

  /** Every player confirmed: start the game; if it cannot start, everyone goes back in the queue. */
  private async startMatch(check: ReadyCheck): Promise<void> {
    if (check.settled) return;
    // One game at a time: a player who started another game (a private table) since joining is out.
    const busy = check.entries.filter((e) => this.opts.inGame?.(e.playerId));
    if (busy.length > 0) return this.fail(check, new Map(busy.map((e) => [e.playerId, "alreadyPlaying" as const])), null);
    this.settle(check);
    const seats: RoomSeat[] = check.entries.map((e, index) => ({ index, playerId: e.playerId, name: e.name, bot: null }));
    for (let b = 0; b < check.bots; b++) {
      const index = seats.length;
      seats.push({ index, playerId: `bot-${check.matchId.slice(0, 8)}-${index}`, name: `bot ${b + 1}`, bot: check.queue.botKind });
    }
    let gameId: string;
    try {
      ({ gameId } = await this.opts.startGame({ queue: check.queue, seats }));
    } catch (err) {
      this.opts.log?.warn({ err, matchId: check.matchId }, "a confirmed match could not start: its players go back in the queue");
      await this.opts.store.requeue(check.queue.id, check.matchId, check.entries);
      await this.opts.relay?.closed(check.matchId);
      for (const e of check.entries) this.opts.notify(e.playerId, { type: "queue", status: this.queuedStatus(check.queue, e) });
      return;
    }
    await this.opts.store.release(check.matchId, check.entries.map((e) => e.playerId));
    await this.opts.relay?.closed(check.matchId);
    for (const e of check.entries) this.opts.notify(e.playerId, { type: "queue", status: { state: "playing", queueId: check.queue.id, gameId } });
    // Statistics only: a failed write loses these waits, never the game.
    const waits = check.entries.map((e) => Math.max(0, check.foundAt - e.joinedAt));
    await this.opts.store.recordWaits(check.queue.id, check.matchId, this.now(), waits).catch((err: unknown) => this.opts.log?.warn({ err, matchId: check.matchId }, "the waits of a started match could not be recorded"));
  }

  private queuedStatus(queue: QueueDefinition, entry: QueueEntry): QueueStatus {
    return { state: "queued", queueId: queue.id, joinedAt: entry.joinedAt, ratingWindow: ratingWindow(queue, this.now() - entry.joinedAt) };
  }
}
