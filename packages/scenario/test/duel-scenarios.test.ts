import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioFileError, type Scenario } from "../src/index.js";

/** The duel's scenarios (packages/games/dice-duel/scenarios, its SCENARIOS.md); project-scenarios.test.ts runs them all. */
const dir = join(import.meta.dirname, "../../games/dice-duel/scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const scenarios = files.map((f) => parseScenario(readFileSync(join(dir, f), "utf8")));

describe("duel scenarios (RULES.md part D)", () => {
  it("R8.1 to R8.10: every duel rule has at least one scenario", () => {
    const covered = new Set(scenarios.flatMap((s) => s.file.rules ?? []));
    for (let i = 1; i <= 10; i++) expect(covered, `R8.${i}`).toContain(`R8.${i}`);
    expect(scenarios.every((s) => s.module.id === "dice_duel")).toBe(true);
  });

  it("R8.7 a changed expectation is reported as a difference naming the field", () => {
    const s = scenarios.find((x) => x.file.name.startsWith("Each 1 or 2 pays")) as Scenario;
    const wrong: Scenario = { ...s, file: { ...s.file, expect: { ...s.file.expect, players: { b: { cards: 6 } } } } };
    expect(runScenario(wrong).differences).toEqual(["players.b.cards: expected 6, got 5"]);
  });

  it("R8.1 a duel file with classic fields or a third player is invalid, naming the field", () => {
    const bad = (setup: object) => () => parseScenario(JSON.stringify({ name: "x", setup: { mode: "duel", ...setup }, steps: [] }));
    expect(bad({ players: [{ id: "a", life: 3 }, { id: "b" }] })).toThrow(ScenarioFileError);
    expect(bad({ players: [{ id: "a", life: 3 }, { id: "b" }] })).toThrow(/setup\.players\[0\]/);
    expect(bad({ players: [{ id: "a" }, { id: "b" }, { id: "c" }] })).toThrow(/setup\.players/);
    expect(() => parseScenario(JSON.stringify({ name: "x", setup: { mode: "duel", players: [{ id: "a" }, { id: "b" }] }, steps: [{ by: "a", do: "heal", target: "b" }] }))).toThrow(/steps\[0\]/);
  });

  it("R8.9 a lastDuel expectation naming a player the setup does not have is invalid, naming the field", () => {
    const text = readFileSync(join(dir, files.find((f) => f.startsWith("15-"))!), "utf8");
    const json = JSON.parse(text) as { expect: { lastDuel: { starter: string; picks: { player: string }[] } } };
    expect(() => parseScenario(text)).not.toThrow();
    json.expect.lastDuel.starter = "zed";
    json.expect.lastDuel.picks[1]!.player = "yves";
    expect(() => parseScenario(JSON.stringify(json))).toThrow(/expect\.lastDuel\.starter: "zed" is not a player of the setup \(a, b\)\nexpect\.lastDuel\.picks\[1\]\.player: "yves"/);
  });
});
