/**
 * @bang/engine: the rules of Bang! The Dice Game (../shared/RULES.md), pure and deterministic, in
 * classic mode (parts A to C) and duel mode (part D). The reducer is `applyCommand`; the statecharts
 * are `gameMachine` and `duelMachine` (`createGameActor` picks by the setup's mode); views come from
 * `playerView`. Both modes share the dice throws, the seeded random source, the log and `replay`.
 */
export * from "./types.js";
export { createGame, createClassicGame, ROLES_BY_COUNT, type GameSetup, type SeatSetup, type SetupResult, type AnySetupResult, type ClassicSetup, type DuelSetup } from "./setup.js";
export { applyCommand, draftOf } from "./apply.js";
export { validateCommand, playerToAct } from "./commands.js";
export { seededSource, forcedSource, shuffle, drawIndex, type RandomSource, type ForcedSource } from "./random.js";
export { createSeededGenerator, isSeed, seedRng } from "./generator.js";
export { playerView, roleVisible, type PlayerView, type AnyPlayerView, type SeatView, type Viewer } from "./view.js";
export { legalActions, type LegalActions } from "./legal.js";
export { replay, recordingSource, ReplayError, type GameLog, type LogEntry } from "./replay.js";
export { distance, shotReach, shotTargets, livingIds } from "./rules/distance.js";
export { canReroll, countFace, explodes, gatlingFires, maxRollsFor, needsChoices } from "./rules/dice.js";
export { classicWinner, threePlayerWinner, THREE_PLAYER_TARGET } from "./rules/end.js";
export { indianAttackLosses, TOTAL_ARROWS } from "./rules/arrows.js";
export { createGameMachine, gameMachine, type GameContext, type GameInput, type GameMachine } from "./machine/gameMachine.js";
export { createGameActor, restoreGameActor, machineFor, type GameActor, type DuelActor, type AnyGameActor, type PersistedGame } from "./machine/actor.js";
export { checkReroll, throwDice, type Thrown } from "./rules/throw.js";
// Duel mode (RULES.md part D).
export * from "./duel/types.js";
export { createDuel, STARTING_AMMO, type DuelSetupResult } from "./duel/setup.js";
export { applyDuelCommand, validateDuelCommand, duelPlayersToAct, duelDraftOf } from "./duel/apply.js";
export { duelView, duelCommandView, pickVisible, type DuelView, type DuelSeatView, type DuelPickView } from "./duel/view.js";
export { duelLegalActions, duelTargets, type DuelLegalActions, type DuelTargets } from "./duel/legal.js";
export { molotovRow, rowOfShot, startsDuel, needsDuelChoices, applyChanges } from "./duel/resolve.js";
export { duelOutcome, BLOCKS, EFFECT_CARDS } from "./duel/picks.js";
export { fullHideout, standing, standingInRow, cardsWhere, repairableColumns, isCardRef } from "./duel/hideout.js";
export { createDuelMachine, duelMachine, type DuelMachine, type DuelContext } from "./duel/machine.js";
