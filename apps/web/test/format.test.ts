/** Display helpers of the dashboard (apps/web/src/lib/format.ts). */
import { describe, expect, it } from "vitest";
import { formatAge, humanize, missingNodesNotice } from "../src/lib/format";

describe("missingNodesNotice", () => {
  it("is null when every node answered", () => {
    expect(missingNodesNotice([])).toBeNull();
  });

  it("names the node, or the nodes, whose games the list lacks", () => {
    expect(missingNodesNotice(["n2"])).toBe("Node n2 did not answer in time: its games are not in this list.");
    expect(missingNodesNotice(["n2", "n3"])).toBe("Nodes n2, n3 did not answer in time: their games are not in this list.");
  });
});

describe("formatAge", () => {
  it("gives seconds, minutes, then hours and minutes", () => {
    expect(formatAge(null)).toBe("?");
    expect(formatAge(42)).toBe("42 s");
    expect(formatAge(180)).toBe("3 min");
    expect(formatAge(2 * 3600 + 5 * 60 + 30)).toBe("2 h 05");
  });
});

describe("humanize", () => {
  it("writes a game's snake_case key in words", () => {
    expect(humanize("first_player")).toBe("First Player");
    expect(humanize("winner")).toBe("Winner");
    expect(humanize("a__b_")).toBe("A B");
    expect(humanize("")).toBe("");
  });
});
