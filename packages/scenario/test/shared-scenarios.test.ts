import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

const dir = join(import.meta.dirname, "../../../../shared/scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

describe("the shared scenarios (../shared/scenarios)", () => {
  it("are all here", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });
  for (const file of files) {
    const scenario = parseScenario(readFileSync(join(dir, file), "utf8"));
    it(`${(scenario.file.rules ?? []).join(" ")} ${file}: ${scenario.file.name}`, () => {
      const { differences } = runScenario(scenario);
      expect(differences).toEqual([]);
    });
  }
});
