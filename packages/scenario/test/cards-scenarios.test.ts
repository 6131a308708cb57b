import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, type Scenario } from "../src/index.js";

/**
 * The card game's public scenarios (../shared/scenarios/cards, SCENARIOS-cards.md), run by the project's
 * generic runner, which reaches the game through the registry.
 */
const dir = join(import.meta.dirname, "../../../../shared/scenarios/cards");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

describe("the card game's shared scenarios (../shared/scenarios/cards)", () => {
  it("are all here", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });
  for (const file of files) {
    const scenario = parseScenario(readFileSync(join(dir, file), "utf8"));
    it(`${(scenario.file.rules ?? []).join(" ")} ${file}: ${scenario.file.name}`, () => {
      expect(scenario.module.id).toBe("cards");
      const { output, differences } = runScenario(scenario);
      expect(differences).toEqual([]);
      expect(output.game).toBe("cards");
    });
  }

  it("E5.1 a changed expectation is reported as a difference naming the field", () => {
    const s = parseScenario(readFileSync(join(dir, files.find((f) => f.startsWith("c01-"))!), "utf8"));
    const wrong: Scenario = { ...s, file: { ...s.file, expect: { ...s.file.expect, players: { b: { life: 3 } } } } };
    expect(runScenario(wrong).differences).toEqual(["players.b.life: expected 3, got 4"]);
  });
});
