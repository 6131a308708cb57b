/**
 * @bang/game-cards: Bang! the card game (../shared/RULES-cards.md part E), 4 to 7 players (8 as an
 * option), as the game module `cards`. Pure and deterministic: the reducer is `applyCommand`, the
 * statechart `createCardsMachine`, views come from `playerView`, bots from `createHeuristicBot` and
 * `createRandomBot`. Its vocabulary and rule helpers are exported for the game's own UI folders.
 */
export { cards, type CardsOptions } from "./module.js";
export * from "./types.js";
export { createGame, ROLES_BY_COUNT, type GameSetup, type SeatSetup, type SetupResult } from "./setup.js";
export { applyCommand, validateCommand, PHASE_COMMANDS } from "./commands.js";
export { phaseOf, waitingFor } from "./flow.js";
export { playerView, eventView, stepView, roleVisible, type PlayerView, type SeatView, type PendingView } from "./view.js";
export { legalActions, legalPlays, type LegalActions } from "./legal.js";
export { DECK, CARD_IDS, cardInfo, kindOf, isCardId, explodesDynamite, isHeart, type CardInfo } from "./rules/deck.js";
export { distance, baseDistance, reachOf, weaponOf, type TableSeat } from "./rules/table.js";
export { winnerOf } from "./rules/end.js";
export { checkPlay, type PlayIntent, type PlayTable } from "./rules/legality.js";
export { timeoutCommand } from "./timeout.js";
export { createCardsMachine, cardsChart } from "./machine.js";
export { gameResult, WIN_POINTS, SURVIVAL_POINTS, SCORING } from "./result.js";
export { cardsCommand, cardsEvent, cardsOptions, cardsSetup, cardsView } from "./schemas.js";
export { cardsScenarios, scenarioOutput, toCommand } from "./scenario/format.js";
export { scenarioSchema, type Scenario, type ScenarioStep } from "./scenario/schema.js";
export { createHeuristicBot, hostility } from "./bots/heuristic.js";
export { createRandomBot } from "./bots/random.js";
