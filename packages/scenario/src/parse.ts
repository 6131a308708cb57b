import type { AnyGameModule, ScenarioFile } from "@bang/game-core";
import { findGameByName, gameIds } from "@bang/games";
import type { z } from "zod";

/** A scenario file that cannot be run: bad JSON, a wrong field, an unknown game, or a setup the rules refuse. */
export class ScenarioFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScenarioFileError";
  }
}

/** `steps[2].indexes`: a zod issue path in the notation people write. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

/** One line per problem, each naming its field. */
export function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${fieldPath(i.path) || "(file)"}: ${i.message}`).join("\n");
}

/** A parsed scenario file and the game module whose format it follows. */
export interface Scenario {
  module: AnyGameModule;
  file: ScenarioFile;
}

/**
 * Parses the text of a scenario file. The game is `setup.game` (a registered game id), or for files
 * written before games were modules `setup.mode` (an earlier name of the game: its module's
 * `legacyNames`); the file
 * then follows that game's scenario format (SCENARIOS.md and its cousins). Throws ScenarioFileError
 * with a message naming the field for malformed JSON, an unknown game, a field of the wrong shape, or
 * an expectation about a player the setup does not have (checkPlayerReferences).
 */
export function parseScenario(text: string): Scenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioFileError(`not valid JSON: ${(e as Error).message}`);
  }
  const setup = (json as { setup?: { game?: unknown; mode?: unknown } } | null)?.setup;
  const name = setup?.game ?? setup?.mode;
  if (typeof name !== "string") throw new ScenarioFileError(`setup.game: name the game (one of ${gameIds().join(", ")})`);
  const module = findGameByName(name);
  if (!module) throw new ScenarioFileError(`setup.${setup?.game !== undefined ? "game" : "mode"}: unknown game ${JSON.stringify(name)} (one of ${gameIds().join(", ")})`);
  if (!module.scenario) throw new ScenarioFileError(`setup.game: the game "${module.id}" has no scenario format`);
  const parsed = module.scenario.file.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(formatIssues(parsed.error));
  const scenario = { module, file: parsed.data };
  checkPlayerReferences(scenario);
  return scenario;
}

/**
 * Checks that every player `expect` names (the game's format lists them) is a player of the setup.
 * Such an expectation can never hold, whatever the steps do, so the file is invalid (exit 2) rather
 * than failed. Steps are not checked: a command by a stranger, or aimed at one, is a refusal of the
 * rules that a file may pin with `expect.rejected`. Throws ScenarioFileError with one line per unknown
 * name, each naming its field.
 */
export function checkPlayerReferences({ module, file }: Scenario): void {
  const ids = file.setup.players.map((p) => p.id);
  const known = new Set(ids);
  const problems = module
    .scenario!.references(file)
    .filter((r) => !known.has(r.id))
    .map((r) => `${r.field}: "${r.id}" is not a player of the setup (${ids.join(", ")})`);
  if (problems.length > 0) throw new ScenarioFileError(problems.join("\n"));
}
