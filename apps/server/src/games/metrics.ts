import { readdir } from "node:fs/promises";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { RoomMetrics } from "./types.js";

/**
 * prom-client defaults that cost O(open handles) of synchronous work at each scrape: with 5,000 sockets,
 * process_open_fds (a readdirSync of /proc/self/fd) and the active handle and resource listings stalled
 * the event loop 20 to 40 ms per scrape, which every command arriving meanwhile waited for (measured
 * with `npm run bench:server` and a CPU profile). bang_sockets_connected counts what matters here;
 * process_open_fds is read again asynchronously.
 */
const PER_HANDLE_DEFAULTS = [
  "process_open_fds",
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
  "nodejs_active_requests",
  "nodejs_active_requests_total",
];

/** The node's Prometheus metrics (served at GET /metrics). */
export interface NodeMetrics extends RoomMetrics {
  registry: Registry;
  sockets: { inc(): void; dec(): void };
  /** One log writer transaction: its duration in seconds and its entries. */
  logFlushed(seconds: number, entries: number): void;
}

/**
 * Creates the metrics: live games (read from the host at scrape time), commands by result (their rate
 * is commands/s), command latency from receipt to stored answer, log writer transactions (duration and
 * entries), the write backlog (`pendingEntries`) and the transactions running (`flushesRunning`), both
 * read at scrape time, connected sockets, and Node's
 * defaults (event loop lag, GC, memory, CPU) but those that walk every handle of the process at each
 * scrape (see PER_HANDLE_DEFAULTS).
 */
export function createMetrics(liveGames: () => number, pendingEntries: () => number = () => 0, flushesRunning: () => number = () => 0): NodeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of PER_HANDLE_DEFAULTS) registry.removeSingleMetric(name);
  // The open file descriptors, read without blocking the event loop (Linux only, like prom-client's).
  if (process.platform === "linux") {
    new Gauge({
      name: "process_open_fds",
      help: "Number of open file descriptors.",
      registers: [registry],
      async collect() {
        try {
          // Less the descriptor of the directory being read, as prom-client counts.
          this.set((await readdir("/proc/self/fd")).length - 1);
        } catch {
          // /proc unreadable: keep the last value.
        }
      },
    });
  }
  new Gauge({ name: "bang_games_live", help: "Games running on this node", registers: [registry], collect() { this.set(liveGames()); } });
  const commands = new Counter({ name: "bang_commands_total", help: "Game commands handled, by result", labelNames: ["result"] as const, registers: [registry] });
  const finished = new Counter({ name: "bang_games_finished_total", help: "Games finished on this node", registers: [registry] });
  const latency = new Histogram({
    name: "bang_command_latency_seconds",
    help: "Time from receiving a game command to its stored answer",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const flushes = new Histogram({
    name: "bang_log_flush_seconds",
    help: "Duration of one log writer transaction (all the games' entries of a batch)",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const batch = new Histogram({
    name: "bang_log_flush_entries",
    help: "Log entries written per log writer transaction",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  new Gauge({
    name: "bang_log_pending_entries",
    help: "Log entries accepted and not yet committed: the write backlog (their commands wait for it to be acknowledged)",
    registers: [registry],
    collect() {
      this.set(pendingEntries());
    },
  });
  new Gauge({
    name: "bang_log_flushes_running",
    help: "Log writer transactions running now (at most LOG_MAX_IN_FLIGHT on PostgreSQL, 1 on PGlite)",
    registers: [registry],
    collect() {
      this.set(flushesRunning());
    },
  });
  const sockets = new Gauge({ name: "bang_sockets_connected", help: "Open WebSocket connections", registers: [registry] });
  return {
    registry,
    sockets: { inc: () => sockets.inc(), dec: () => sockets.dec() },
    logFlushed(seconds, entries) {
      flushes.observe(seconds);
      batch.observe(entries);
    },
    commandAccepted(seconds) {
      commands.inc({ result: "accepted" });
      latency.observe(seconds);
    },
    commandRefused() {
      commands.inc({ result: "refused" });
    },
    gameFinished() {
      finished.inc();
    },
  };
}
