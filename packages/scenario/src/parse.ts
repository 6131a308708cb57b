import type { z } from "zod";
import { duelScenarioSchema, type DuelScenario } from "./duelSchema.js";
import { scenarioSchema, type Scenario } from "./schema.js";

/** A scenario file that cannot be run: bad JSON, a wrong field, or a setup the rules refuse. */
export class ScenarioFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScenarioFileError";
  }
}

/** `steps[2].dice`: a zod issue path in the notation people write. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

/** One line per problem, each naming its field. */
export function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${fieldPath(i.path) || "(file)"}: ${i.message}`).join("\n");
}

/**
 * Parses the text of a scenario file: a duel scenario when `setup.mode` is `duel` (DUEL.md), else a
 * classic one (SCENARIOS.md). Throws ScenarioFileError with a message naming the field for malformed
 * JSON or a field of the wrong shape.
 */
export function parseScenario(text: string): Scenario | DuelScenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioFileError(`not valid JSON: ${(e as Error).message}`);
  }
  const mode = (json as { setup?: { mode?: unknown } } | null)?.setup?.mode;
  if (mode === "duel") {
    const duel = duelScenarioSchema.safeParse(json);
    if (!duel.success) throw new ScenarioFileError(formatIssues(duel.error));
    return duel.data;
  }
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(formatIssues(parsed.error));
  return parsed.data;
}
