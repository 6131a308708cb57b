/**
 * @bang/game-dice: Bang! The Dice Game (../shared/RULES.md parts A to C), 3 to 8 players, as the game
 * module `dice`. Pure and deterministic: the reducer is `applyCommand`, the statechart
 * `createDiceMachine`, views come from `playerView`, bots from `createHeuristicBot` and
 * `createRandomBot`. Its vocabulary (faces, roles, characters) and its rule helpers are exported for the
 * game's own UI folders and for its 2-player variant (`dice_duel`), which throws the same dice.
 */
export { dice } from "./module.js";
export * from "./types.js";
export { createGame, ROLES_BY_COUNT, type GameSetup, type SeatSetup, type SetupResult } from "./setup.js";
export { applyCommand, draftOf } from "./apply.js";
export { validateCommand, playerToAct } from "./commands.js";
export { playerView, roleVisible, type PlayerView, type SeatView } from "./view.js";
export { legalActions, type LegalActions } from "./legal.js";
export { distance, shotReach, shotTargets, livingIds } from "./rules/distance.js";
export { canReroll, countFace, explodes, gatlingFires, maxRollsFor, needsChoices } from "./rules/dice.js";
export { classicWinner, threePlayerWinner, THREE_PLAYER_TARGET } from "./rules/end.js";
export { indianAttackLosses, TOTAL_ARROWS } from "./rules/arrows.js";
export { checkReroll, throwDice, type Thrown } from "./rules/throw.js";
export { createDiceMachine, diceChart } from "./machine.js";
export { gameResult, WIN_POINTS, SURVIVAL_POINTS, SCORING } from "./result.js";
export { diceCommand, diceEvent, diceOptions, diceSetup, diceView } from "./schemas.js";
export { diceScenarios, scenarioOutput, toCommand } from "./scenario/format.js";
export { scenarioSchema, ROLLING_STEPS, type Scenario, type ScenarioStep } from "./scenario/schema.js";
export { createHeuristicBot } from "./bots/heuristic/bot.js";
export { createRandomBot } from "./bots/random.js";
