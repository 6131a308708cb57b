/** @bang/scenario: rule scenarios (../shared/SCENARIOS.md), parsed, played and checked. */
export { scenarioSchema, scenarioStep, scenarioExpect, scenarioSetup, type Scenario, type ScenarioStep, type ScenarioExpect } from "./schema.js";
export { parseScenario, ScenarioFileError, formatIssues, fieldPath } from "./parse.js";
export { runScenario, toCommand, type ScenarioOutput, type ScenarioResult } from "./run.js";
export { duelScenarioSchema, duelScenarioStep, duelScenarioExpect, duelScenarioSetup, type DuelScenario, type DuelScenarioStep, type DuelScenarioExpect } from "./duelSchema.js";
export { runDuelScenario, toDuelCommand, type DuelScenarioOutput } from "./runDuel.js";
