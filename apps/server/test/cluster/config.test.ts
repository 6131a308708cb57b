/** The cluster's configuration: REDIS_URL switches it on and needs the shared PostgreSQL. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

describe("cluster configuration", () => {
  it("defaults: a single node, leases of 5 s, heartbeats of 2 s, the bang: prefix, a random node id", () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.REDIS_URL).toBeUndefined();
    expect(a).toMatchObject({ LEASE_TTL_MS: 5000, HEARTBEAT_MS: 2000, REDIS_PREFIX: "bang:" });
    expect(a.NODE_ID).toMatch(/^node-[0-9a-f]{8}$/);
    expect(a.NODE_ID).not.toBe(b.NODE_ID);
  });

  it("REDIS_URL without DATABASE_URL is refused, naming the variable", () => {
    expect(() => loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/REDIS_URL: .*needs DATABASE_URL/);
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379", DATABASE_URL: "postgresql://x@h/db", NODE_ID: "n1", LEASE_TTL_MS: "1500" })).toMatchObject({ NODE_ID: "n1", LEASE_TTL_MS: 1500 });
  });

  it("a malformed node id or a lease too short to renew is refused", () => {
    expect(() => loadConfig({ NODE_ID: "has space" })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ LEASE_TTL_MS: "50" })).toThrow(/LEASE_TTL_MS/);
  });
});
