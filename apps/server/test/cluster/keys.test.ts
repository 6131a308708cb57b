import { describe, expect, it } from "vitest";
import { createKeys, DEFAULT_PREFIX } from "../../src/cluster/keys.js";

describe("cluster keys", () => {
  it("puts everything under the prefix, with a game's keys in one hash slot", () => {
    const keys = createKeys("run-1:");
    expect([keys.lease("g1"), keys.fence("g1"), keys.node("n1"), keys.nodes(), keys.channel("game:g1"), keys.inbox("n1"), keys.replies("b1")]).toEqual([
      "run-1:lease:{g1}",
      "run-1:fence:{g1}",
      "run-1:node:n1",
      "run-1:nodes",
      "run-1:bus:game:g1",
      "run-1:inbox:n1",
      "run-1:reply:b1",
    ]);
    expect(createKeys().lease("g")).toBe(`${DEFAULT_PREFIX}lease:{g}`);
    // Two prefixes never share a key.
    expect(createKeys("a:").lease("g")).not.toBe(createKeys("b:").lease("g"));
  });

  it("refuses a prefix SCAN could not match exactly, and empty ids", () => {
    for (const bad of ["a*", "a?", "a[b]", "a b", "x".repeat(201)]) expect(() => createKeys(bad)).toThrow(TypeError);
    const keys = createKeys("p:");
    expect(() => keys.lease("")).toThrow(TypeError);
    expect(() => keys.inbox("")).toThrow(TypeError);
  });
});
