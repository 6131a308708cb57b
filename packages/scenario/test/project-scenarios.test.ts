import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

/** The project's own rule scenarios (packages/scenario/scenarios), written by hand from RULES.md. */
const dir = join(import.meta.dirname, "../scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

describe("the project's scenarios (packages/scenario/scenarios)", () => {
  it("are all here", () => {
    expect(files.length).toBeGreaterThanOrEqual(37);
  });
  for (const file of files) {
    const scenario = parseScenario(readFileSync(join(dir, file), "utf8"));
    it(`${scenario.rules.join(" ")} ${file}: ${scenario.name}`, () => {
      const { differences } = runScenario(scenario);
      expect(differences).toEqual([]);
    });
  }
});
