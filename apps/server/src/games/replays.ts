/**
 * Replays of stored games for GET /api/games/:id/replay, computed once. Replaying a log costs about
 * 0.1 ms of CPU per entry, so a public endpoint that replayed the whole log on every request was a
 * cheap way to load a node (issue 18). Here:
 * - a game no longer running never changes: its steps (the state and events after each entry) are
 *   kept, and each viewer's list of entries as JSON text, until the memory budget evicts them;
 * - a running game's steps grow with its log: the next request reads and applies only the entries
 *   stored since (the store is asked for the log after the last seq it knows), and when this node's
 *   own room of the game (its writer) is still at the cached entry, the store is not read at all. A cluster node's copy of a game it does not own may lag the store, so it is not
 *   trusted: its replays read the store, and still apply only the new entries.
 * Both caches are lru-cache instances bounded by approximate bytes (JSON text length).
 */
import { replaySteps, type AnyGameModule, type EventBase, type ReplayedStep, type StateBase, type Viewer } from "@bang/game-core";
import { findGame } from "@bang/games";
import { LRUCache } from "lru-cache";
import type { GameStore, StoredEntry, StoredGame } from "../persistence/store.js";

/** A stored game replayed to the end of its log as it was read. */
export interface ReplayRecord {
  readonly game: StoredGame;
  readonly module: AnyGameModule;
  /** The stored entries, oldest first (entry i has seq i + 1). */
  readonly entries: readonly StoredEntry[];
  /** `steps[0]` after setup, `steps[i + 1]` after entry i. Shared: never mutate. */
  readonly steps: readonly ReplayedStep<StateBase, EventBase>[];
}

/** What the cache needs to know of this node's own room of a game (its writer), if it has one. */
export interface LiveGame {
  readonly seq: number;
  readonly over: boolean;
}

/** Thrown by Replays.load when this node has no module of the stored game's game. */
export class MissingModuleError extends Error {
  constructor(readonly game: string) {
    super(`no module of game "${game}" is registered on this node`);
    this.name = "MissingModuleError";
  }
}

/** What a Replays cache reads from, what it asks of this node's rooms, and its memory budget. */
export interface ReplaysOptions {
  store: Pick<GameStore, "getGame" | "loadLog">;
  /** This node's writer room of `gameId`, if any (the host's room; never a cluster copy). */
  live(gameId: string): LiveGame | undefined;
  /** The memory budget of both caches, in bytes (approximate). */
  maxBytes: number;
}

/** JSON text of `value` (the route assembles its answer from such pieces). */
const json = (value: unknown): string => JSON.stringify(value) ?? "null";

/** A viewer as a cache key: their entries differ (a player's own secret picks). */
function viewerKey(viewer: Viewer): string {
  return viewer.kind === "player" ? `player:${viewer.id}` : viewer.kind;
}

/** See the file's comment. */
export class Replays {
  private readonly records: LRUCache<string, ReplayRecord>;
  private readonly shown: LRUCache<string, string>;
  private readonly loading = new Map<string, Promise<ReplayRecord | null>>();

  constructor(private readonly o: ReplaysOptions) {
    // Steps weigh far more than the entries' text: three quarters of the budget.
    this.records = new LRUCache({ maxSize: Math.max(1, Math.floor((o.maxBytes * 3) / 4)), sizeCalculation: sizeOf });
    this.shown = new LRUCache({ maxSize: Math.max(1, Math.floor(o.maxBytes / 4)), sizeCalculation: (text) => text.length });
  }

  /**
   * Game `gameId` replayed to the end of its stored log; null when the store has no such game.
   * Concurrent calls for one game share one load. Rejects with MissingModuleError when this node has no
   * module of its game, with ReplayError when the stored log does not replay, and with the store's error.
   */
  load(gameId: string): Promise<ReplayRecord | null> {
    const known = this.records.get(gameId);
    if (known && this.current(known)) return Promise.resolve(known);
    const pending = this.loading.get(gameId);
    if (pending) return pending;
    const loading = this.read(gameId, known).finally(() => this.loading.delete(gameId));
    this.loading.set(gameId, loading);
    return loading;
  }

