/**
 * @bang/game-dice-duel: the 2-player duel variant of Bang! The Dice Game (../shared/RULES.md part D) as
 * the game module `dice_duel`: hideouts of 8 cards, ammo, the five dice of the dice game (R8.2), and
 * the secret simultaneous duel (R8.9). Its vocabulary and rule helpers are exported for the game's own
 * UI folders and tests.
 */
export { diceDuel } from "./module.js";
export * from "./types.js";
/** The faces of the five dice, the dice game's (R8.2): for the game's UI folders, which name only this package. */
export { FACES } from "@bang/game-dice";
export { createDuel, STARTING_AMMO, type DuelSetup, type DuelSeatSetup, type DuelSetupResult } from "./setup.js";
export { applyDuelCommand, validateDuelCommand, duelPlayersToAct, duelDraftOf } from "./apply.js";
export { duelView, duelCommandView, pickVisible, type DuelView, type DuelSeatView, type DuelPickView } from "./view.js";
export { duelLegalActions, duelTargets, type DuelLegalActions, type DuelTargets } from "./legal.js";
export { molotovRow, rowOfShot, startsDuel, needsDuelChoices, applyChanges } from "./resolve.js";
export { duelOutcome, BLOCKS, EFFECT_CARDS } from "./picks.js";
export { fullHideout, standing, standingInRow, cardsWhere, repairableColumns, isCardRef } from "./hideout.js";
export { createDuelMachine, duelChart } from "./machine.js";
export { duelResult, SCORING } from "./result.js";
export { cardRef, duelCommand, duelEvent, duelOptions, duelSetup, duelView as duelViewSchema } from "./schemas.js";
export { duelScenarios, duelScenarioOutput, toDuelCommand } from "./scenario/format.js";
export { duelScenarioSchema, type DuelScenario, type DuelScenarioStep } from "./scenario/schema.js";
export { createHeuristicDuelBot, heuristicDuelChoice } from "./bots/heuristic.js";
export { createRandomDuelBot, randomDuelChoice } from "./bots/random.js";
export { planResolve, type Choose, type PlanChoices } from "./bots/plan.js";
