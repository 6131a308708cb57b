import type { Placement, QueueEntry, QueueStore } from "./store.js";
import { RECENT_WAITS_MAX, RECENT_WAITS_WINDOW_MS } from "./waits.js";

/** The single node's queue store: maps in memory (the claim is atomic because it never awaits). */
export class MemoryQueueStore implements QueueStore {
  private readonly queues = new Map<string, Map<string, QueueEntry>>();
  private readonly places = new Map<string, Placement>();
  /** Per queue, the recent waits as [startedAt, waitMs], oldest first. */
  private readonly waits = new Map<string, [number, number][]>();

  private queue(queueId: string): Map<string, QueueEntry> {
    let q = this.queues.get(queueId);
    if (!q) this.queues.set(queueId, (q = new Map()));
    return q;
  }

  async join(queueId: string, entry: QueueEntry): Promise<boolean> {
    if (this.places.has(entry.playerId)) return false;
    this.queue(queueId).set(entry.playerId, entry);
    this.places.set(entry.playerId, { state: "queued", queueId, entry });
    return true;
  }

  async leave(playerId: string): Promise<QueueEntry | null> {
    const place = this.places.get(playerId);
    if (place?.state !== "queued") return null;
    this.queue(place.queueId).delete(playerId);
    this.places.delete(playerId);
    return place.entry;
  }

  async placement(playerId: string): Promise<Placement | null> {
    return this.places.get(playerId) ?? null;
  }

  async entries(queueId: string): Promise<QueueEntry[]> {
    return [...this.queue(queueId).values()];
  }

  async claim(queueId: string, matchId: string, playerIds: readonly string[]): Promise<boolean> {
    const q = this.queue(queueId);
    if (!playerIds.every((id) => q.has(id))) return false;
    for (const id of playerIds) {
      q.delete(id);
      this.places.set(id, { state: "matched", queueId, matchId });
    }
    return true;
  }

  async requeue(queueId: string, matchId: string, entries: readonly QueueEntry[]): Promise<void> {
    for (const e of entries) {
      const place = this.places.get(e.playerId);
      if (place?.state !== "matched" || place.matchId !== matchId) continue;
      this.queue(queueId).set(e.playerId, e);
      this.places.set(e.playerId, { state: "queued", queueId, entry: e });
    }
  }

  async release(matchId: string, playerIds: readonly string[]): Promise<void> {
    for (const id of playerIds) {
      const place = this.places.get(id);
      if (place?.state === "matched" && place.matchId === matchId) this.places.delete(id);
    }
  }

  async recordWaits(queueId: string, _matchId: string, at: number, waitsMs: readonly number[]): Promise<void> {
    const kept = [...(this.waits.get(queueId) ?? []), ...waitsMs.map((w): [number, number] => [at, w])];
    this.waits.set(queueId, kept.filter(([t]) => t >= at - RECENT_WAITS_WINDOW_MS).slice(-RECENT_WAITS_MAX));
  }

  async recentWaits(queueId: string, since: number): Promise<number[]> {
    return (this.waits.get(queueId) ?? []).filter(([t]) => t >= since).map(([, w]) => w);
  }

  async close(): Promise<void> {
    this.queues.clear();
    this.places.clear();
    this.waits.clear();
  }
}
