/**
 * @bang/game-cash-n-guns: Ca$h 'n Guns, Second Edition (../shared/RULES-cash-n-guns.md part F) as the
 * game module `cash_n_guns`: 64 loot cards in 8 piles, each player's own 5 `click` and 3 `bang`, the
 * simultaneous secret bullet choice, hold-up and courage, the Godfather's privilege, sharing with the
 * New Godfather tile, and the final count. Its vocabulary and rule helpers are exported for the game's
 * own UI folders and tests.
 */
export { cashNGuns } from "./module.js";
/** The module as the default export, so `GAME_MODULES=@bang/game-cash-n-guns` loads it (registry loadGameModules). */
export { cashNGuns as default } from "./module.js";
export * from "./types.js";
export { createCashNGuns, type CngSetup, type CngSeatSetup, type CngOptions, type CngSetupResult } from "./setup.js";
export { applyCommand, runCommand, playersToAct, draftOf } from "./apply.js";
export { validateCommand, STEP_OF } from "./validate.js";
export { cngView, commandView, eventsView, historyViewer, seesSecretsOf, aimsShown, courageShown, type CngView, type CngSeatView } from "./view.js";
export { legalActions, type CngLegalActions } from "./legal.js";
export { timeoutCommand } from "./timeout.js";
export { cngChart, createCngMachine } from "./machine.js";
export { cngResult, SCORING } from "./result.js";
export { cngCommand, cngEvent, cngOptions, cngSetup, cngViewSchema } from "./schemas.js";
export { cngScenarios, cngScenarioOutput } from "./scenario/format.js";
export { cngScenarioSchema, type CngScenario, type CngScenarioStep } from "./scenario/schema.js";
export { createHeuristicBot, heuristicChoice, worthTo } from "./bots/heuristic.js";
export { createRandomBot, randomChoice } from "./bots/random.js";
export { LOOT_BOX, ROUNDS, PILE_SIZE, lootBox, dealPiles, isLootCard, faceValue, isDiamond, overBox } from "./rules/loot.js";
export { BULLET_SET, bulletsConserved, choosable, countOf, holds } from "./rules/bullets.js";
export { aimError, aimTargets, allAimed, closeHoldUp } from "./rules/hold-up.js";
export { orderable, orderError, retargetError, retargetOptions, privilegePossible, nextGodfather } from "./rules/godfather.js";
export { DEADLY_WOUNDS, discardedFaceDown, resolveCardEffects } from "./rules/effects.js";
export { eligible, eligiblePlayers, firstShare, nextShare } from "./rules/sharing.js";
export { useClip, useFirstAidKit } from "./rules/items.js";
export { PAINTING_VALUES, DIAMOND_BONUS, paintingValue, diamondCount, diamondBonusHolder, lootTotal, score, richest } from "./rules/scoring.js";
export { clockwiseFrom, living, playerOf } from "./rules/seats.js";
