/**
 * The node's Prometheus metrics (games/metrics.ts): what a scrape reports, and that the defaults that
 * walk every handle of the process at each scrape are gone while the open-fd count stays.
 */
import { describe, expect, it } from "vitest";
import { createMetrics } from "../src/games/metrics.js";

/** The value of the first sample named `name` in a Prometheus text scrape, or undefined. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("createMetrics", () => {
  it("reports live games, the write backlog and the running flushes at scrape time, commands by result, latency, flushes and sockets", async () => {
    let live = 3;
    let backlog = 12;
    let flushing = 2;
    const metrics = createMetrics(() => live, () => backlog, () => flushing);
    metrics.commandAccepted(0.004);
    metrics.commandAccepted(0.2);
    metrics.commandRefused();
    metrics.logFlushed(0.003, 5);
    metrics.sockets.inc();
    metrics.sockets.inc();
    metrics.sockets.dec();
    let text = await metrics.registry.metrics();
    expect(sample(text, "bang_games_live")).toBe(3);
    expect(text).toContain('bang_commands_total{result="accepted"} 2');
    expect(text).toContain('bang_commands_total{result="refused"} 1');
    expect(text).toContain('bang_command_latency_seconds_bucket{le="0.005"} 1');
    expect(text).toContain('bang_command_latency_seconds_bucket{le="0.25"} 2');
    expect(text).toContain('bang_log_flush_entries_bucket{le="8"} 1');
    expect(sample(text, "bang_sockets_connected")).toBe(1);
    expect(sample(text, "bang_log_pending_entries")).toBe(12);
    expect(sample(text, "bang_log_flushes_running")).toBe(2);
    live = 7;
    backlog = 0;
    flushing = 0;
    text = await metrics.registry.metrics();
    expect(sample(text, "bang_games_live")).toBe(7);
    expect(sample(text, "bang_log_pending_entries")).toBe(0);
    expect(sample(text, "bang_log_flushes_running")).toBe(0);
  });

  it("has no per-handle defaults, and still counts open file descriptors (read asynchronously)", async () => {
    const text = await createMetrics(() => 0).registry.metrics();
    const removed = ["nodejs_active_handles", "nodejs_active_handles_total", "nodejs_active_resources", "nodejs_active_resources_total", "nodejs_active_requests", "nodejs_active_requests_total"];
    for (const name of removed) {
      expect(sample(text, name), name).toBeUndefined();
    }
    // This process has at least stdin, stdout and stderr open (on Linux, where /proc exists).
    if (process.platform === "linux") {
      expect(sample(text, "process_open_fds")).toBeGreaterThanOrEqual(3);
      expect(text.split("\n").filter((l) => l.startsWith("process_open_fds "))).toHaveLength(1);
      expect(text.split("\n").filter((l) => l.startsWith("# TYPE process_open_fds "))).toHaveLength(1);
    }
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });
});