  /** Does this node keep a replay of `gameId` (its next replay applies no more than the entries since)? */
  has(gameId: string): boolean {
    return this.records.has(gameId);
  }

  /**
   * The entries of `record` as `viewer` may see them at its end (the module's viewEvent: a secret
   * choice shows once the game revealed it), as the JSON text of `[{seq, by, command, events, at}]`.
   */
  shownEntries(record: ReplayRecord, viewer: Viewer): string {
    const key = `${record.game.id}\n${record.entries.length}\n${viewerKey(viewer)}`;
    const cached = this.shown.get(key);
    if (cached !== undefined) return cached;
    const { module, entries, steps } = record;
    const now = steps.at(-1)!.state;
    const text = json(
      entries.map((e, i) => {
        const step = module.viewEvent({ command: e.command, events: steps[i + 1]!.events, state: steps[i + 1]!.state }, viewer, now);
        return { seq: e.seq, by: e.playerId, command: step.command, events: step.events, at: e.createdAt?.toISOString() ?? null };
      }),
    );
    this.shown.set(key, text);
    return text;
  }

  /** Is a cached record still the whole game: over for good, or this node's writer has nothing newer? */
  private current(record: ReplayRecord): boolean {
    if (record.game.status !== "running") return true;
    const live = this.o.live(record.game.id);
    return live !== undefined && !live.over && live.seq === record.entries.length;
  }

  private async read(gameId: string, known: ReplayRecord | undefined): Promise<ReplayRecord | null> {
    const game = await this.o.store.getGame(gameId);
    if (!game) return null;
    const module = findGame(game.game);
    if (!module) throw new MissingModuleError(game.game);
    // The log only grows (one writer, fenced): an earlier replay of it is a prefix of this one, so only
    // the entries stored since are read and applied.
    const held = known && known.module === module ? known : undefined;
    let entries: readonly StoredEntry[];
    let prefix: readonly ReplayedStep<StateBase, EventBase>[] | undefined;
    const newer = held ? await this.o.store.loadLog(gameId, { afterSeq: held.entries.length }) : [];
    if (held && (newer.length === 0 || newer[0]!.seq === held.entries.length + 1)) {
      entries = newer.length === 0 ? held.entries : [...held.entries, ...newer];
      prefix = held.steps;
    } else {
      entries = await this.o.store.loadLog(gameId);
    }
    const steps = replaySteps(module, { game: game.game, setup: game.setup, entries: entries.map((e) => ({ command: e.command, ...(e.draws ? { draws: e.draws } : {}) })) }, prefix);
    const record: ReplayRecord = { game, module, entries, steps };
    this.records.set(gameId, record);
    return record;
  }
}

/** Approximate bytes of a record: its steps as JSON (each about as large as the last state) and its entries. */
function sizeOf(record: ReplayRecord): number {
  const last = record.steps.at(-1)!;
  const perStep = json(last.state).length + json(last.events).length;
  return Math.max(1, record.steps.length * perStep + record.entries.length * 200);
}

/**
 * The JSON text of a replay answer, assembled from pieces already in JSON: the same text as
 * JSON.stringify of `{gameId, game, status, at, lastSeq, seed, entries, view}` in this order.
 */
export function replayText(args: { gameId: string; game: string; status: string; at: number; lastSeq: number; seed: unknown; entries: string; view: unknown }): string {
  return `{"gameId":${json(args.gameId)},"game":${json(args.game)},"status":${json(args.status)},"at":${json(args.at)},"lastSeq":${json(args.lastSeq)},"seed":${json(args.seed)},"entries":${args.entries},"view":${json(args.view)}}`;
}
