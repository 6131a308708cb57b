import { defineGame, seedSetup, type GameModule } from "@bang/game-core";
import { applyCommand } from "./apply.js";
import { createHeuristicBot } from "./bots/heuristic/bot.js";
import { createRandomBot } from "./bots/random.js";
import { playerToAct } from "./commands.js";
import { legalActions, type LegalActions } from "./legal.js";
import { createDiceMachine } from "./machine.js";
import { gameResult, SCORING } from "./result.js";
import { diceScenarios } from "./scenario/format.js";
import { diceCommand, diceEvent, diceOptions, diceSetup, diceView } from "./schemas.js";
import { createGame, type GameSetup } from "./setup.js";
import { DICE_REFUSALS, type Command, type GameEvent, type GameState } from "./types.js";
import { playerView, type PlayerView } from "./view.js";

/**
 * Bang! The Dice Game (../shared/RULES.md parts A to C) as a game module: 3 to 8 players, hidden roles
 * (the sheriff's public), 16 characters, five dice. Public queues and tournaments seat 4 to 8 (the
 * 3-player game of part C has other goals). Every event is public (a role shows only when its player is
 * eliminated, R5.1), so `viewEvent` shows each command and its events to everyone.
 */
export const dice: GameModule<GameState, Command, GameEvent, PlayerView, GameSetup, Record<string, never>, LegalActions> = defineGame({
  id: "dice",
  name: "Bang! The Dice Game",
  seats: { min: 3, max: 8 },
  rankedSeats: { min: 4, max: 8 },
  legacyNames: ["classic"],
  schemas: { setup: diceSetup, options: diceOptions, command: diceCommand, view: diceView, event: diceEvent },
  refusals: DICE_REFUSALS,
  serverCommands: [],
  scoring: SCORING,
  scenario: diceScenarios,
  bots: { heuristic: createHeuristicBot, random: createRandomBot },
  setupFor: ({ players, seed }) => ({ players: players.map((id) => ({ id })), ...seedSetup(seed) }),
  create: createGame,
  apply: applyCommand,
  view: playerView,
  viewEvent: ({ command, events }) => {
    const { by: _by, ...shown } = command;
    return { command: shown, events };
  },
  toAct: (state) => {
    const player = playerToAct(state);
    return player === null ? [] : [player];
  },
  onTimeout: () => null,
  result: gameResult,
  machine: createDiceMachine,
  legal: legalActions,
  summary: (state) => ({
    phase: state.phase,
    turn: state.turnNumber,
    seats: Object.fromEntries(state.players.map((p) => [p.id, { out: !p.alive, status: p.alive ? `${p.life}/${p.maxLife} life, ${p.arrows} arrows` : "eliminated" }])),
  }),
  facets: (state) => Object.fromEntries(state.players.map((p) => [p.id, { role: p.role, character: p.character }])),
});
