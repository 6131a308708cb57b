/**
 * @bang/scenario: the generic rule scenario runner (../shared/SCENARIOS.md and its cousins). A file names
 * its game (`setup.game`, or an older `setup.mode`); the game's module brings the file format (its
 * `scenario`), the runner parses, plays the steps through the game's statechart with their forced
 * draws, and checks the expectations.
 */
export { parseScenario, checkPlayerReferences, ScenarioFileError, formatIssues, fieldPath, type Scenario } from "./parse.js";
export { runScenario, type ScenarioOutput, type ScenarioResult, type RejectedStep } from "./run.js";
