/**
 * The `history` answer (every entry of a game as one viewer may see it) computed once per game, viewer
 * and seq: a page opened by many spectators at once, or a client asking again, costs one replay. A
 * socket may also ask only so often (HISTORY_BURST, then one per HISTORY_REFILL_MS): an honest page
 * asks once when it opens.
 */
import type { Viewer } from "@bang/game-core";
import type { GameHistory, HistoryEntry } from "@bang/protocol";
import type { GameHandle } from "../games/types.js";
import { TokenBucket } from "../limits/token-bucket.js";

/** History requests a socket may make at once, then one more every HISTORY_REFILL_MS. */
export const HISTORY_BURST = 4;
export const HISTORY_REFILL_MS = 2_000;

/** Per game (weakly held: it goes with its room), per viewer: the last history computed and its seq. */
const computed = new WeakMap<GameHandle, Map<string, GameHistory>>();

const viewerKey = (viewer: Viewer): string => (viewer.kind === "player" ? `player:${viewer.id}` : viewer.kind);

/**
 * Every entry of `room` so far as `viewer` may see it, oldest first: its missed events from seq 0
 * without the views (a game whose log does not replay answers no entries, as missedSince answers a
 * snapshot). Answered from memory while the game has no new entry for that viewer.
 */
export function historyOf(room: GameHandle, viewer: Viewer): GameHistory {
  const byViewer = computed.get(room) ?? new Map<string, GameHistory>();
  computed.set(room, byViewer);
  const key = viewerKey(viewer);
  const known = byViewer.get(key);
  if (known && known.seq === room.seq) return known;
  const entries: HistoryEntry[] = [];
  for (const m of room.missedSince(viewer, 0) ?? []) {
    if (m.type === "event") entries.push({ seq: m.seq, by: m.by, command: m.command, events: m.events });
  }
  const history = { gameId: room.id, game: room.module.id, seq: room.seq, entries };
  byViewer.set(key, history);
  return history;
}

/** A socket's budget of history requests: take() is false when the socket asked too often. */
export const historyBudget = (): TokenBucket => new TokenBucket(HISTORY_BURST, 1000 / HISTORY_REFILL_MS);
