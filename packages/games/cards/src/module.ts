import { defineGame, seedSetup, type GameModule } from "@bang/game-core";
import { createHeuristicBot } from "./bots/heuristic.js";
import { createRandomBot } from "./bots/random.js";
import { applyCommand } from "./commands.js";
import { phaseOf, waitingFor } from "./flow.js";
import { legalActions, type LegalActions } from "./legal.js";
import { createCardsMachine } from "./machine.js";
import { gameResult, SCORING } from "./result.js";
import { cardsScenarios } from "./scenario/format.js";
import { cardsCommand, cardsEvent, cardsOptions, cardsSetup, cardsView } from "./schemas.js";
import { createGame, playerCounts, type GameSetup } from "./setup.js";
import { timeoutCommand } from "./timeout.js";
import { CARDS_REFUSALS, type Command, type GameEvent, type GameState } from "./types.js";
import { playerView, stepView, type PlayerView } from "./view.js";

/** The table options of the card game (E1.2). */
export type CardsOptions = { eightPlayers?: boolean | undefined };

/**
 * Bang! the card game (RULES-cards.md part E) as a game module: 4 to 7 players (8 with the option
 * `eightPlayers`, E1.2), hidden roles (the sheriff's public), 16 characters, the 80-card deck. Hands
 * and the draw pile are secrets kept in `view` and `viewEvent` (a hand for its owner, a random card
 * taken from a hand for the two players involved, Kit Carlson's cards for him alone).
 */
export const cards: GameModule<GameState, Command, GameEvent, PlayerView, GameSetup, CardsOptions, LegalActions> = defineGame({
  id: "cards",
  name: "Bang! the card game",
  seats: { min: 4, max: 8 },
  // DESIGN invariant 4: the views keep every hand (and the draw pile's order) secret at game over too;
  // the seed, with the log, would tell every card each player held.
  seedSecretAfterEnd: true,
  rankedSeats: { min: 4, max: 7 },
  // E1.1, E1.2: 8 seats only with the option `eightPlayers` (the same counts `create` deals for).
  seatsFor: (options: CardsOptions) => playerCounts(options),
  schemas: { setup: cardsSetup, options: cardsOptions, command: cardsCommand, view: cardsView, event: cardsEvent },
  refusals: CARDS_REFUSALS,
  serverCommands: [],
  scoring: SCORING,
  scenario: cardsScenarios,
  bots: { heuristic: createHeuristicBot, random: createRandomBot },
  setupFor: ({ players, seed, options }) => ({ players: players.map((id) => ({ id })), ...seedSetup(seed), ...(options?.eightPlayers ? { options: { eightPlayers: true } } : {}) }),
  create: createGame,
  apply: applyCommand,
  view: playerView,
  viewEvent: ({ command, events }, viewer) => stepView(command, events, viewer),
  toAct: (state) => {
    const player = waitingFor(state);
    return player === null ? [] : [player];
  },
  onTimeout: timeoutCommand,
  result: gameResult,
  machine: createCardsMachine,
  legal: legalActions,
  summary: (state) => ({
    phase: phaseOf(state),
    turn: state.turnNumber,
    seats: Object.fromEntries(state.players.map((p) => [p.id, { out: !p.alive, status: p.alive ? `${p.life}/${p.maxLife} life, ${p.hand.length} cards` : "eliminated" }])),
  }),
  facets: (state) => Object.fromEntries(state.players.map((p) => [p.id, { role: p.role, character: p.character }])),
});
