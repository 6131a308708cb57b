import { replaySteps, type AnyGameModule, type CommandBase, type Draw, type EventBase, type LogEntry, type SetupBase } from "@bang/game-core";

/** One log entry with what it caused, for the inspector (admin only: events may name secrets). */
export interface TimelineEntry {
  seq: number;
  by: string;
  at: string | null;
  /** The command as stored, with its `by`. */
  command: CommandBase;
  events: EventBase[];
}

/** A stored entry as the timeline reads it. */
export interface TimelineSource {
  seq: number;
  playerId: string;
  command: CommandBase;
  draws?: Draw[] | null | undefined;
  createdAt?: Date | undefined;
}

/** The log entries of stored entries (game-core LogEntry: `draws` only where the draws were forced). */
export function logEntriesOf(entries: readonly TimelineSource[]): LogEntry[] {
  return entries.map((e) => ({ command: e.command, ...(e.draws ? { draws: e.draws } : {}) }));
}

/**
 * Every entry of a game's log with its events, recomputed by replaying the log with its module's pure
 * rules (`replaySteps`, DESIGN invariant 1). Throws a ReplayError naming the entry when the stored log
 * does not replay.
 */
export function timelineOf(module: Pick<AnyGameModule, "id" | "create" | "apply">, setup: SetupBase, entries: readonly TimelineSource[]): TimelineEntry[] {
  const steps = replaySteps(module, { game: module.id, setup, entries: logEntriesOf(entries) });
  return entries.map((e, i) => ({ seq: e.seq, by: e.playerId, at: e.createdAt?.toISOString() ?? null, command: e.command, events: steps[i + 1]!.events }));
}
