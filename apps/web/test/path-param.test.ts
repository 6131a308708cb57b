import { describe, expect, it } from "vitest";
import { pathParam } from "../src/lib/path-param";

describe("a page's path segment", () => {
  it("is percent-decoded, and kept as it came when its escapes are malformed (no throw: the page answers, not a 500)", () => {
    expect(pathParam("ABCD%2D12")).toBe("ABCD-12");
    expect(pathParam("%E0%A4%A")).toBe("%E0%A4%A");
    expect(pathParam("100%")).toBe("100%");
  });
});
