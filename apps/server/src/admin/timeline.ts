import { applyCommand, createGame, type AnyCommand as Command, type AnyGameEvent as GameEvent, type GameSetup } from "@bang/engine";

/** One log entry with what it caused, for the inspector (admin only: events name eliminated roles). */
export interface TimelineEntry {
  seq: number;
  by: string;
  at: string | null;
  command: Command;
  events: GameEvent[];
}

/**
 * Every entry of a game's log with its events, recomputed by replaying the log with the pure reducer
 * (DESIGN invariant 1). Throws an Error naming the entry when the stored log does not replay.
 */
export function timelineOf(setup: GameSetup, entries: readonly { seq: number; playerId: string; command: Command; createdAt?: Date }[]): TimelineEntry[] {
  const created = createGame(setup);
  if (!created.ok) throw new Error(`setup: ${created.error.message}`);
  let state = created.state;
  const out: TimelineEntry[] = [];
  for (const e of entries) {
    const result = applyCommand(state, e.command);
    if (!result.ok) throw new Error(`entry ${e.seq} does not replay: ${result.error.code}`);
    state = result.state;
    out.push({ seq: e.seq, by: e.playerId, at: e.createdAt?.toISOString() ?? null, command: e.command, events: result.events });
  }
  return out;
}
