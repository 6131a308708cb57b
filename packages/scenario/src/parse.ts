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
 * JSON, a field of the wrong shape, or an expectation about a player the setup does not have
 * (checkPlayerReferences).
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
    checkPlayerReferences(duel.data);
    return duel.data;
  }
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(formatIssues(parsed.error));
  checkPlayerReferences(parsed.data);
  return parsed.data;
}

/**
 * Checks that every player `expect` names is a player of the setup: the keys of `players`, `turn`, the
 * winner's `players` (SCENARIOS.md) and, in a duel, `lastDuel`'s starter and pickers (DUEL.md). Such an expectation can never hold, whatever the steps do, so
 * the file is invalid (exit 2) rather than failed. Steps are not checked: a command by a stranger, or
 * aimed at one, is a refusal of the rules (INVALID_COMMAND, INVALID_TARGET) that a file may pin with
 * `expect.rejected`. Throws ScenarioFileError with one line per unknown name, each naming its field.
 */
export function checkPlayerReferences(scenario: Scenario | DuelScenario): void {
  const ids = scenario.setup.players.map((p) => p.id);
  const known = new Set(ids);
  const problems: string[] = [];
  const need = (field: string, id: string) => {
    if (!known.has(id)) problems.push(`${field}: "${id}" is not a player of the setup (${ids.join(", ")})`);
  };
  const expect = scenario.expect;
  for (const id of Object.keys(expect.players ?? {})) need(`expect.players.${id}`, id);
  if (expect.turn !== undefined) need("expect.turn", expect.turn);
  expect.winner?.players.forEach((id, i) => need(`expect.winner.players[${i}]`, id));
  if ("lastDuel" in expect && expect.lastDuel) {
    need("expect.lastDuel.starter", expect.lastDuel.starter);
    expect.lastDuel.picks.forEach((pick, i) => need(`expect.lastDuel.picks[${i}].player`, pick.player));
  }
  if (problems.length > 0) throw new ScenarioFileError(problems.join("\n"));
}
