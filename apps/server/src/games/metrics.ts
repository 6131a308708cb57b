import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { RoomMetrics } from "./types.js";

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
 * entries), connected sockets, and Node's defaults (event loop lag, GC).
 */
export function createMetrics(liveGames: () => number): NodeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
