/**
 * The public scenarios of ../shared/scenarios/cash_n_guns, run through the project's generic scenario
 * runner (packages/scenario), which reaches the game through the registry.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseScenario, runScenario, ScenarioFileError } from "../src/index.js";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "../../../../shared/scenarios/cash_n_guns");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

describe("the public Ca$h 'n Guns scenarios (../shared/scenarios/cash_n_guns)", () => {
  it("are all here", () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });
  for (const file of files) {
    const text = readFileSync(join(dir, file), "utf8");
    const scenario = parseScenario(text);
    it(`${(scenario.file.rules ?? []).join(" ")} ${file}: ${scenario.file.name}`, () => {
      expect(scenario.module.id).toBe("cash_n_guns");
      const { differences } = runScenario(scenario);
      expect(differences).toEqual([]);
    });
  }

  it("F9.2: a changed expectation is reported as a difference naming the field", () => {
    const file = files.find((f) => f.startsWith("cng01"))!;
    const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
    json.expect.players.c.wounds = 1;
    expect(runScenario(parseScenario(JSON.stringify(json))).differences).toEqual(["players.c.wounds: expected 1, got 2"]);
  });

  it("F1.1: a file with 3 players or an unknown step is invalid, naming the field", () => {
    const base = { name: "x", setup: { game: "cash_n_guns", players: [{ id: "a" }, { id: "b" }, { id: "c" }], lootPiles: [["bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000"]] }, steps: [] };
    expect(() => parseScenario(JSON.stringify(base))).toThrow(/setup\.players/);
    const four = { ...base, setup: { ...base.setup, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] }, steps: [{ by: "a", do: "shoot" }] };
    expect(() => parseScenario(JSON.stringify(four))).toThrow(ScenarioFileError);
  });

  it("SCENARIOS-cash-n-guns: a file whose steps reach a round whose loot pile it does not give is invalid, not failed", () => {
    const file = files.find((f) => f.startsWith("cng13"))!;
    const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
    expect(runScenario(parseScenario(JSON.stringify(json))).differences).toEqual([]);
    // Its steps reach round 4: with the piles of rounds 1 to 3 only, the file is invalid.
    json.setup.lootPiles = json.setup.lootPiles.slice(0, 3);
    expect(() => runScenario(parseScenario(JSON.stringify(json)))).toThrow(/reach round 4.*rounds 1 to 3/);
    expect(() => runScenario(parseScenario(JSON.stringify(json)))).toThrow(ScenarioFileError);
  });
});
