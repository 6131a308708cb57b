/**
 * @bang/game-core: what every game module shares (DESIGN "Games are modules"). The module interface
 * (`GameModule`, checked by `defineGame`), the seeded random source (rolls of faces, shuffles, random
 * picks; forceable in scenarios, recorded in the log), the log and `replay`, the statechart builder
 * (`createPhaseMachine`) and the actor wrapper, `Viewer`, refusals with stable codes, results that
 * ratings and tournaments consume, bots' interface and `playMatch`. No game's words live here.
 */
export * from "./types.js";
export { rankSides, type SeatSide } from "./ranking.js";
export { type Seed, type Seeding, type RngState, type ChaChaState, KEY_SEED, SEEDINGS, isSeed, isSeeding, seedSetup, seedRng, generatorOf, stateOf, createSeededGenerator } from "./seed.js";
export { type RandomSource, type ForcedSource, type Draw, ForcedDrawError, seededSource, forcedSource, recordingSource, shuffle, drawIndex } from "./random.js";
export { type LogEntry, type GameLog, type ReplayedStep, ReplayError, replay, replaySteps } from "./log.js";
export { type GameModule, type AnyGameModule, type SeatRange, type TableDeal, type Step, type ShownStep, type GameSummary, type StateOf, type CommandOf, type ViewOf, defineGame, plainSeatRange, seatRangeFor } from "./module.js";
export { type PhaseChart, type MachineOptions, type MachineContext, createPhaseMachine } from "./machine.js";
export { type GameActor, type PersistedGame, createGameActor, restoreGameActor } from "./actor.js";
export { createCompiledGameActor } from "./compiled.js";
export { type MatchOptions, type MatchResult, DEFAULT_MAX_COMMANDS, playMatch } from "./match.js";
export { type ScenarioFormat, type ScenarioFile, type SeatExpectations, scenarioFileSchema, stepCommand, seatReferences, checkSeats, Differences } from "./scenario.js";
export { type BotRng, createBotRng } from "./bot-rng.js";
