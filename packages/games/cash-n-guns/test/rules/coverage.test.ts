/** Every numbered rule of part F is named by at least one test here or one public scenario (RULES conventions). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const shared = join(import.meta.dirname, "../../../../../../shared");
const rules = readFileSync(join(shared, "RULES-cash-n-guns.md"), "utf8");
const ids = [...rules.matchAll(/^- (F\d+\.\d+) /gm)].map((m) => m[1]!);

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe("rule coverage of part F", () => {
  it("F1.1 to F11.3: every rule id is named by a test of this package or by a public scenario", () => {
    expect(ids.length).toBe(78);
    const tests = filesUnder(join(import.meta.dirname, ".."))
      .filter((f) => !f.endsWith("coverage.test.ts"))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const scenarioDir = join(shared, "scenarios/cash_n_guns");
    const pinned = new Set(readdirSync(scenarioDir).flatMap((f) => (JSON.parse(readFileSync(join(scenarioDir, f), "utf8")) as { rules: string[] }).rules));
    const named = (id: string) => pinned.has(id) || new RegExp(`${id.replace(".", "\\.")}(?![0-9])`).test(tests);
    expect(ids.filter((id) => !named(id))).toEqual([]);
  });
});
