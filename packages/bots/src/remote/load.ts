import { ClientError } from "@bang/client";
import { summarizeLatencies, type LatencySummary } from "./percentile.js";
import { thinkingOptions } from "./think.js";
import { defaultPlayers, gameModuleOf, playRemoteTable, RemoteTableError, REMOTE_TABLE_DEFAULTS, type RemoteTableOptions, type RemoteTableResult } from "./table.js";

/**
 * Options of {@link runLoad}: a table's options (but its seed and message tap: `game` is required) and
 * how many tables.
 */
export interface LoadOptions extends Omit<RemoteTableOptions, "seed" | "onMessage"> {
  /**
   * Without `durationMs`: how many tables to play (required). With it: only the default of `concurrent`
   * (new tables are started until the time is up, however many that makes).
   */
  tables?: number;
  /** Tables played at once (default `tables`, else 1). */
  concurrent?: number;
  /** Keep starting tables for this long, in ms, then let the running ones finish. */
  durationMs?: number;
  /** Table i uses seed `seed + 8 i` (its seats' bots `seed + 8 i + seat`). Default 1. */
  seed?: number;
  /** Starts the `concurrent` workers this many ms apart (a ramp; default 0: all at once). */
  rampMs?: number;
  /** Called as each table ends (a progress bar, a log). */
  onTable?: (outcome: TableOutcome) => void;
}

/** How one table of a load run ended. */
export type TableOutcome =
  | { index: number; seed: number; ok: true; result: RemoteTableResult }
  | { index: number; seed: number; ok: false; code: string; message: string };

/** What a load run did. Rates are per second of `elapsedMs`. */
export interface LoadSummary {
  url: string;
  /** The game played (its module's id). */
  game: string;
  players: number;
  humans: number;
  botKind: string;
  concurrent: number;
  durationMs: number | null;
  seed: number;
  /** Mean pause of a client before each decision, in ms, and its spread (a share of it, 0 to 1). */
  thinkMs: number;
  thinkJitter: number;
  /** Tables started. */
  tables: number;
  /** Games played to their end. */
  finished: number;
  /** Tables that failed (see `errors`). */
  failed: number;
  /** Commands accepted from the driver's clients (the server's bots' not counted). */
  commands: number;
  /** Commands of finished games, the server's bots' included (their last seq). */
  gameCommands: number;
  commandsPerSecond: number;
  gamesPerSecond: number;
  /** From `send` to the later of the ack and the event, per command of the driver's clients. */
  latencyMs: LatencySummary;
  /** Failures by code, with the first message of each. */
  errors: { code: string; count: number; message: string }[];
  elapsedMs: number;
}

/** Seeds of two tables of a load run are this far apart (8 seats at most: the bots' seeds never meet). */
export const TABLE_SEED_STRIDE = 8;

function codeOf(error: unknown): string {
  if (error instanceof RemoteTableError || error instanceof ClientError) return error.code;
  return "ERROR";
}

/**
 * Plays many tables of game `game` with {@link playRemoteTable}, at most `concurrent` at once: `tables`
 * of them, or, with `durationMs`, as many as start before the time is up (the running ones then
 * finish). A failed table is counted and its error kept; the run goes on. Resolves with the totals, the
 * rates and the latency percentiles of every command of the driver's clients. Throws a RangeError,
 * before any connection, for a game the registry does not have, bad counts, durations or thinking
 * options.
 */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const { tables, durationMs, onTable, rampMs = 0, ...table } = options;
  const module = gameModuleOf("runLoad", options.game);
  if (durationMs === undefined && tables === undefined) throw new RangeError("runLoad: give tables, durationMs, or both");
  if (tables !== undefined && !(Number.isSafeInteger(tables) && tables >= 1)) throw new RangeError(`runLoad: tables must be a positive integer, got ${tables}`);
  if (durationMs !== undefined && !(durationMs > 0)) throw new RangeError(`runLoad: durationMs must be positive, got ${durationMs}`);
  const concurrent = options.concurrent ?? tables ?? 1;
  if (!(Number.isSafeInteger(concurrent) && concurrent >= 1)) throw new RangeError(`runLoad: concurrent must be a positive integer, got ${concurrent}`);
  // Checked once here: refused by every table, they would fail each one (in a loop, with durationMs).
  const thinking = thinkingOptions("runLoad", options.thinkMs, options.thinkJitter);
  const seed = options.seed ?? REMOTE_TABLE_DEFAULTS.seed;
  const players = options.players ?? defaultPlayers(module);

  const started = performance.now();
  const deadline = durationMs === undefined ? null : started + durationMs;
  const latencies: number[] = [];
  const errors = new Map<string, { count: number; message: string }>();
  let next = 0;
  let finished = 0;
  let failed = 0;
  let commands = 0;
  let gameCommands = 0;

  const more = () => (deadline === null ? next < tables! : performance.now() < deadline);
  const worker = async (_: unknown, n: number): Promise<void> => {
    if (rampMs > 0) await new Promise((r) => setTimeout(r, n * rampMs));
    while (more()) {
      const index = next++;
      const tableSeed = (seed + index * TABLE_SEED_STRIDE) | 0;
      let outcome: TableOutcome;
      try {
        const result = await playRemoteTable({ ...table, players, seed: tableSeed });
        finished++;
        commands += result.commands;
        gameCommands += result.seq;
        for (const l of result.latenciesMs) latencies.push(l);
        outcome = { index, seed: tableSeed, ok: true, result };
      } catch (error) {
        failed++;
        const code = codeOf(error);
        const message = error instanceof Error ? error.message : String(error);
        const known = errors.get(code);
        if (known) known.count++;
        else errors.set(code, { count: 1, message });
        outcome = { index, seed: tableSeed, ok: false, code, message };
      }
      onTable?.(outcome);
    }
  };
  const workers = deadline === null ? Math.min(concurrent, tables!) : concurrent;
  await Promise.all(Array.from({ length: workers }, worker));

  const elapsedMs = performance.now() - started;
  const seconds = elapsedMs / 1000;
  return {
    url: options.url,
    game: module.id,
    players,
    humans: options.humans ?? players,
    botKind: options.botKind ?? REMOTE_TABLE_DEFAULTS.botKind,
    concurrent,
    durationMs: durationMs ?? null,
    seed,
    ...thinking,
    tables: next,
    finished,
    failed,
    commands,
    gameCommands,
    commandsPerSecond: seconds > 0 ? commands / seconds : 0,
    gamesPerSecond: seconds > 0 ? finished / seconds : 0,
    latencyMs: summarizeLatencies(latencies),
    errors: [...errors].map(([code, e]) => ({ code, count: e.count, message: e.message })),
    elapsedMs,
  };
}
