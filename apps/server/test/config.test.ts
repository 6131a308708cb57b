/** The node's configuration: defaults, and bad values refused by name before anything starts. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

describe("configuration", () => {
  it("defaults: 10 s for the hello, a ping every 30 s, 2 s of /readyz 503 before a SIGTERM drain", () => {
    expect(loadConfig({})).toMatchObject({ HELLO_TIMEOUT_MS: 10_000, WS_PING_MS: 30_000, SHUTDOWN_DELAY_MS: 2_000 });
    expect(loadConfig({ HELLO_TIMEOUT_MS: "400", WS_PING_MS: "250", SHUTDOWN_DELAY_MS: "0" })).toMatchObject({ HELLO_TIMEOUT_MS: 400, WS_PING_MS: 250, SHUTDOWN_DELAY_MS: 0 });
  });

  it("a malformed or out-of-range value stops the node, naming the variable", () => {
    expect(() => loadConfig({ HELLO_TIMEOUT_MS: "0" })).toThrow(/HELLO_TIMEOUT_MS/);
    expect(() => loadConfig({ WS_PING_MS: "soon" })).toThrow(/WS_PING_MS/);
    expect(() => loadConfig({ WS_PING_MS: "10" })).toThrow(/WS_PING_MS/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: "-1" })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it("TRUST_PROXY: true, false, or addresses, CIDRs and range names; anything else names the variable", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8" }).TRUST_PROXY).toBe("10.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/255.0.0.0" }).TRUST_PROXY).toBe("10.0.0.0/255.0.0.0");
    // What Fastify's proxy-addr refuses (it would stop the node later, without naming the variable).
    for (const bad of ["maybe", "10.0.0.300", "10.0.0.0/33", "10.0.0.0/8/1", "::1/129", "10.0.0.1,,", "0.0.0.0/0", "::/0"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("issue 18 budgets: headers in 10 s and a request in 30 s, 300 replays a minute per client (30 of games not replayed yet), 64 MiB of replays, no metrics without a token", () => {
    expect(loadConfig({})).toMatchObject({ HTTP_HEADERS_TIMEOUT_MS: 10_000, HTTP_REQUEST_TIMEOUT_MS: 30_000, REPLAY_RATE_LIMIT: 300, REPLAY_COLD_RATE_LIMIT: 30, REPLAY_CACHE_MB: 64 });
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "scrape-me-0123456789" }).METRICS_TOKEN).toBe("scrape-me-0123456789");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ REPLAY_RATE_LIMIT: "0" })).toThrow(/REPLAY_RATE_LIMIT/);
    expect(() => loadConfig({ REPLAY_COLD_RATE_LIMIT: "-3" })).toThrow(/REPLAY_COLD_RATE_LIMIT/);
    expect(() => loadConfig({ REPLAY_CACHE_MB: "lots" })).toThrow(/REPLAY_CACHE_MB/);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "5" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    // The headers are part of the request: their timeout cannot be the longer one.
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/);
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000", HTTP_REQUEST_TIMEOUT_MS: "60000" })).toMatchObject({ HTTP_HEADERS_TIMEOUT_MS: 40_000 });
  });
});
