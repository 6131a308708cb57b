/**
 * @bang/engine: the rules of Bang! The Dice Game (../shared/RULES.md), pure and deterministic.
 * The reducer is `applyCommand`; the statechart is `gameMachine`; views come from `playerView`.
 */
export * from "./types.js";
export { createGame, ROLES_BY_COUNT, type GameSetup, type SeatSetup, type SetupResult } from "./setup.js";
export { applyCommand, draftOf } from "./apply.js";
export { validateCommand, playerToAct } from "./commands.js";
export { seededSource, forcedSource, seedRng, shuffle, type RandomSource, type ForcedSource } from "./random.js";
export { playerView, roleVisible, type PlayerView, type SeatView, type Viewer } from "./view.js";
export { legalActions, type LegalActions } from "./legal.js";
export { replay, recordingSource, ReplayError, type GameLog, type LogEntry } from "./replay.js";
export { distance, shotReach, shotTargets, livingIds } from "./rules/distance.js";
export { canReroll, countFace, explodes, gatlingFires, maxRollsFor, needsChoices } from "./rules/dice.js";
export { classicWinner, threePlayerWinner, THREE_PLAYER_TARGET } from "./rules/end.js";
export { indianAttackLosses, TOTAL_ARROWS } from "./rules/arrows.js";
export { createGameMachine, gameMachine, type GameContext, type GameInput, type GameMachine } from "./machine/gameMachine.js";
export { createGameActor, restoreGameActor, type GameActor, type PersistedGame } from "./machine/actor.js";
