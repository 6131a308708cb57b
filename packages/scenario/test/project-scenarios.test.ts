import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

/** Each game module's own rule scenarios (packages/games/<game>/scenarios), written by hand from RULES.md. */
const games = join(import.meta.dirname, "../../games");
const folders = [
  { dir: join(games, "dice/scenarios"), game: "dice", atLeast: 37 },
  { dir: join(games, "dice-duel/scenarios"), game: "dice_duel", atLeast: 22 },
  { dir: join(games, "cards/scenarios"), game: "cards", atLeast: 6 },
];

for (const { dir, game, atLeast } of folders) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  describe(`the ${game} module's scenarios (${dir.slice(games.length + 1)})`, () => {
    it("are all here", () => {
      expect(files.length).toBeGreaterThanOrEqual(atLeast);
    });
    for (const file of files) {
      const scenario = parseScenario(readFileSync(join(dir, file), "utf8"));
      it(`${(scenario.file.rules ?? []).join(" ")} ${file}: ${scenario.file.name}`, () => {
        expect(scenario.module.id).toBe(game);
        const { output, differences } = runScenario(scenario);
        expect(differences).toEqual([]);
        expect(output.game).toBe(game);
      });
    }
  });
}
